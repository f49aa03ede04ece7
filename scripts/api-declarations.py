#!/usr/bin/env python3
"""Counts RxSwift 6's public API declaration by declaration against RxLite, by compiling a call to each one.

The declarations come from RxSwift's own sources (../shared/rxswift-bench/RxSwift/Sources, or --rxswift PATH):
RxSwift, RxRelay, RxTest, RxBlocking and RxCocoa: its traits (Driver, Signal, SharedSequence, ControlProperty,
ControlEvent, binding) and its iOS, Common and Foundation files (families "RxCocoa: controls", "lists and proxies",
"Foundation" and "Common", by the folder of RxCocoa's source tree each file comes from; macOS's AppKit files are left
out), read with `#if` evaluated as an iOS app's build does. Each public declaration (function, initializer,
property, subscript, enum case, type, protocol, type alias) gets a probe: Swift code that uses it exactly as
declared, written inside an extension of the declaration's own receiver with the receiver's own constraints, so
`extension ObservableType where Element: Equatable` is probed there and an overload that exists only on another
receiver, or only with other parameter types, shows as missing. A function is called with every argument given, each
a value of the declared parameter type, and its result is assigned to the declared result type; a parameter with a
default value is also left out once. A property is read with its declared type.

The probes are type-checked in Swift 5 language mode (where RxSwift apps are; RxLite's Sendable-checked overloads
only warn there), in one of two compiler runs each:
- Linux probes: every declaration RxCocoa's Linux build also has (all of RxSwift, RxRelay, RxTest, RxBlocking and
  RxCocoa's traits, and RxCocoa's URLSession, NotificationCenter, KVORepresentable, errors, ...), against RxSwift
  itself, built from the same sources (the control: a probe that does not compile there is this script's limit,
  reported and not counted), and against RxLite's modules of the same names.
- UIKit probes: RxCocoa's declarations that only Apple platforms have, against RxLite's RxCocoa and RxLiteUI built
  with the declaration-only UIKit, WebKit and ObjectiveC stubs on the import path (scripts/typecheck-uikit
  --modules-only --modules-dir, or the modules a run of it left: --uikit-modules). There is no control: RxCocoa
  itself does not build on Linux (its RxCocoaRuntime target is Objective-C against Darwin's runtime and Foundation
  headers, and its proxies declare `@objc` methods taking UIKit classes, which the stubs' classes, Swift classes on
  Linux, cannot be), so a failing UIKit probe is checked by hand. One that fails because a stub lacks the UIKit,
  WebKit or Foundation type or member it names is counted as not covered and listed apart ("blocked by the stubs").
A declaration is covered when its probe compiles against RxLite; one that DifferencesFromRxSwift.md documents is
listed under scripts/api-declarations-differences.txt with the reason and counts as covered by that difference.

Usage: python3 scripts/api-declarations.py             # builds what it needs, prints the table per family
       python3 scripts/api-declarations.py --missing   # also lists each missing declaration (RxCocoa's by file)
       python3 scripts/api-declarations.py --write     # also writes docs/GENERATED-api-declarations.md
       python3 scripts/api-declarations.py --check     # fails when docs/GENERATED-api-declarations.md is not what
                                                       # it finds
Operators (`==`, `<->`) are not probed: they are listed as such. docs/GENERATED-api-coverage.md
(scripts/api-inventory.py) takes RxCocoa's per-declaration rows from docs/GENERATED-api-declarations.md.
"""
import argparse
import collections
import hashlib
import itertools
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
REPORT = ROOT / "docs" / "GENERATED-api-declarations.md"
# One per checkout, so that two worktrees on one machine do not build into each other's.
WORK = pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / (
    "rxlite-api-declarations-" + hashlib.sha256(str(ROOT).encode()).hexdigest()[:8])

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

