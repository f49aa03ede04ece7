#!/usr/bin/env python3
"""Checks that type-checked client code uses every UIKit binder of RxLiteUI: each public member that
Sources/RxLiteUI/UIKit declares on `Reactive where Base: T` (used as `x.rx.member`) or on a UIKit class T (used as
`x.member`), reached from a value of type T or a subclass of T. The client code is the iOS example
(Examples/BookSearchUIKit) and, for the controls a book search screen has no use for (switches, sliders, date
pickers, ...), Tests/Stubs/UIKitClient. Types come from their `let x = Type(...)` declarations and the class hierarchy
of the UIKit stub (Tests/Stubs/UIKit/*.swift); functions are told apart by their first argument label
(`onTap(throttle:)`, `onTap(debounce:)`). Called by scripts/typecheck-uikit.
"""
import glob
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
client_dirs = [os.path.join(root, "Examples", "BookSearchUIKit"), os.path.join(root, "Tests", "Stubs", "UIKitClient")]

# The stub's class hierarchy, and the stub's properties whose type is a UIKit class (`searchTextField`).
stub = "\n".join(open(path, encoding="utf-8").read()
                 for module in ("UIKit", "WebKit")
                 for path in sorted(glob.glob(os.path.join(root, "Tests", "Stubs", module, "*.swift"))))
superclass = dict(re.findall(r"\bclass\s+(\w+)\s*:\s*(\w+)", stub))
# UIKit's classes, and those of the SDK's other prefixes the glue extends (NSTextStorage, WKWebView).
sdk_class = r"(?:UI|NS|WK)\w+"
property_types = dict(re.findall(r"\bvar\s+(\w+)\s*:\s*(" + sdk_class + r")[!?]?\s*\{", stub))


def is_kind_of(type_name, base):
    while type_name:
        if type_name == base:
            return True
        type_name = superclass.get(type_name)
    return False


# What the glue declares: (base type, member, first label or None, reached through .rx).
binders = []
for path in sorted(glob.glob(os.path.join(root, "Sources", "RxLiteUI", "UIKit", "*.swift"))
                   + glob.glob(os.path.join(root, "Sources", "RxLiteUI", "WebKit", "*.swift"))):
    base, through_rx = None, False
    for line in open(path, encoding="utf-8"):
        extension = re.match(r"\s*extension\s+Reactive\s+where\s+Base\s*:\s*(\w+)", line)
        plain = re.match(r"\s*extension\s+(UI\w+)\s*\{", line)
        if extension:
            base, through_rx = extension.group(1), True
        elif plain:
            base, through_rx = plain.group(1), False
        declaration = re.match(r"\s*public\s+(?:static\s+)?(?:func|var)\s+(\w+)(?:<[^(]*>)?(\(\s*(\w+)?)?", line)
        if declaration and base:
            label = declaration.group(3) if declaration.group(2) else None
            if label == "_" or (declaration.group(2) and label is None):
                label = None
            # A label's parameter may sit on the next line (`onTap(\n throttle dueTime: ...`).
            binders.append([base, declaration.group(1), label, through_rx, path])
        if declaration and declaration.group(2) is not None and declaration.group(3) is None:
            binders[-1].append("label-on-next-line")
        elif binders and len(binders[-1]) == 6 and binders[-1][5] == "label-on-next-line":
            label = re.match(r"\s*(\w+)\s+\w+\s*:", line)
            binders[-1][2] = label.group(1) if label and label.group(1) != "_" else None
            binders[-1][5] = "done"

# What the client code uses.
text = "\n".join(
    open(p, encoding="utf-8").read()
    for directory in client_dirs
    for p in sorted(glob.glob(os.path.join(directory, "*.swift"))))
text = re.sub(r"//[^\n]*", "", text)
variable_types = dict(re.findall(r"\blet\s+(\w+)\s*=\s*(" + sdk_class + r")\s*\(", text))
variable_types.update(property_types)
# A class name is a receiver too: `UIApplication.rx.didBecomeActive` uses a static member.
variable_types.update({name: name for name in superclass})
uses = set()  # (receiver type, member, first label)
# A lookahead, so that in `searchBar.searchTextField.rx.text` both `searchBar.searchTextField` and
# `searchTextField.rx.text` are seen.
for receiver, through_rx, member, label in re.findall(
    r"(?=\b(\w+)\??\s*(\.rx)?\s*\.\s*(\w+)\b(?:\s*\(\s*(\w+)\s*:)?)", text):
    receiver_type = variable_types.get(receiver)
    if receiver_type:
        uses.add((receiver_type, member, label or None, bool(through_rx)))

missing = []
for base, member, label, through_rx, path, *_ in binders:
    if not any(
        is_kind_of(t, base) and m == member and r == through_rx and (label is None or l == label)
        for t, m, l, r in uses
    ):
        spelled = f"{'rx.' if through_rx else ''}{member}{f'({label}:)' if label else ''}"
        missing.append(
            f"{os.path.relpath(path, root)}: {spelled} on {base} is used neither by Examples/BookSearchUIKit nor by"
            " Tests/Stubs/UIKitClient")

if missing:
    print("\n".join(missing), file=sys.stderr)
    sys.exit(1)
print(f"check-uikit-coverage: the example and the client code use all {len(binders)} UIKit binders")
