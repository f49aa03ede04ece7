#!/usr/bin/env python3
"""Writes scripts/availability/GENERATED-stdlib.txt: the standard library's declarations that need a newer OS than
RxLite's floor (iOS 15 / macOS 12 / tvOS 15 / watchOS 8), read from the @available annotations of the toolchain's
.swiftinterface files, which carry the Apple availability even on Linux.

Each output line is `pattern <TAB> iOS version <TAB> module <TAB> declaration`; scripts/check-availability greps the
sources for `pattern` (a Python regular expression). Only names a grep can pin down are listed: a name is left out
when a declaration of the same name and first argument label is available at the floor (`split(separator:)` has old
and new overloads; a grep cannot tell them apart), and underscored or unavailable declarations are skipped.

Usage: scripts/availability/generate-stdlib-list.py [TOOLCHAIN_LIB_DIR]   (default /opt/swift/usr/lib/swift/linux)
Re-run after a toolchain update and commit the result.
"""
import os
import re
import sys

FLOOR_IOS = (15, 99)  # anything introduced in iOS 15.x is fine; 16.0 and later is not
MODULES = ["Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation", "Synchronization", "Distributed"]

lib = sys.argv[1] if len(sys.argv) > 1 else "/opt/swift/usr/lib/swift/linux"
out_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "GENERATED-stdlib.txt")

ios_re = re.compile(r"\biOS (\d+)(?:\.(\d+))?")
decl_re = re.compile(
    r"^(?:(?:@\S+(?:\([^)]*\))?|public|open|final|static|class|mutating|nonmutating|override|convenience|"
    r"required|indirect|nonisolated|consuming|borrowing|__consuming|dynamic|optional|prefix|postfix|infix)\s+)*"
    r"(func|var|let|init|subscript|struct|class|enum|protocol|actor|typealias|associatedtype|case|macro)\b(.*)$")


def ios_version(attribute):
    if "unavailable" in attribute or "iOS" not in attribute:
        return None
    match = ios_re.search(attribute)
    return (int(match.group(1)), int(match.group(2) or 0)) if match else None


def first_label(rest):
    """The first argument label of `name(...)` in `rest` ('_' when unlabeled, '' when there are no arguments)."""
    paren = rest.find("(")
    if paren < 0:
        return ""
    inside = rest[paren + 1:]
    if inside.startswith(")"):
        return ""
    token = re.match(r"\s*([A-Za-z_`][\w`]*)(\s+[A-Za-z_`][\w`]*)?\s*:", inside)
    if not token:
        return "_"
    return token.group(1).strip("`")


