#!/usr/bin/env python3
"""Lists public declarations without a doc comment, from symbol graphs; exits 1 if there are any.

Usage: scripts/docs-coverage.py DIR...   (directories of *.symbols.json, as scripts/docs writes them)

docc does not warn about undocumented symbols, so this is the check behind "every public declaration has a doc
comment" (CONVENTIONS.md). Skipped: members the compiler synthesizes onto a type from a protocol extension (their
doc comment is the extension's, which is checked where it is written) and extension blocks (`extension X` itself
takes no doc comment). A protocol witness without its own comment counts as documented when the symbol graph
carries the requirement's comment for it (the compiler does that within a module, and docc shows it).
"""

import json
import pathlib
import sys


def undocumented(graph_dir: pathlib.Path):
    for path in sorted(graph_dir.glob("*.symbols.json")):
        graph = json.loads(path.read_text())
        for symbol in graph["symbols"]:
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            lines = symbol.get("docComment", {}).get("lines", [])
            if any(line["text"].strip() for line in lines):
                continue
            location = symbol.get("location", {})
            uri = location.get("uri", "?").removeprefix("file://")
            line = location.get("position", {}).get("line", -1) + 1
            yield f"{uri}:{line}", symbol["kind"]["displayName"], ".".join(symbol["pathComponents"])


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    missing = [entry for arg in sys.argv[1:] for entry in undocumented(pathlib.Path(arg))]
    for where, kind, name in missing:
        print(f"{where}: public {kind} {name} has no doc comment", file=sys.stderr)
    if missing:
        print(f"docs-coverage: {len(missing)} public declarations without a doc comment", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
