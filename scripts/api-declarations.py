#!/usr/bin/env python3
"""Counts RxSwift 6's public API declaration by declaration against RxLite, by compiling a call to each one.

The declarations come from RxSwift's own sources (../shared/rxswift-bench/RxSwift/Sources, or --rxswift PATH):
RxSwift, RxRelay, RxTest, RxBlocking and RxCocoa's traits (Driver, Signal, SharedSequence, ControlProperty,
ControlEvent, binding). Each public declaration (function, initializer, property, subscript, enum case, type,
protocol, type alias) gets a probe: Swift code that uses it exactly as declared, written inside an extension of the
declaration's own receiver with the receiver's own constraints, so `extension ObservableType where Element:
Equatable` is probed there and an overload that exists only on another receiver, or only with other parameter types,
shows as missing. A function is called with every argument given, each a value of the declared parameter type, and
its result is assigned to the declared result type; a parameter with a default value is also left out once. A
property is read (and written, when it has a setter) with its declared type.

The probes are type-checked twice, in Swift 5 language mode (where RxSwift apps are; RxLite's Sendable-checked
overloads only warn there): against RxSwift itself, built from the same sources, where every probe must compile
(one that does not is this script's limit, reported and not counted), and against RxLite's modules of the same
names. A declaration is covered when its probe compiles against RxLite; one that DifferencesFromRxSwift.md
documents is listed under scripts/api-declarations-differences.txt with the reason and counts as covered by that
difference.

Usage: python3 scripts/api-declarations.py             # builds what it needs, prints the table per family
       python3 scripts/api-declarations.py --missing   # also lists each missing declaration
       python3 scripts/api-declarations.py --write     # also writes docs/api-declarations.md
Operators (`==`, `<->`) are not probed: they are listed as such.
"""
import argparse
import collections
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_RXSWIFT = ROOT.parent / "shared" / "rxswift-bench" / "RxSwift"
DIFFERENCES = ROOT / "scripts" / "api-declarations-differences.txt"
REPORT = ROOT / "docs" / "api-declarations.md"
WORK = pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / "rxlite-api-declarations"

# The RxCocoa files that are its traits and bindings (no UIKit, no Objective-C runtime).
RXCOCOA_TRAIT_FILES = {
    "BehaviorRelay+Driver.swift", "ControlEvent+Driver.swift", "ControlEvent+Signal.swift", "ControlEvent.swift",
    "ControlProperty+Driver.swift", "ControlProperty.swift", "Driver+Subscription.swift", "Driver.swift",
    "Infallible+Bind.swift", "Infallible+Driver.swift", "Observable+Bind.swift",
    "ObservableConvertibleType+Driver.swift", "ObservableConvertibleType+SharedSequence.swift",
    "ObservableConvertibleType+Signal.swift", "PublishRelay+Signal.swift", "SchedulerType+SharedSequence.swift",
    "SharedSequence+Concurrency.swift", "SharedSequence+Operators+arity.swift", "SharedSequence+Operators.swift",
    "SharedSequence.swift", "Signal+Subscription.swift", "Signal.swift",
}
MODULES = ["RxSwift", "RxRelay", "RxTest", "RxBlocking", "RxCocoa"]

# `#if` conditions as they hold for an app build on Apple platforms, less what needs the Objective-C runtime.
FLAGS = {"DEBUG": True, "TRACE_RESOURCES": False}


def evaluate_condition(condition):
    expression = condition
    expression = re.sub(r"os\((\w+)\)", lambda m: str(m.group(1) in ("iOS",)), expression)
    expression = re.sub(r"canImport\(([\w.]+)\)",
                        lambda m: str(m.group(1) in ("Foundation", "_Concurrency", "Dispatch", "XCTest")),
                        expression)
    expression = re.sub(r"(swift|compiler)\([<>=]+\s*[\d.]+\)", "True", expression)
    expression = re.sub(r"targetEnvironment\(\w+\)", "False", expression)
    expression = re.sub(r"arch\(\w+\)", "True", expression)
    expression = re.sub(r"\b(?!True\b|False\b)([A-Za-z_]\w*)\b", lambda m: str(FLAGS.get(m.group(1), False)),
                        expression)
    expression = expression.replace("&&", " and ").replace("||", " or ").replace("!", " not ")
    return bool(eval(expression))  # noqa: S307 - the expression holds only True/False and operators by now