# RxCocoa's other files, by the folder of RxCocoa's own source tree they come from (Sources/RxCocoa holds them flat):
# Foundation/, Common/ (and RxCocoa.swift, at its top), and iOS/, split into the controls and the lists and proxies
# (iOS/DataSources, Events, Protocols, Proxies and the list views). macOS/ (AppKit) is left out; NSTextStorage+Rx.swift
# is iOS's.
RXCOCOA_FOUNDATION_FILES = {
    "KVORepresentable+CoreGraphics.swift", "KVORepresentable+Swift.swift", "KVORepresentable.swift",
    "NSObject+Rx+KVORepresentable.swift", "NSObject+Rx+RawRepresentable.swift", "NSObject+Rx.swift",
    "NotificationCenter+Rx.swift", "URLSession+Rx.swift",
}
RXCOCOA_COMMON_FILES = {
    "ControlTarget.swift", "DelegateProxy.swift", "DelegateProxyType.swift", "DispatchQueue+Extensions.swift",
    "RxCocoa.swift", "RxCocoaObjCRuntimeError+Extensions.swift", "RxTarget.swift",
    "SectionedViewDataSourceType.swift", "TextInput.swift",
}
RXCOCOA_LIST_FILES = {
    "ItemEvents.swift", "RxCollectionViewDataSourceType.swift", "RxCollectionViewReactiveArrayDataSource.swift",
    "RxPickerViewAdapter.swift", "RxPickerViewDataSourceType.swift", "RxTableViewDataSourceType.swift",
    "RxTableViewReactiveArrayDataSource.swift", "UICollectionView+Rx.swift", "UIPickerView+Rx.swift",
    "UIScrollView+Rx.swift", "UITableView+Rx.swift",
}
RXCOCOA_MACOS_FILES = {
    "NSButton+Rx.swift", "NSControl+Rx.swift", "NSSlider+Rx.swift", "NSTextField+Rx.swift", "NSTextView+Rx.swift",
    "NSView+Rx.swift",
}
RXCOCOA_FAMILIES = ["RxCocoa: controls", "RxCocoa: lists and proxies", "RxCocoa: Foundation", "RxCocoa: Common"]


def rxcocoa_family(file):
    """The family of one of RxCocoa's files (see above); None for a macOS-only file."""
    if file in RXCOCOA_TRAIT_FILES:
        return "RxCocoa traits"
    if file in RXCOCOA_MACOS_FILES:
        return None
    if file in RXCOCOA_FOUNDATION_FILES:
        return "RxCocoa: Foundation"
    if file in RXCOCOA_COMMON_FILES:
        return "RxCocoa: Common"
    if file in RXCOCOA_LIST_FILES or re.match(r"Rx\w+Proxy\.swift$", file):
        return "RxCocoa: lists and proxies"
    if re.match(r"(UI\w+|NSTextStorage|WKWebView)\+Rx\.swift$", file):
        return "RxCocoa: controls"
    raise SystemExit(f"api-declarations: RxCocoa's {file} belongs to no family: add it to one in this script")


# `#if` conditions, per build the declarations are read for. "traits": as for an app on Apple platforms, less what
# needs UIKit or the Objective-C runtime (RxSwift, RxRelay, RxTest, RxBlocking, RxCocoa's traits); "iOS": as an iOS
# app's build (SwiftPM, RxCocoa's Objective-C runtime target included); "Linux": as RxCocoa's build on Linux, which
# decides which of RxCocoa's other declarations a control built on Linux can check.
PLATFORMS = {
    "traits": {"os": {"iOS"}, "imports": {"Foundation", "_Concurrency", "Dispatch", "XCTest"},
               "flags": {"DEBUG": True}},
    "iOS": {"os": {"iOS"},
            "imports": {"Foundation", "_Concurrency", "Dispatch", "Darwin", "ObjectiveC", "CoreGraphics", "UIKit",
                        "WebKit", "XCTest"},
            "flags": {"DEBUG": True, "SWIFT_PACKAGE": True}},
    "Linux": {"os": {"Linux"}, "imports": {"Foundation", "_Concurrency", "Dispatch", "Glibc", "FoundationNetworking",
                                           "XCTest"},
              "flags": {"DEBUG": True, "SWIFT_PACKAGE": True}},
}


def evaluate_condition(condition, platform="traits"):
    settings = PLATFORMS[platform]
    expression = condition
    expression = re.sub(r"os\((\w+)\)", lambda m: str(m.group(1) in settings["os"]), expression)
    expression = re.sub(r"canImport\(([\w.]+)\)", lambda m: str(m.group(1) in settings["imports"]), expression)
    expression = re.sub(r"(swift|compiler)\([<>=]+\s*[\d.]+\)", "True", expression)
    expression = re.sub(r"targetEnvironment\(\w+\)", "False", expression)
    expression = re.sub(r"arch\(\w+\)", "True", expression)
    expression = re.sub(r"\b(?!True\b|False\b)([A-Za-z_]\w*)\b",
                        lambda m: str(settings["flags"].get(m.group(1), False)), expression)
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


