#!/usr/bin/env python3
"""Compares RxLite's public API with RxSwift 6's (scripts/rxswift-api.txt) and prints the coverage per family.

RxLite's side is a scan of the public declarations in Sources/RxLite, Sources/RxLiteTest and Sources/RxLiteUI
(its UIKit glue included): each becomes a key `Context.name(label:label:)`, where the context is the type or
extension it is declared in, folded to the name an app sees (`ObservableType` -> `Observable`,
`PrimitiveSequenceType where Trait == SingleTrait` -> `Single`, `SharedSequenceConvertibleType` -> `SharedSequence`,
`Reactive where Base: URLSession` -> `URLSession.rx`). RxSwift's side is the checked-in list, one key per line under
a `## Family` heading, written from RxSwift 6's documentation and sources. A key on the list is covered when RxLite
declares the same key; a `Single`/`Maybe`/`Completable` key is also covered by a `PrimitiveSequence` declaration,
a `Driver`/`Signal` key by a `SharedSequence` one, and a `ControlProperty`/`ControlEvent` key by an `Observable`
one. A key followed by `# difference` is one that DifferencesFromRxSwift.md documents: it counts as covered by that
difference.

RxCocoa's other families (its controls, lists and proxies, Foundation and Common files) are counted per declaration,
not per key: their rows come from docs/GENERATED-api-declarations.md, which scripts/api-declarations.py writes from a
probe of each declaration, and so do their missing declarations.

Usage: python3 scripts/api-inventory.py                 # prints the table
       python3 scripts/api-inventory.py --missing       # also lists what is missing, per family
       python3 scripts/api-inventory.py --write         # writes docs/GENERATED-api-coverage.md (table and missing keys)
       python3 scripts/api-inventory.py --check         # fails when docs/GENERATED-api-coverage.md is not what
                                                        # --write writes
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = [ROOT / "Sources" / "RxLite", ROOT / "Sources" / "RxLiteTest", ROOT / "Sources" / "RxLiteUI"]
API_LIST = ROOT / "scripts" / "rxswift-api.txt"
REPORT = ROOT / "docs" / "GENERATED-api-coverage.md"
DECLARATIONS_REPORT = ROOT / "docs" / "GENERATED-api-declarations.md"

CONTEXT_ALIASES = {
    "ObservableType": "Observable",
    "ObservableConvertibleType": "Observable",
    "SharedSequenceConvertibleType": "SharedSequence",
    "PrimitiveSequenceType": "PrimitiveSequence",
    "InfallibleType": "Infallible",
}
TRAITS = {"SingleTrait": "Single", "MaybeTrait": "Maybe", "CompletableTrait": "Completable"}
STRATEGIES = {"DriverSharingStrategy": "Driver", "SignalSharingStrategy": "Signal"}
FALLBACK = {
    "Single": ["PrimitiveSequence"],
    "Maybe": ["PrimitiveSequence"],
    "Completable": ["PrimitiveSequence"],
    "Driver": ["SharedSequence"],
    "Signal": ["SharedSequence"],
    "PublishSubject": ["ObserverType", "Observable"],
    "BehaviorSubject": ["ObserverType", "Observable"],
    "ReplaySubject": ["ObserverType", "Observable"],
    "AsyncSubject": ["ObserverType", "Observable"],
    "ControlProperty": ["Observable"],
    "ControlEvent": ["Observable"],
}


def strip_comments_and_strings(text):
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"""(.*?)"""', '""', text, flags=re.S)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', text)


def balanced(text, start, opening, closing):
    """The index just past the bracket that closes the one at `start`."""
    depth = 0
    index = start
    while index < len(text):
        char = text[index]
        if char == opening:
            depth += 1
        elif char == closing:
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    return len(text)


def labels(parameter_list, omit_filled_in=False):
    """The argument labels of a parameter list's text (without its parentheses); with `omit_filled_in`, without the
    parameters the compiler fills in (see below)."""
    flat = parameter_list.replace("->", "  ")
    parts, depth, current = [], 0, ""
    for char in flat:
        if char in "([<":
            depth += 1
        elif char in ")]>":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current)
    result = []
    for part in parts:
        # `isolation: isolated (any Actor)? = #isolation` is filled in by the compiler: RxSwift's call sites do not
        # write it, so it is no part of the signature they port with. Nor, where RxSwift has no such parameters, are
        # `file: StaticString = #fileID, line: UInt = #line` (RxLite's subscribe records its call site): such a
        # declaration is keyed both with them and without them.
        if "#isolation" in part:
            continue
        if omit_filled_in and re.search(r"=\s*#(fileID|file|filePath|line|column|function)\b", part):
            continue
        head = part.split(":")[0].split()
        head = [word for word in head if not word.startswith("@") and word not in ("inout", "borrowing", "consuming")]
        if head:
            result.append(head[0])
    return "".join(f"{label}:" for label in result)


def context_name(declaration):
    """The context an `extension`/type header names, folded as the module docstring says."""
    match = re.match(r"\s*(?:extension|(?:public\s+)?(?:final\s+)?(?:class|struct|enum|protocol|actor))\s+([\w.]+)",
                     declaration)
    if not match:
        return None
    name = match.group(1).split(".")[-1]
    name = CONTEXT_ALIASES.get(name, name)
    # RxCocoa's extensions, `extension Reactive where Base: UISwitch`, are what an app reaches as `uiSwitch.rx`.
    base = re.search(r"\bBase\s*(?:==|:)\s*(\w+)", declaration)
    if name == "Reactive" and base:
        return f"{base.group(1)}.rx"
    for trait, folded in TRAITS.items():
        if re.search(rf"Trait\s*==\s*{trait}", declaration):
            return folded
    for strategy, folded in STRATEGIES.items():
        if re.search(rf"SharingStrategy\s*==\s*{strategy}", declaration):
            return folded
    return name


DECLARATION = re.compile(
    r"\b(?:public|open)\s+(?:(?:static|class|final|override|convenience|nonisolated|mutating|weak|"
    r"(?:internal|private|fileprivate)\(set\))\s+)*"
    r"(func|init|var|let|case|subscript|class|struct|enum|protocol|typealias|actor)\b"
)


# A requirement of a public protocol, or a case of a public enum: public without the keyword.
IMPLICIT = re.compile(r"(?:(?:static|mutating)\s+)*(func|init|var|case|subscript|associatedtype)\b")

HEADER = re.compile(
    r"((?:(?:public|open|internal|package|private|fileprivate|final|indirect|@\w+(?:\([^)]*\))?)\s+)*)"
    r"(extension|class|struct|enum|protocol|actor)\s+([\w.]+)([^{;]*)\{"
)


def scan_file(path, keys):
    text = strip_comments_and_strings(path.read_text())
    contexts = []  # (brace depth inside the context, its folded name, public protocol or enum)
    depth = 0
    index = 0
    while index < len(text):
        char = text[index]
        if char == "{":
            depth += 1
            index += 1
            continue
        if char == "}":
            if contexts and contexts[-1][0] == depth:
                contexts.pop()
            depth -= 1
            index += 1
            continue
        at_word = index == 0 or not (text[index - 1].isalnum() or text[index - 1] in "_@")
        if not at_word:
            index += 1
            continue
        header = HEADER.match(text, index)
        if header and header.group(3) not in ("func", "var", "let"):
            keyword = header.group(2)
            name = context_name(f"{keyword} {header.group(3)}{header.group(4)}")
            if keyword != "extension" and re.search(r"\b(public|open)\b", header.group(1)):
                keys.add(f"{contexts[-1][1]}.{name}" if contexts else name)
            depth += 1
            implicit = keyword in ("protocol", "enum") and re.search(r"\b(public|open)\b", header.group(1))
            contexts.append((depth, name, bool(implicit)))
            index = header.end()
            continue
        match = DECLARATION.match(text, index)
        if not match and contexts and contexts[-1][2] and contexts[-1][0] == depth:
            match = IMPLICIT.match(text, index)
            if match and match.group(1) == "case" and contexts[-1][1] in ("protocol",):
                match = None
        if match:
            kind = match.group(1)
            context = contexts[-1][1] if contexts else None
            rest = text[match.end():]
            if kind in ("func", "init", "subscript"):
                name = "init" if kind == "init" else kind
                search_from = match.end()
                if kind == "func":
                    name_match = re.match(r"\s*(`[^`]+`|[^\s(<]+)", rest)
                    name = name_match.group(1).strip("`")
                    search_from = match.end() + name_match.end()
                after = text[search_from:].lstrip()
                if after.startswith("?") or after.startswith("!"):
                    after = after[1:].lstrip()
                offset = len(text) - len(after)
                if after.startswith("<"):
                    offset = balanced(text, offset, "<", ">")
                open_paren = text.find("(", offset)
                close = balanced(text, open_paren, "(", ")")
                for omit_filled_in in (False, True):
                    key = f"{name}({labels(text[open_paren + 1:close - 1], omit_filled_in)})"
                    keys.add(f"{context}.{key}" if context else key)
                index = close
                continue
            if kind in ("var", "let", "case", "typealias", "associatedtype"):
                name_match = re.match(r"\s*`?(\w+)", rest)
                if name_match:
                    keys.add(f"{context}.{name_match.group(1)}" if context else name_match.group(1))
            index = match.end()
            continue
        index += 1


def rxlite_keys():
    keys = set()
    for source in SOURCES:
        for path in sorted(source.rglob("*.swift")):
            scan_file(path, keys)
    return keys


def rxswift_list():
    families, family = [], None
    for raw in API_LIST.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if line.startswith("## "):
            family = (line[3:].strip(), [])
            families.append(family)
            continue
        key, _, note = line.partition("#")
        family[1].append((key.strip(), note.strip()))
    return families


def covered(key, keys):
    if key in keys:
        return True
    context, _, member = key.partition(".")
    return any(f"{fallback}.{member}" in keys for fallback in FALLBACK.get(context, []))


def declaration_families():
    """RxCocoa's families counted per declaration, as docs/GENERATED-api-declarations.md's table has them: (family,
    covered, declarations), and each family's missing declarations, under their RxCocoa file."""
    text = DECLARATIONS_REPORT.read_text()
    rows = [(m.group(1), int(m.group(3)), int(m.group(2)))
            for m in re.finditer(r"(?m)^\| (RxCocoa: (?!traits)[^|]+?) \| (\d+) \| (\d+) \|", text)]
    return rows