def strip_comments_and_strings(text):
    out = []
    i = 0
    n = len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    if text[i] == "\n":
                        out.append("\n")
                    i += 1
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 3
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def resolve_conditionals(text):
    """Drops the branches of `#if` blocks that do not hold."""
    out = []
    stack = []  # (this branch active, some branch taken)
    for line in text.split("\n"):
        stripped = line.strip()
        active = all(frame[0] for frame in stack)
        if stripped.startswith("#if "):
            holds = evaluate_condition(stripped[4:])
            stack.append([active and holds, holds])
            out.append("")
        elif stripped.startswith("#elseif "):
            holds = evaluate_condition(stripped[8:])
            frame = stack[-1]
            parent = all(f[0] for f in stack[:-1])
            frame[0] = parent and holds and not frame[1]
            frame[1] = frame[1] or holds
            out.append("")
        elif stripped.startswith("#else"):
            frame = stack[-1]
            parent = all(f[0] for f in stack[:-1])
            frame[0] = parent and not frame[1]
            frame[1] = True
            out.append("")
        elif stripped.startswith("#endif"):
            stack.pop()
            out.append("")
        else:
            out.append(line if active else "")
    return "\n".join(out)


def matching(text, start):
    """The index just past the bracket that closes the one at `start` (`{`, `(`, `<` or `[`)."""
    pairs = {"{": "}", "(": ")", "[": "]", "<": ">"}
    opening = text[start]
    closing = pairs[opening]
    depth = 0
    i = start
    while i < len(text):
        c = text[i]
        if opening == "<" and c == "-" and text.startswith("->", i):
            i += 2
            continue
        if c == opening:
            depth += 1
        elif c == closing:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("unbalanced")


Decl = collections.namedtuple("Decl", "module file family receiver kind name header deprecated generic_receiver")

MODIFIERS = r"(?:(?:public|open|internal|private|fileprivate|package|final|static|class|override|convenience|" \
            r"required|mutating|nonmutating|nonisolated|dynamic|lazy|weak|unowned|indirect|optional|" \
            r"@\w+(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?)\s+)*"
DECL_START = re.compile(r"(?m)^[ \t]*(" + MODIFIERS + r")(func|init[?!]?|var|let|subscript|case|typealias|"
                        r"extension|class|struct|enum|protocol|actor|associatedtype)\b")


def is_public(modifiers, inherited_public):
    if re.search(r"\b(private|fileprivate|internal|package)\b", modifiers):
        return False
    if re.search(r"\b(public|open)\b", modifiers):
        return True
    return inherited_public


def family_of(module, file):
    if module == "RxCocoa":
        return "RxCocoa traits"
    return module


