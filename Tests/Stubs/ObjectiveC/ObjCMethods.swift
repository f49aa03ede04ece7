// The Objective-C runtime's method and class functions that RxLiteUI's message interception uses (`methodInvoked`,
// `sentMessage`, `deallocating`): reading a method's implementation and type encoding, adding and replacing methods,
// making a subclass at run time and moving an object to it, making an implementation from a block, and reading a
// delegate protocol's method descriptions. Signatures as Swift imports <objc/runtime.h> in the iOS 17 SDK; nothing
// here runs.

import Foundation

/// A pointer to the start of a method's implementation (`IMP`): a C function taking the receiver, the selector and the
/// method's arguments.
public typealias IMP = OpaquePointer

/// An opaque method declaration (`Method`).
public typealias Method = OpaquePointer

/// The instance method `name` of `cls` or of one of its superclasses, or `nil`.
public func class_getInstanceMethod(_ cls: AnyClass?, _ name: Selector) -> Method? {
    fatalError("ObjectiveC stub: declarations only")
}

/// The type encoding of `m`'s return value and arguments (`v24@0:8B16`).
public func method_getTypeEncoding(_ m: Method) -> UnsafePointer<CChar>? {
    fatalError("ObjectiveC stub: declarations only")
}

/// The implementation of `m`.
public func method_getImplementation(_ m: Method) -> IMP { fatalError("ObjectiveC stub: declarations only") }

/// The implementation the runtime would call for `name` sent to an instance of `cls` (the forwarding one if none).
public func class_getMethodImplementation(_ cls: AnyClass?, _ name: Selector) -> IMP? {
    fatalError("ObjectiveC stub: declarations only")
}

/// Adds the method `name` to `cls`; `false` if `cls` itself already implements it.
public func class_addMethod(_ cls: AnyClass?, _ name: Selector, _ imp: IMP, _ types: UnsafePointer<CChar>?) -> Bool {
    fatalError("ObjectiveC stub: declarations only")
}

/// Replaces `cls`'s implementation of `name` (adding the method if `cls` itself has none); the one it had, or `nil`.
public func class_replaceMethod(_ cls: AnyClass?, _ name: Selector, _ imp: IMP, _ types: UnsafePointer<CChar>?) -> IMP?
{
    fatalError("ObjectiveC stub: declarations only")
}

/// An implementation that calls `block` with the receiver and the method's arguments (no selector).
public func imp_implementationWithBlock(_ block: Any) -> IMP { fatalError("ObjectiveC stub: declarations only") }

/// A new class (and its metaclass) named `name`, subclass of `superclass`, to be registered once its methods are
/// added; `nil` if the name is taken.
public func objc_allocateClassPair(_ superclass: AnyClass?, _ name: UnsafePointer<CChar>, _ extraBytes: Int)
    -> AnyClass?
{ fatalError("ObjectiveC stub: declarations only") }

/// Registers a class made by `objc_allocateClassPair`.
public func objc_registerClassPair(_ cls: AnyClass) { fatalError("ObjectiveC stub: declarations only") }

/// The registered class named `name`, or `nil`.
public func objc_lookUpClass(_ name: UnsafePointer<CChar>) -> AnyClass? {
    fatalError("ObjectiveC stub: declarations only")
}

/// The name of `cls`.
public func class_getName(_ cls: AnyClass?) -> UnsafePointer<CChar> { fatalError("ObjectiveC stub: declarations only") }

/// Makes `cls` the class of `obj`; the class it had.
public func object_setClass(_ obj: Any?, _ cls: AnyClass) -> AnyClass? {
    fatalError("ObjectiveC stub: declarations only")
}

/// The selector named `str`, registered with the runtime.
public func sel_registerName(_ str: UnsafePointer<CChar>) -> Selector {
    fatalError("ObjectiveC stub: declarations only")
}

/// An Objective-C protocol (`@interface Protocol : NSObject`).
open class Protocol: NSObject {}

/// A protocol method's selector and type encoding (`struct objc_method_description`).
public struct objc_method_description {
    /// The method's selector.
    public var name: Selector?
    /// The method's type encoding.
    public var types: UnsafeMutablePointer<CChar>?

    /// An empty description.
    public init() { fatalError("ObjectiveC stub: declarations only") }

    /// A description of `name`, of type encoding `types`.
    public init(name: Selector?, types: UnsafeMutablePointer<CChar>?) {
        fatalError("ObjectiveC stub: declarations only")
    }
}

/// The protocol named `name`, or `nil`.
public func objc_getProtocol(_ name: UnsafePointer<CChar>) -> Protocol? {
    fatalError("ObjectiveC stub: declarations only")
}

/// The description of `p`'s method `aSel` (or of a protocol it incorporates), required or optional, instance or
/// class method; `{NULL, NULL}` if it has none.
public func protocol_getMethodDescription(
    _ p: Protocol, _ aSel: Selector, _ isRequiredMethod: Bool, _ isInstanceMethod: Bool
) -> objc_method_description { fatalError("ObjectiveC stub: declarations only") }