def resolve_conditionals(text, platform="traits"):
    """Drops the branches of `#if` blocks that do not hold on `platform`."""
    out = []
    stack = []  # (this branch active, some branch taken)
    for line in text.split("\n"):
        stripped = line.strip()
        active = all(frame[0] for frame in stack)
        if stripped.startswith("#if "):
            holds = evaluate_condition(stripped[4:], platform)
            stack.append([active and holds, holds])
            out.append("")
        elif stripped.startswith("#elseif "):
            holds = evaluate_condition(stripped[8:], platform)
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

MODIFIERS = r"(?:(?:(?:internal|private|fileprivate)\(set\)|public|open|internal|private|fileprivate|package|final|" \
            r"static|class|override|convenience|" \
            r"required|mutating|nonmutating|nonisolated|dynamic|lazy|weak|unowned|indirect|optional|" \
            r"@\w+(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?)\s+)*"
DECL_START = re.compile(r"(?m)^[ \t]*(" + MODIFIERS + r")(func|init[?!]?|var|let|subscript|case|typealias|"
                        r"extension|class|struct|enum|protocol|actor|associatedtype)\b")


def is_public(modifiers, inherited_public):
    # `public private(set) var`: public to read.
    modifiers = re.sub(r"\b(internal|private|fileprivate)\(set\)", "", modifiers)
    if re.search(r"\b(private|fileprivate|internal|package)\b", modifiers):
        return False
    if re.search(r"\b(public|open)\b", modifiers):
        return True
    return inherited_public


def family_of(module, file):
    if module == "RxCocoa":
        return rxcocoa_family(file)
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
        # Members of a public protocol, and the cases of a public enum (whose body is scanned only then), are public
        # without the keyword.
        public = (in_protocol and inherited_public) or is_public(modifiers, inherited_public) or (
            keyword == "case" and receiver is not None and receiver.get("kind") == "enum")
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


def read_source(path, platform):
    """The text of `path` with comments, strings and the `#if` branches that do not hold on `platform` removed."""
    return resolve_conditionals(strip_comments_and_strings(path.read_text()), platform)


def sources(rxswift):
    """(module, file name, text) for each file the Linux probes read: RxSwift, RxRelay, RxTest, RxBlocking and
    RxCocoa's traits."""
    for module in MODULES:
        for path in sorted((rxswift / "Sources" / module).glob("*.swift")):
            if module == "RxCocoa" and path.name not in RXCOCOA_TRAIT_FILES:
                continue
            yield module, path.name, read_source(path, "traits")


def rxcocoa_sources(rxswift, platform):
    """(module, file name, text) for RxCocoa's files other than its traits and macOS's, as `platform` builds them."""
    for path in sorted((rxswift / "Sources" / "RxCocoa").glob("*.swift")):
        if path.name in RXCOCOA_TRAIT_FILES or rxcocoa_family(path.name) is None:
            continue
        yield "RxCocoa", path.name, read_source(path, platform)


def collect_from(files):
    decls = []
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


def collect(rxswift):
    return collect_from(list(sources(rxswift)))


def collect_rxcocoa(rxswift):
    """RxCocoa's declarations outside its traits, as an iOS app's build has them, in two lists: those RxCocoa's Linux
    build also has (probed on Linux, where RxSwift built from the same sources is the control) and those only Apple
    platforms have (probed against RxLite built with the stubs, with no control)."""
    on_ios = collect_from(list(rxcocoa_sources(rxswift, "iOS")))
    on_linux = {declaration_key(decl) for decl in collect_from(list(rxcocoa_sources(rxswift, "Linux")))}
    portable = [decl for decl in on_ios if declaration_key(decl) in on_linux]
    apple_only = [decl for decl in on_ios if declaration_key(decl) not in on_linux]
    return portable, apple_only


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


def split_signature(text):
    """(generic clause, parameter list's contents, result type, where clause) of a function, initializer or
    subscript signature after its name; the brackets are matched, so a curried result type (`-> (_ source: S) ->
    Disposable`) stays whole. None when the text is not one."""
    text = text.strip()
    generics = ""
    if text.startswith("<"):
        end = matching(text, 0)
        generics, text = text[:end], text[end:].lstrip()
    if not text.startswith("("):
        return None
    end = matching(text, 0)
    params_text, rest = text[1:end - 1], text[end:].strip()
    m = re.match(r"(?:async\s*)?(?:throws(?:\(\w+\))?|rethrows)?\s*(?:->\s*(.*?))?\s*(where\s+.*)?$", rest)
    if not m:
        return None
    result, where = m.groups()
    return generics or None, params_text, result, where