def scan(text, start, end, receiver, inherited_public, module, file, out, in_protocol=False, type_context=None):
    """Collects the declarations between `start` and `end` (a type's or extension's body, or a whole file)."""
    i = start
    while True:
        match = DECL_START.search(text, i, end)
        if not match:
            return
        modifiers, keyword = match.group(1), match.group(2)
        # Skip anything nested inside a member body that the regex reached (bodies are skipped below).
        header_start = match.start(2)
        deprecated = bool(re.search(r"@available\([^)]*deprecated", modifiers)) or "@available(*, deprecated" in \
            modifiers
        unavailable = bool(re.search(r"@available\([^)]*unavailable", modifiers))
        public = (in_protocol and inherited_public) or is_public(modifiers, inherited_public)
        if keyword in ("extension", "class", "struct", "enum", "protocol", "actor"):
            brace = text.find("{", header_start)
            header = " ".join(text[header_start:brace].split())
            body_end = matching(text, brace)
            if keyword == "class" and re.match(r"class\s+(func|var|let|subscript|override|final|static)\b", header):
                # `class func` & co.: a member, handled below as a function.
                pass
            else:
                head = re.match(r"(extension|class|struct|enum|protocol|actor)\s+([\w.]+)(\s*<[^{]*?>)?"
                                r"\s*(?::\s*([^{]*?))?\s*(where\s+[^{]*)?$", header)
                if head is None:
                    i = body_end
                    continue
                kind, name, generics, inheritance, where = head.groups()
                if keyword == "extension":
                    type_public = inherited_public or True
                    member_default = bool(re.search(r"\b(public|open)\b", modifiers))
                    context = {"name": name, "where": (where or "").strip(), "generics": "", "kind": "extension"}
                    scan(text, brace + 1, body_end - 1, context, member_default, module, file, out,
                         type_context=context)
                else:
                    if type_context is not None and type_context.get("name"):
                        name = f"{type_context['name']}.{name}"
                    if public and not unavailable:
                        out.append(Decl(module, file, family_of(module, file), name, "type", name,
                                        " ".join(f"{keyword} {name}{generics or ''}".split()), deprecated,
                                        generics or ""))
                    context = {"name": name, "where": (where or "").strip(), "generics": generics or "",
                               "kind": keyword}
                    if public:
                        scan(text, brace + 1, body_end - 1, context, keyword == "protocol", module, file, out,
                             in_protocol=keyword == "protocol", type_context=context)
                i = body_end
                continue
        # A member: its header runs to the body's `{`, or to the end of its line(s) when it has none.
        j = header_start
        depth = 0
        while j < end:
            c = text[j]
            if c in "(<[":
                if c == "<" and not re.match(r"[\w\s,:.&?]*>", text[j + 1:j + 200]) and keyword not in ("func",
                                                                                                      "init",
                                                                                                      "subscript",
                                                                                                      "typealias"):
                    j += 1
                    continue
                j = matching(text, j)
                continue
            runs_to_body = keyword in ("func", "init", "init?", "init!", "subscript") and not in_protocol
            if c == "{" or (c == "\n" and not runs_to_body
                            and not re.match(r"\s*(->|throws|rethrows|async|where|[(,:=&|]|\.)", text[j + 1:j + 40])
                            and not re.search(r"(->|[,:=&|(])\s*$", text[header_start:j])):
                break
            j += 1
        header = " ".join(text[header_start:j].split())
        if j < end and text[j] == "{":
            body_end = matching(text, j)
        else:
            body_end = j
        if public and not unavailable and receiver is not None and keyword != "associatedtype":
            name_match = re.match(r"(?:func|var|let|subscript|case|typealias|init[?!]?)\s*([^\s(<:=]*)", header)
            name = name_match.group(1) if name_match else ""
            if keyword.startswith("init"):
                name = "init"
            if keyword == "subscript":
                name = "subscript"
            if keyword == "case":
                if receiver.get("kind") != "enum" or not re.match(r"case\s+\w", header):
                    i = max(body_end, match.end())
                    continue
                for case in split_top_level(header[len("case"):], ","):
                    case = case.strip()
                    case_name = re.match(r"(\w+)", case).group(1)
                    out.append(Decl(module, file, family_of(module, file), receiver, "case", case_name,
                                    "case " + case, deprecated, ""))
            elif keyword in ("var", "let") and "static" not in modifiers and receiver.get("kind") == "extension" \
                    and False:
                pass
            else:
                kind = keyword if not keyword.startswith("init") else "init"
                if "static" in modifiers or re.search(r"\bclass\b", modifiers):
                    kind = "static " + kind
                out.append(Decl(module, file, family_of(module, file), receiver, kind, name, header, deprecated, ""))
        i = max(body_end, match.end())


def split_top_level(text, separator):
    parts, depth, current = [], 0, ""
    for position, c in enumerate(text):
        if c in "(<[":
            depth += 1
        elif c in ")]" or (c == ">" and text[position - 1:position] != "-"):
            depth -= 1
        if c == separator and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += c
    parts.append(current)
    return parts


def sources(rxswift):
    """(module, file name, text with comments, strings and inactive `#if` branches removed) for each file read."""
    for module in MODULES:
        for path in sorted((rxswift / "Sources" / module).glob("*.swift")):
            if module == "RxCocoa" and path.name not in RXCOCOA_TRAIT_FILES:
                continue
            yield module, path.name, resolve_conditionals(strip_comments_and_strings(path.read_text()))