def report(show_missing):
    keys = rxlite_keys()
    rows, missing, total, total_covered = [], [], 0, 0
    for family, entries in rxswift_list():
        found = [key for key, note in entries if note.startswith("difference") or covered(key, keys)]
        lacking = [key for key, note in entries if not (note.startswith("difference") or covered(key, keys))]
        total += len(entries)
        total_covered += len(found)
        percent = 100 * len(found) / len(entries) if entries else 100
        rows.append(f"| {family} | {len(found)} / {len(entries)} | {percent:.0f}% |")
        if lacking:
            missing.append((family, lacking))
    per_declaration = declaration_families()
    for family, found, declarations in per_declaration:
        total += declarations
        total_covered += found
        percent = 100 * found / declarations if declarations else 100
        rows.append(f"| {family} (declarations) | {found} / {declarations} | {percent:.0f}% |")
    lines = [
        "| Family | Covered | |",
        "|---|---|---|",
        *rows,
        f"| **All** | **{total_covered} / {total}** | **{100 * total_covered / total:.0f}%** |",
    ]
    if show_missing:
        lines.append("")
        lines.append("## Missing")
        for family, lacking in missing:
            lines.append("")
            lines.append(f"### {family}")
            lines.extend(f"- `{key}`" for key in lacking)
        lacking_declarations = [(family, declarations - found) for family, found, declarations in per_declaration
                                if found < declarations]
        if lacking_declarations:
            lines.append("")
            lines.append("### RxCocoa, per declaration")
            lines.extend(f"- {family}: {count} declarations, listed under their RxCocoa file in "
                         f"docs/GENERATED-api-declarations.md" for family, count in lacking_declarations)
    return "\n".join(lines) + "\n"