def probe_parts(decl):
    """(generic clause, probe parameters, where clause, body lines) for `decl`; None when it cannot be written;
    "operator" for an operator."""
    header = decl.header
    kind = decl.kind
    receiver_expression = "Self" if kind.startswith("static") else "self"
    opaque = Opaque()
    if kind in ("func", "static func", "init", "static init", "subscript", "global func"):
        introducer = re.match(r"(subscript|init[?!]?|func\s+([^\s(<]+))\s*", header)
        signature = split_signature(header[introducer.end():]) if introducer else None
        if signature is None:
            return None
        generics, params_text, result, where = signature
        if kind == "subscript":
            name = ""
        elif kind in ("init", "static init"):
            result = None
            name = "init"
        else:
            name = introducer.group(2)
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


# What each probe file imports: the Linux probes RxSwift's modules and XCTest (RxTest's assertions); the UIKit probes
# the stubs (WebKit's only where a stub for it exists, so that its absence fails the probes that name WebKit's types)
# and the modules an iOS app imports.
LINUX_IMPORTS = ["import Foundation", "#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif",
                 "import Dispatch", "import XCTest"] + [f"import {m}" for m in MODULES]
UIKIT_IMPORTS = ["import Foundation", "import Dispatch", "import UIKit", "#if canImport(WebKit)", "import WebKit",
                 "#endif", "import RxSwift", "import RxRelay", "import RxCocoa"]


def write_probes(decls, path, imports):
    """Writes one file of probes; returns {line: declaration index} and the declarations it could not probe."""
    lines = imports + [""]
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
    # The copy's own .build stays, so that a later run rebuilds only what changed.
    if copy.exists():
        for child in copy.iterdir():
            if child.name != ".build":
                shutil.rmtree(child) if child.is_dir() else child.unlink()
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns(".build", ".git", "Tests"), dirs_exist_ok=True)
    for product in products:
        subprocess.run(["swift", "build", "--package-path", str(copy), "--target", product], check=True,
                       capture_output=True)
    return copy / ".build" / "debug" / "Modules"


def uikit_modules(requested):
    """The directory of the stub modules and the stub-built RxLiteUI and RxCocoa: `requested`, or one that
    scripts/typecheck-uikit fills now."""
    if requested:
        return requested
    directory = WORK / "uikit-modules"
    subprocess.run([str(ROOT / "scripts" / "typecheck-uikit"), "--modules-only", "--modules-dir", str(directory)],
                   check=True, capture_output=True)
    return directory


def stub_gaps(messages, rx_names):
    """The names in the compiler's `messages` about a probe that the stubs lack: a type that is not RxSwift's or
    RxCocoa's and cannot be found, or a member type a stub's type does not declare. Empty when the probe fails for
    RxLite's own reasons."""
    gaps = []
    for message in messages:
        unknown = re.match(r"cannot find (?:type )?'([\w.]+)' in scope", message)
        if unknown and unknown.group(1).split(".")[0] not in rx_names:
            gaps.append(unknown.group(1))
            continue
        member = re.match(r"'(\w+)' is not a member type of \w+ '(?:UIKit|WebKit|ObjectiveC|Foundation)\.([\w.]+)'",
                          message)
        if member:
            gaps.append(f"{member.group(2)}.{member.group(1)}")
    return sorted(set(gaps))