def collect(rxswift):
    decls = []
    files = list(sources(rxswift))
    for module, name, text in files:
        scan(text, 0, len(text), None, False, module, name, decls)
    # Declarations outside any type or extension: the free functions and type aliases (types are found by scan).
    for module, name, text in files:
        for match in re.finditer(r"(?m)^(" + MODIFIERS + r")(func|typealias)\s+([^\s(<=]+)", text):
            if not re.search(r"\b(public|open)\b", match.group(1)):
                continue
            j = match.start(2)
            k = text.find("{", j) if match.group(2) == "func" else text.find("\n", j)
            header = " ".join(text[j:k].split())
            receiver = {"name": "", "where": "", "generics": "", "kind": "global"}
            decls.append(Decl(module, name, family_of(module, name), receiver, "global " + match.group(2),
                              match.group(3), header, "deprecated" in match.group(1), ""))
    return decls


PARAM = re.compile(r"^\s*(?:(\w+)\s+)?(\w+)\s*:\s*(.*)$", re.S)


def parse_params(text):
    """(label, type, has default) for each parameter of a parenthesized list's contents."""
    params = []
    for part in split_top_level(text, ","):
        if not part.strip():
            continue
        default = None
        pieces = split_top_level(part, "=")
        if len(pieces) > 1:
            part, default = pieces[0], "=".join(pieces[1:])
        match = PARAM.match(part)
        if not match:
            return None
        first, second, type_ = match.groups()
        label = first if first is not None else second
        params.append((label, type_.strip(), default is not None))
    return params


def probe_type(type_):
    """A parameter type for the probe function: `type_` without what only a declaration's own parameter may say."""
    type_ = type_.strip()
    type_ = re.sub(r"\b__owned\s+|\b__shared\s+|\bsending\s+", "", type_)
    if type_.startswith("@autoclosure"):
        type_ = re.sub(r"^@autoclosure\s*(@escaping\s*)?\(\)\s*(throws\s*)?->\s*", "", type_)
    if type_.endswith("..."):
        type_ = type_[:-3]
    return type_


class Opaque:
    """Turns each `some P` into a fresh generic parameter of the probe (allowed in every position that way)."""

    def __init__(self):
        self.parameters = []

    def __call__(self, type_):
        def replace(match):
            name = f"__Opaque{len(self.parameters)}"
            self.parameters.append(f"{name}: {match.group(1)}")
            return name
        return re.sub(r"\bsome\s+([A-Za-z_][\w.]*)", replace, type_)


def merge_generics(generics, extra):
    if not extra:
        return generics or ""
    inner = generics[1:-1] + ", " if generics else ""
    return "<" + inner + ", ".join(extra) + ">"