entries = {}  # (kind, name, label) -> list of (version or None, module, text)
for module in MODULES:
    path = os.path.join(lib, f"{module}.swiftmodule", "x86_64-unknown-linux-gnu.swiftinterface")
    if not os.path.exists(path):
        continue
    pending = []  # attributes seen before the next declaration
    # One entry per open brace: (depth before it, availability of the scope, whether declarations inside it are API:
    # a type, protocol or extension body; not a function, accessor or closure body; "type" or "extension").
    scopes = []
    depth = 0
    for raw in open(path, encoding="utf-8"):
        line = raw.strip()
        if not line or line.startswith("//") or line.startswith("#"):
            continue
        match = decl_re.match(line)
        if line.startswith("@") and not match:
            pending.append(line)
            continue
        extension = re.match(r"^(?:(?:public|@\S+)\s+)*extension\b", line)
        own = None
        for attribute in pending + [line]:
            for available in re.findall(r"@available\([^)]*\)", attribute):
                if "unavailable" in available or "deprecated" in available or "obsoleted" in available:
                    own = "skip"
                elif own != "skip":
                    own = ios_version(available) or own
            if "@_spi" in attribute:
                own = "skip"
        pending = []
        inherited = next((v for _, v, _, _ in reversed(scopes) if v), None)
        effective = own if own is not None else inherited
        in_api_scope = not scopes or scopes[-1][2]
        container = False
        if match and in_api_scope:
            kind, rest = match.group(1), match.group(2).strip()
            container = kind in ("struct", "class", "enum", "protocol", "actor")
            name_match = re.match(r"([A-Za-z_`][\w`]*)", rest) if kind not in ("init", "subscript") else None
            name = name_match.group(1).strip("`") if name_match else kind
            label = first_label(rest) if kind in ("func", "init", "subscript", "case", "macro") else ""
            # A member that only inherits the availability of the type declaring it is reachable only through that
            # type, which is listed itself; a member of an extension (or a requirement) with its own is listed.
            reachable_alone = own is not None or not scopes or scopes[-1][3] == "extension"
            # A nested type (`Regex.Match`, `Regex.Output`'s `Element`) is written through its parent, which is listed;
            # its bare name would match unrelated code.
            if scopes and kind in ("struct", "class", "enum", "protocol", "actor", "typealias"):
                reachable_alone = False
            if not name.startswith("_") and effective != "skip" and (reachable_alone or effective is None):
                entries.setdefault((kind, name, label), []).append((effective, module, line[:160]))
        container_kind = "type"
        if extension:
            container = True
            container_kind = "extension"
        for char in line:
            if char == "{":
                opening_declaration = (match or extension) and not any(s[0] == depth for s in scopes)
                scopes.append(
                    (depth, effective if opening_declaration else None, container and opening_declaration, container_kind))
                depth += 1
            elif char == "}":
                depth -= 1
                while scopes and scopes[-1][0] >= depth:
                    scopes.pop()

# Names that Foundation or Dispatch also declare at the floor (`DispatchTime.now()`, `DispatchTimeInterval.seconds`,
# `Date.now`, ...) or that are too common to grep (`prefix()`, `measure(_:)`, `kind`): listed here, a grep would flag
# code that is fine. The newer API stays caught through the type it belongs to (`Duration`, `Clock`, ...).
AMBIGUOUS = {
    "now", "seconds", "milliseconds", "microseconds", "nanoseconds", "kind", "prefix", "suffix", "previous",
    "measure", "components", "output", "ranges", "Kind", "Ranges", "Words", "Instant", "func", "continuous",
    "suspending", "reset",
}

lines = []
for (kind, name, label), declarations in entries.items():
    if name in AMBIGUOUS:
        continue
    versions = [v for v, _, _ in declarations]
    if any(v is None or v == "skip" or v <= FLOOR_IOS for v in versions):
        continue  # some declaration of this name and label is usable at the floor
    if kind == "init":
        continue  # `init(label:)` alone cannot be told from any other type's initializer
    version = min(versions)
    module, text = declarations[0][1], declarations[0][2]
    text = re.sub(r"^(?:@\w+(?:\([^)]*\))?\s+|(?:public|open|final|static|mutating|nonisolated)\s+)*", "", text)
    text = text.rstrip(" {")
    escaped = re.escape(name)
    if kind in ("func", "macro", "subscript"):
        pattern = rf"\b{escaped}\(" + ("" if label in ("_", "") else rf"\s*{re.escape(label)}:")
        if label == "":
            pattern = rf"\b{escaped}\(\s*\)"
    elif kind in ("var", "let", "case"):
        pattern = rf"\.{escaped}\b"
    elif kind == "associatedtype":
        pattern = rf"\.{escaped}\b"
    else:  # a type
        pattern = rf"\b{escaped}\b"
    lines.append(f"{pattern}\tiOS {version[0]}.{version[1]}\t{module}\t{text}")

lines.sort(key=lambda line: (line.split("\t")[2], line.split("\t")[0]))
with open(out_path, "w", encoding="utf-8") as out:
    out.write("# Generated by scripts/availability/generate-stdlib-list.py from the @available annotations of the\n")
    out.write("# toolchain's .swiftinterface files; do not edit. pattern<TAB>introduced<TAB>module<TAB>declaration\n")
    for line in lines:
        out.write(line + "\n")
print(f"wrote {len(lines)} entries to {out_path}")