def load_differences():
    differences = []
    for line in DIFFERENCES.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            pattern, _, reason = line.partition(" # ")
            differences.append((re.compile(pattern.strip()), reason.strip()))
    return differences


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rxswift", type=pathlib.Path, default=DEFAULT_RXSWIFT)
    parser.add_argument("--missing", action="store_true")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--check", action="store_true",
                        help="fail when docs/GENERATED-api-declarations.md is not what --write would write")
    parser.add_argument("--json", type=pathlib.Path)
    parser.add_argument("--rxswift-modules", type=pathlib.Path, help="RxSwift's built modules (skips the build)")
    parser.add_argument("--uikit-modules", type=pathlib.Path,
                        help="the modules scripts/typecheck-uikit --modules-dir left (skips building them)")
    args = parser.parse_args()
    decls = collect(args.rxswift)
    portable, apple_only = collect_rxcocoa(args.rxswift)
    decls += portable
    rx_names = {decl.name.split(".")[-1] for decl in decls + apple_only if decl.kind in ("type", "global typealias",
                                                                                        "global func", "typealias")}
    WORK.mkdir(parents=True, exist_ok=True)
    source = WORK / "Probes.swift"
    owners, skipped = write_probes(decls, source, LINUX_IMPORTS)
    uikit_source = WORK / "UIKitProbes.swift"
    uikit_owners, uikit_skipped = write_probes(apple_only, uikit_source, UIKIT_IMPORTS)

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
    stubs = uikit_modules(args.uikit_modules)

    against_rxswift, _ = typecheck(source, [rxswift_modules], [])
    against_rxlite, _ = typecheck(source, [rxlite_modules], atomics)
    # The stub-built modules come first, so that RxCocoa and RxLiteUI are the ones with the UIKit glue.
    against_stubs, _ = typecheck(uikit_source, [stubs, rxlite_modules],
                                 atomics + ["-Xfrontend", "-enable-objc-interop"])

    def failing_decls(failures, owners):
        result = collections.defaultdict(list)
        for line, messages in failures.items():
            if line in owners:
                result[owners[line]] += messages
        return result

    invalid = failing_decls(against_rxswift, owners)
    missing = failing_decls(against_rxlite, owners)
    missing_on_stubs = failing_decls(against_stubs, uikit_owners)
    differences = load_differences()
    covered_by_difference = []

    rows = collections.OrderedDict((family, collections.Counter()) for family in
                                   ["RxSwift", "RxRelay", "RxTest", "RxBlocking", "RxCocoa traits"] + RXCOCOA_FAMILIES)
    missing_lines = collections.defaultdict(list)
    blocked_lines = []

    def count(decl, row, failures, stub_blocked):
        key = declaration_key(decl)
        row["declarations"] += 1
        if failures is None:
            row["covered"] += 1
            return
        reason = next((r for pattern, r in differences if pattern.search(key)), None)
        if reason is not None:
            row["covered"] += 1
            row["differences"] += 1
            covered_by_difference.append((key, reason))
        elif stub_blocked:
            row["blocked by the stubs"] += 1
            blocked_lines.append((decl.family, decl.file, key, stub_blocked))
        else:
            missing_lines[decl.family].append((decl.file, key, failures[0]))

    for index, decl in enumerate(decls):
        row = rows.setdefault(decl.family, collections.Counter())
        if index in skipped:
            row["not probed"] += 1
        elif index in invalid:
            row["probe fails on RxSwift"] += 1
        else:
            count(decl, row, missing.get(index), [])
    for index, decl in enumerate(apple_only):
        row = rows.setdefault(decl.family, collections.Counter())
        if index in uikit_skipped:
            row["not probed"] += 1
            continue
        row["without a control"] += 1
        failures = missing_on_stubs.get(index)
        count(decl, row, failures, stub_gaps(failures or [], rx_names))

    # Missing declarations in the table's order of families.
    missing_lines = collections.OrderedDict((family, missing_lines[family]) for family in rows if missing_lines[family])
    print_table(rows, missing_lines, blocked_lines, args.missing)
    if args.json:
        args.json.write_text(json.dumps({f: dict(c) for f, c in rows.items()}, indent=2))
    report = report_text(rows, missing_lines, blocked_lines, covered_by_difference)
    if args.write:
        REPORT.write_text(report)
        print(f"wrote {REPORT.relative_to(ROOT)}")
    bad = sum(r["probe fails on RxSwift"] for r in rows.values())
    if bad:
        print(f"\nnote: {bad} probes do not compile against RxSwift itself (this script's limits); "
              f"see {source} and run with RXLITE_API_DEBUG=1", file=sys.stderr)
        if os.environ.get("RXLITE_API_DEBUG"):
            for index, messages in sorted(invalid.items()):
                print(f"  {declaration_key(decls[index])}: {messages[0]}", file=sys.stderr)
    if args.check and REPORT.read_text() != report:
        print(f"api-declarations: {REPORT.relative_to(ROOT)} is not what the probes found: run "
              f"python3 scripts/api-declarations.py --write (then python3 scripts/api-inventory.py --write)",
              file=sys.stderr)
        sys.exit(1)


def declaration_key(decl):
    if decl.kind == "type":
        return decl.header
    receiver = decl.receiver
    where = f" {receiver['where']}" if receiver.get("where") else ""
    name = receiver["name"] or "(global)"
    return f"{name}{where} :: {decl.header}"


def is_rxcocoa_file_family(family):
    return family in RXCOCOA_FAMILIES