def probe_parts(decl):
    """(generic clause, probe parameters, where clause, body lines) for `decl`; None when it cannot be written;
    "operator" for an operator."""
    header = decl.header
    kind = decl.kind
    receiver_expression = "Self" if kind.startswith("static") else "self"
    opaque = Opaque()
    if kind in ("func", "static func", "init", "static init", "subscript", "global func"):
        if kind == "subscript":
            m = re.match(r"subscript\s*(<[^(]*>)?\s*\((.*)\)\s*->\s*(.*?)(\s+where\s+.*)?$", header)
            if not m:
                return None
            generics, params_text, result, where = m.groups()
            name = ""
        elif kind in ("init", "static init"):
            m = re.match(r"init[?!]?\s*(<[^(]*>)?\s*\((.*)\)\s*(async\s+)?(throws|rethrows)?\s*(where\s+.*)?$",
                         header)
            if not m:
                return None
            generics, params_text, _, _, where = m.groups()
            result = None
            name = "init"
        else:
            m = re.match(r"func\s+([^\s(<]+)\s*(<.*?>)?\s*\((.*)\)\s*(async\s+)?(throws(?:\(\w+\))?|rethrows)?\s*"
                         r"(?:->\s*(.*?))?\s*(where\s+.*)?$", header)
            if not m:
                return None
            name, generics, params_text, _, _, result, where = m.groups()
            if not re.match(r"[A-Za-z_`]", name):
                return "operator"
        params = parse_params(params_text)
        if params is None:
            return None
        probe_params = []
        for position, (label, type_, _) in enumerate(params):
            inout = type_.startswith("inout ")
            type_ = opaque(probe_type(type_[6:] if inout else type_))
            probe_params.append((f"__a{position}", ("inout " if inout else "") + type_, inout))
        if result and result.strip() not in ("Void", "()"):
            result = opaque(probe_type(result))
            # A parameter of the result type lets the probe infer what the declaration's signature infers.
            probe_params.append(("__result", f"({result}).Type", False))
        else:
            result = None
        variants = [params]
        if any(p[2] for p in params):
            variants.append([p for p in params if not p[2]])
        calls = []
        for variant in variants:
            arguments = []
            for label, type_, default in variant:
                position = params.index((label, type_, default))
                value = ("&" if probe_params[position][2] else "") + f"__a{position}"
                arguments.append(value if label == "_" else f"{label}: {value}")
            call_arguments = ", ".join(arguments)
            if kind == "subscript":
                call = f"self[{call_arguments}]"
            elif kind in ("init", "static init"):
                call = f"Self.init({call_arguments})" if decl.receiver["kind"] == "protocol" else \
                    f"{decl.receiver['name']}({call_arguments})"
            elif kind == "global func":
                call = f"{name}({call_arguments})"
            else:
                call = f"{receiver_expression}.{name}({call_arguments})"
            calls.append(f"let _: {result} = try await {call}" if result else f"_ = try await {call}")
        return merge_generics(generics, opaque.parameters), probe_params, (" " + where) if where else "", calls
    if kind in ("var", "let", "static var", "static let"):
        m = re.match(r"(?:var|let)\s+(\w+)\s*(?::\s*([^={]+?))?\s*(=.*)?$", header)
        if not m:
            return None
        name, type_, _ = m.groups()
        if type_ is None:
            return "", [], "", [f"_ = try await {receiver_expression}.{name}"]
        return "", [], "", [f"let _: {probe_type(type_)} = try await {receiver_expression}.{name}"]
    if kind == "case":
        m = re.match(r"case\s+(\w+)\s*(\((.*)\))?\s*(=.*)?$", header)
        if not m:
            return None
        name, _, payload, _ = m.groups()
        if not payload:
            return "", [], "", [f"let _: Self = .{name}"]
        probe_params, values = [], []
        for position, part in enumerate(split_top_level(payload, ",")):
            part = part.strip()
            label_match = re.match(r"(\w+)\s*:\s*(.*)", part)
            type_ = label_match.group(2) if label_match else part
            probe_params.append((f"__a{position}", probe_type(type_), False))
            values.append(f"{label_match.group(1)}: __a{position}" if label_match else f"__a{position}")
        return "", probe_params, "", [f"let _: Self = .{name}({', '.join(values)})"]
    if kind in ("typealias", "static typealias", "global typealias"):
        m = re.match(r"typealias\s+(\w+)\s*(<[^=]*>)?\s*=\s*(.*)$", header)
        if not m:
            return None
        name, generics, target = m.groups()
        escaping = "@escaping " if re.match(r"\(.*\)\s*(throws\s*)?->", target) else ""
        if generics:
            names = [g.split(":")[0].strip() for g in split_top_level(generics[1:-1], ",")]
            return generics, [("__a0", f"{escaping}{name}<{', '.join(names)}>", False)], "", [
                f"let _: {target} = __a0"]
        return "", [("__a0", escaping + name, False)], "", [f"let _: {target} = __a0"]
    return None


