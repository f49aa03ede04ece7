// The Objective-C runtime's property introspection, which `rx.observeWeakly` uses to find whether each property on
// its key path exists and whether it is `weak`. Signatures as Swift imports <objc/runtime.h>; nothing here runs.

/// An opaque Objective-C property declaration (`objc_property_t`).
public typealias objc_property_t = OpaquePointer

/// The class of `obj` (its real class, which key-value observing may have replaced with a subclass).
public func object_getClass(_ obj: Any?) -> AnyClass? { fatalError("ObjectiveC stub: declarations only") }

/// The property named `name` that `cls` or one of its superclasses declares, or `nil`.
public func class_getProperty(_ cls: AnyClass?, _ name: UnsafePointer<CChar>) -> objc_property_t? {
    fatalError("ObjectiveC stub: declarations only")
}

/// The attribute string of `property` (`T@"NSObject",W,N,V_property` for a weak, nonatomic object property).
public func property_getAttributes(_ property: objc_property_t) -> UnsafePointer<CChar>? {
    fatalError("ObjectiveC stub: declarations only")
}