def print_table(rows, missing_lines, blocked_lines, with_missing):
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
            for heading, items in grouped(family, entries):
                if heading:
                    print(f"\n### {heading}")
                for key, message in items:
                    print(f"- `{key}` ({message})")
        if blocked_lines:
            print("\n## Probes the stubs block (they lack a UIKit, WebKit or Foundation declaration the probe names)")
            for file, items in itertools.groupby(sorted(blocked_lines, key=lambda entry: entry[1]), lambda e: e[1]):
                print(f"\n### {file}")
                for _, _, key, gaps in items:
                    print(f"- `{key}` (needs {', '.join(gaps)})")


def grouped(family, entries):
    """A family's missing entries, under one heading per RxCocoa file for RxCocoa's families, else none."""
    if not is_rxcocoa_file_family(family):
        return [(None, [(key, message) for _, key, message in entries])]
    by_file = collections.OrderedDict()
    for file, key, message in sorted(entries, key=lambda entry: entry[0]):
        by_file.setdefault(file, []).append((key, message))
    return list(by_file.items())


def report_text(rows, missing_lines, blocked_lines, covered_by_difference):
    lines = [
        "# RxSwift 6's API, declaration by declaration",
        "",
        "Generated by `python3 scripts/api-declarations.py --write` from RxSwift's own sources: each public",
        "declaration of RxSwift, RxRelay, RxTest, RxBlocking and RxCocoa (its traits, and its iOS, Common and",
        "Foundation files as an iOS app's build has them) is used, exactly as declared (its receiver and that",
        "receiver's constraints, its labels, its parameter and result types), in a probe type-checked in Swift 5",
        "language mode. Declarations that RxCocoa's Linux build also has are probed on Linux, against RxSwift built from",
        "the same sources (the control, where every probe must compile) and against RxLite. The others (UIKit, WebKit,",
        "the Objective-C runtime) are probed against RxLite's RxCocoa and RxLiteUI built with the declaration-only",
        "stubs (`scripts/typecheck-uikit`), without a control: RxCocoa cannot be built on Linux, so a failing probe is",
        "checked by hand. A probe that fails because a stub lacks the UIKit, WebKit or Foundation declaration it names",
        "is counted as not covered and listed apart. A declaration is covered when its probe compiles, or when it",
        "matches a documented difference (`scripts/api-declarations-differences.txt`, each in",
        "DifferencesFromRxSwift.md). Do not edit: run the script.",
        "",
        "| Family | Declarations | Covered | of which by a difference | probed without a control "
        "| blocked by the stubs | |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    total = collections.Counter()
    for family, row in rows.items():
        total.update(row)
        percent = 100 * row["covered"] // max(row["declarations"], 1)
        lines.append(f"| {family} | {row['declarations']} | {row['covered']} | {row['differences']} "
                     f"| {row['without a control']} | {row['blocked by the stubs']} | {percent}% |")
    percent = 100 * total["covered"] // max(total["declarations"], 1)
    lines.append(f"| **All** | **{total['declarations']}** | **{total['covered']}** | **{total['differences']}** "
                 f"| **{total['without a control']}** | **{total['blocked by the stubs']}** | **{percent}%** |")
    not_probed = sum(r["not probed"] for r in rows.values())
    lines += ["", f"Not probed: {not_probed} operator declarations (`==`, `<->`, ...), which no call names.", ""]
    lines += ["## Covered by a documented difference", ""]
    for key, reason in covered_by_difference:
        lines.append(f"- {key}: {reason}")
    lines += ["", "## Missing", "", "What RxLite lacks, or declares otherwise (`--missing` prints the compiler's reason).", ""]
    if not any(missing_lines.values()):
        lines.append("Nothing.")
    for family, entries in missing_lines.items():
        if not entries:
            continue
        lines += [f"### {family}", ""]
        for heading, items in grouped(family, entries):
            if heading:
                lines += [f"#### {heading}", ""]
            # Without the compiler's message: which of a probe's errors it reports first varies from build to build,
            # and --check compares this file. `--missing` prints them.
            for key, _ in items:
                lines.append(f"- {key}")
            lines.append("")
    lines += ["## Blocked by the stubs", ""]
    if not blocked_lines:
        lines.append("Nothing.")
    for file, items in itertools.groupby(sorted(blocked_lines, key=lambda entry: entry[1]), lambda e: e[1]):
        lines += [f"#### {file}", ""]
        for _, _, key, gaps in items:
            lines.append(f"- {key} (needs {', '.join(gaps)})")
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


if __name__ == "__main__":
    main()