def write_probes(decls, path):
    """Writes one file of probes; returns {line: declaration index} and the declarations it could not probe."""
    lines = ["import Foundation", "import Dispatch", "import XCTest"] + [f"import {m}" for m in MODULES] + [""]
    owners = {}
    skipped = {}
    for index, decl in enumerate(decls):
        if decl.kind == "type":
            owners[len(lines) + 1] = index
            lines.append(f"extension {decl.name} {{}}")
            continue
        parts = probe_parts(decl)
        if parts is None or parts == "operator":
            skipped[index] = "operator" if parts == "operator" else "not probed"
            continue
        generics, params, where, calls = parts
        signature = ", ".join(f"_ {name}: {type_}" for name, type_, _ in params)
        receiver = decl.receiver
        indent = "    "
        if receiver["kind"] == "global":
            lines.append(f"func __probe{index}{generics}({signature}) async throws{where} {{")
        else:
            receiver_where = (" " + receiver["where"]) if receiver["where"] else ""
            lines.append(f"extension {receiver['name']}{receiver_where} {{")
            lines.append(f"    func __probe{index}{generics}({signature}) async throws{where} {{")
            indent = "        "
        for call in calls:
            owners[len(lines) + 1] = index
            lines.append(indent + call)
        # The declaration line itself can fail too (a type the probe names that the library lacks).
        owners[len(lines) - len(calls)] = index
        if receiver["kind"] != "global":
            owners[len(lines) - len(calls) - 1] = index
            lines.append("    }")
        lines.append("}")
    path.write_text("\n".join(lines) + "\n")
    return owners, skipped


def typecheck(source, modules_dirs, extra):
    command = ["swiftc", "-typecheck", "-swift-version", "5", str(source)] + extra
    for directory in modules_dirs:
        command += ["-I", str(directory)]
    result = subprocess.run(command, capture_output=True, text=True)
    failing = collections.defaultdict(list)
    for line in result.stderr.splitlines():
        m = re.match(re.escape(str(source)) + r":(\d+):\d+: error: (.*)", line)
        if m:
            failing[int(m.group(1))].append(m.group(2))
    return failing, result


def build(package, products, work):
    """Builds RxSwift's modules from a copy of its package (the original may be read-only)."""
    copy = work / "rxswift-package"
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns(".build", ".git", "Tests"))
    for product in products:
        subprocess.run(["swift", "build", "--package-path", str(copy), "--target", product], check=True,
                       capture_output=True)
    return copy / ".build" / "debug" / "Modules"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rxswift", type=pathlib.Path, default=DEFAULT_RXSWIFT)
    parser.add_argument("--missing", action="store_true")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--json", type=pathlib.Path)
    parser.add_argument("--rxswift-modules", type=pathlib.Path, help="RxSwift's built modules (skips the build)")
    args = parser.parse_args()
    decls = collect(args.rxswift)
    WORK.mkdir(parents=True, exist_ok=True)
    source = WORK / "Probes.swift"
    owners, skipped = write_probes(decls, source)

    if args.rxswift_modules:
        rxswift_modules = args.rxswift_modules
    else:
        rxswift_modules = build(args.rxswift, MODULES, WORK)
    # RxLite's debug build, in the configuration the caller has (CI exports RXLITE_WARNINGS_AS_ERRORS), so that
    # this reuses the build the tests made.
    for module in MODULES:
        subprocess.run(["swift", "build", "--package-path", str(ROOT), "--target", module], check=True,
                       capture_output=True)
    rxlite_modules = ROOT / ".build" / "debug" / "Modules"
    atomics = ["-Xcc", f"-fmodule-map-file={ROOT}/Sources/CRxAtomics/include/module.modulemap"]

    against_rxswift, _ = typecheck(source, [rxswift_modules], [])
    against_rxlite, _ = typecheck(source, [rxlite_modules], atomics)

    def failing_decls(failures):
        result = collections.defaultdict(list)
        for line, messages in failures.items():
            if line in owners:
                result[owners[line]] += messages
        return result

    invalid = failing_decls(against_rxswift)
    missing = failing_decls(against_rxlite)
    differences = []
    for line in DIFFERENCES.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            pattern, _, reason = line.partition(" # ")
            differences.append((re.compile(pattern.strip()), reason.strip()))
    covered_by_difference = []

    rows = collections.OrderedDict()
    missing_lines = collections.defaultdict(list)
    for index, decl in enumerate(decls):
        family = decl.family
        row = rows.setdefault(family, collections.Counter())
        key = declaration_key(decl)
        if index in skipped:
            row["not probed"] += 1
            continue
        if index in invalid:
            row["probe fails on RxSwift"] += 1
            continue
        row["declarations"] += 1
        if index in missing:
            reason = next((r for pattern, r in differences if pattern.search(key)), None)
            if reason is not None:
                row["covered"] += 1
                row["differences"] += 1
                covered_by_difference.append((key, reason))
            else:
                missing_lines[family].append((key, missing[index][0]))
        else:
            row["covered"] += 1
    print_table(rows, missing_lines, args.missing)
    if args.json:
        args.json.write_text(json.dumps({f: dict(c) for f, c in rows.items()}, indent=2))
    if args.write:
        write_report(rows, missing_lines, covered_by_difference)
    bad = sum(r["probe fails on RxSwift"] for r in rows.values())
    if bad:
        print(f"\nnote: {bad} probes do not compile against RxSwift itself (this script's limits); "
              f"see {source} and run with RXLITE_API_DEBUG=1", file=sys.stderr)
        if os.environ.get("RXLITE_API_DEBUG"):
            for index, messages in sorted(invalid.items()):
                print(f"  {declaration_key(decls[index])}: {messages[0]}", file=sys.stderr)


