// A declaration-only stand-in for the part of Darwin's ObjectiveC module that RxLiteUI's UIKit glue uses: `Selector`,
// which `#selector` makes and target-action APIs (`UIBarButtonItem.action`, `UIGestureRecognizer.addTarget`) take.
// The UIKit stub re-exports it, as the iOS SDK's Foundation re-exports ObjectiveC. `scripts/typecheck-uikit` compiles
// against it with the frontend's Objective-C interoperability on (`-enable-objc-interop`), which `@objc` and
// `#selector` need; that is all a Linux compiler lacks for them. Signatures as Swift imports them; nothing here runs.

/// An Objective-C method name (`SEL`).
@frozen
public struct Selector: ExpressibleByStringLiteral {
    // The `SEL` itself, as in the SDK's ObjectiveC overlay: the compiler lowers `#selector` to this one field.
    var ptr: OpaquePointer

    /// The selector named `str`, registered with the runtime.
    public init(_ str: String) { fatalError("ObjectiveC stub: declarations only") }

    /// The selector named by the literal.
    public init(stringLiteral value: String) { fatalError("ObjectiveC stub: declarations only") }
}

extension Selector: Equatable, Hashable {
    public static func == (lhs: Selector, rhs: Selector) -> Bool { fatalError("ObjectiveC stub: declarations only") }
    public func hash(into hasher: inout Hasher) { fatalError("ObjectiveC stub: declarations only") }
}

extension Selector: CustomStringConvertible {
    public var description: String { fatalError("ObjectiveC stub: declarations only") }
}