REPORT_HEADER = (
    "# RxSwift 6 API coverage\n\n"
    "Generated by `scripts/api-inventory.py --write` from `scripts/rxswift-api.txt` (RxSwift 6's public API,\n"
    "written from its documentation and sources) and a scan of the public declarations of RxLite, RxLiteTest\n"
    "and RxLiteUI. Keys marked as documented differences (see DifferencesFromRxSwift.md) count as covered. Do\n"
    "not edit: run the script. A key is a name with its labels, not a signature: RxSwift, RxRelay, RxTest,\n"
    "RxBlocking and RxCocoa's traits are counted declaration by declaration (receiver, constraints, parameter\n"
    "and result types) in `docs/GENERATED-api-declarations.md`, by `scripts/api-declarations.py`. RxCocoa's controls,\n"
    "lists and proxies, Foundation and Common families are counted there only, per declaration, and their rows\n"
    "(\"declarations\") come from it.\n\n"
)


def main(argv):
    if "--write" in argv or "--check" in argv:
        text = REPORT_HEADER + report(show_missing=True)
        if "--check" in argv:
            if not REPORT.exists() or REPORT.read_text() != text:
                print(f"api-inventory: {REPORT.relative_to(ROOT)} is not what the code and "
                      f"{DECLARATIONS_REPORT.relative_to(ROOT)} give: run python3 scripts/api-inventory.py --write",
                      file=sys.stderr)
                return 1
            print(f"api-inventory: {REPORT.relative_to(ROOT)} is up to date")
            return 0
        REPORT.parent.mkdir(parents=True, exist_ok=True)
        REPORT.write_text(text)
        print(f"wrote {REPORT.relative_to(ROOT)}")
        return 0
    if "--keys" in argv:
        print("\n".join(sorted(rxlite_keys())))
        return 0
    print(report(show_missing="--missing" in argv), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