def declaration_key(decl):
    if decl.kind == "type":
        return decl.header
    receiver = decl.receiver
    where = f" {receiver['where']}" if receiver.get("where") else ""
    name = receiver["name"] or "(global)"
    return f"{name}{where} :: {decl.header}"


def print_table(rows, missing_lines, with_missing):
    print("| Family | Declarations | Covered | % |")
    print("|---|---:|---:|---:|")
    total = collections.Counter()
    for family, row in rows.items():
        total.update(row)
        percent = 100 * row["covered"] // max(row["declarations"], 1)
        print(f"| {family} | {row['declarations']} | {row['covered']} | {percent}% |")
    percent = 100 * total["covered"] // max(total["declarations"], 1)
    print(f"| **All** | **{total['declarations']}** | **{total['covered']}** | **{percent}%** |")
    if with_missing:
        for family, entries in missing_lines.items():
            print(f"\n## {family}: missing")
            for key, message in entries:
                print(f"- `{key}` ({message})")


def write_report(rows, missing_lines, covered_by_difference):
    lines = [
        "# RxSwift 6's API, declaration by declaration",
        "",
        "Generated by `python3 scripts/api-declarations.py --write` from RxSwift's own sources (RxSwift, RxRelay,",
        "RxTest, RxBlocking and RxCocoa's traits): each public declaration is used, exactly as declared (its receiver",
        "and that receiver's constraints, its labels, its parameter and result types), in a probe that is type-checked",
        "against RxSwift itself (where every probe must compile) and against RxLite, in Swift 5 language mode. A",
        "declaration is covered when its probe compiles against RxLite, or when it matches a documented difference",
        "(`scripts/api-declarations-differences.txt`, each in DifferencesFromRxSwift.md). RxCocoa's UIKit and",
        "Foundation families are counted by name in `docs/api-coverage.md`. Do not edit: run the script.",
        "",
        "| Family | Declarations | Covered | of which by a difference | |",
        "|---|---:|---:|---:|---:|",
    ]
    total = collections.Counter()
    for family, row in rows.items():
        total.update(row)
        percent = 100 * row["covered"] // max(row["declarations"], 1)
        lines.append(f"| {family} | {row['declarations']} | {row['covered']} | {row['differences']} | {percent}% |")
    percent = 100 * total["covered"] // max(total["declarations"], 1)
    lines.append(f"| **All** | **{total['declarations']}** | **{total['covered']}** | **{total['differences']}** "
                 f"| **{percent}%** |")
    not_probed = sum(r["not probed"] for r in rows.values())
    lines += ["", f"Not probed: {not_probed} operator declarations (`==`, `<->`, ...), which no call names.", ""]
    lines += ["## Covered by a documented difference", ""]
    for key, reason in covered_by_difference:
        lines.append(f"- {key}: {reason}")
    lines += ["", "## Missing", ""]
    if not any(missing_lines.values()):
        lines.append("Nothing.")
    for family, entries in missing_lines.items():
        if not entries:
            continue
        lines += [f"### {family}", ""]
        for key, message in entries:
            lines.append(f"- {key} ({message})")
        lines.append("")
    REPORT.write_text("\n".join(lines).rstrip("\n") + "\n")


if __name__ == "__main__":
    main()
