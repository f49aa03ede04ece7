// A declaration-only stand-in for the part of Darwin's ObjectiveC module that RxLiteUI's UIKit glue uses: `Selector`,
// which `#selector` makes and target-action APIs (`UIBarButtonItem.action`, `UIGestureRecognizer.addTarget`) take.
// The UIKit stub re-exports it, as the iOS SDK's Foundation re-exports ObjectiveC. `scripts/typecheck-uikit` compiles
// against it with the frontend's Objective-C interoperability on (`-enable-objc-interop`), which `@objc` and
// `#selector` need; that is all a Linux compiler lacks for them. Signatures as Swift imports them; nothing here runs.

import Foundation

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

// What a delegate proxy (Sources/RxLiteUI/DelegateProxies) asks of the runtime: associated objects, the class
// hierarchy, and NSObject's message-forwarding hooks. On Darwin NSObject is declared in this module; on Linux it is
// Foundation's, so the hooks are declared here as an extension of it.

/// Objective-C's `BOOL`; the compiler bridges `Bool` through it in an `@objc` method's signature.
@frozen
public struct ObjCBool: ExpressibleByBooleanLiteral {
    var value: Int8

    /// `value` as a `BOOL`.
    public init(_ value: Bool) { fatalError("ObjectiveC stub: declarations only") }

    /// The literal as a `BOOL`.
    public init(booleanLiteral value: Bool) { fatalError("ObjectiveC stub: declarations only") }

    /// The value as a Swift `Bool`.
    public var boolValue: Bool { fatalError("ObjectiveC stub: declarations only") }
}

/// The compiler's bridge from `Bool` to `BOOL`.
public func _convertBoolToObjCBool(_ x: Bool) -> ObjCBool { fatalError("ObjectiveC stub: declarations only") }

/// The compiler's bridge from `BOOL` to `Bool`.
public func _convertObjCBoolToBool(_ x: ObjCBool) -> Bool { fatalError("ObjectiveC stub: declarations only") }

/// How an associated object is held (`objc_AssociationPolicy`).
public enum objc_AssociationPolicy: UInt, @unchecked Sendable {
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

/// The value associated with `object` for `key`.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    fatalError("ObjectiveC stub: declarations only")
}

/// Associates `value` with `object` for `key`, held as `policy` says.
public func objc_setAssociatedObject(
    _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) { fatalError("ObjectiveC stub: declarations only") }

/// The superclass of `cls`.
public func class_getSuperclass(_ cls: AnyClass?) -> AnyClass? { fatalError("ObjectiveC stub: declarations only") }

extension NSObject {
    /// Whether the object implements or forwards `aSelector` (NSObjectProtocol's requirement, NSObject's method).
    @objc open func responds(to aSelector: Selector!) -> Bool { fatalError("ObjectiveC stub: declarations only") }

    /// The object that an unrecognized message is redirected to.
    @objc open func forwardingTarget(for aSelector: Selector!) -> Any? {
        fatalError("ObjectiveC stub: declarations only")
    }
}
