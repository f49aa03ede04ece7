import Foundation
import RxLite

/// How a class declares a property on an observed key path.
enum PropertyStrength {
    case strong
    case weak
}

/// What `rx.observeWeakly` asks of the Objective-C runtime, one object at a time. On Apple platforms
/// `ObjectiveCKeyValueRuntime` answers with key-value observing, property introspection and associated objects; the
/// tests answer with plain objects and subjects.
protocol KeyValueObservingRuntime {
    /// How the class of `object` declares its property `name`; `nil` when it has none.
    func strength(ofProperty name: String, of object: AnyObject) -> PropertyStrength?

    /// The values of `object`'s property `name`, as `options` asks (``KeyValueObservingOptions/initial``: the
    /// current value first), `nil` for a property holding `nil`, until disposed. Holds `object` weakly, and sends
    /// nothing when it is gone.
    func values(ofProperty name: String, of object: AnyObject, options: KeyValueObservingOptions)
        -> Observable<AnyObject?>

    /// One element, then completion, when `object` is deallocated; at once when it is gone already. Holds `object`
    /// weakly.
    func deallocation(of object: AnyObject) -> Observable<Void>

    /// Whether key-value observing can observe the properties of `object` (an `NSObject`).
    func canObserve(_ object: AnyObject) -> Bool
}

/// The sequence of `rx.observeWeakly`: the value at the end of a key path of property names (`"parent.name"`),
/// following each object on the path through weak references.
///
/// Each property is observed on the object the path reached; when it changes, what follows it is observed on the new
/// object instead. A `weak` property does not tell observers when its object goes away, so the path also watches
/// that object's deallocation and then continues as if the property held `nil`. When the root object goes away, the
/// sequence sends `nil` and completes. It fails with ``RxCocoaError/invalidPropertyName(object:propertyName:)`` when
/// an object on the path has no property of the next name, and with
/// ``RxCocoaError/invalidObjectOnKeyPath(object:sourceObject:propertyName:)`` when a value on the path is not an
/// object key-value observing can observe.
enum WeakKeyPathObservation {
    static func values<Runtime: KeyValueObservingRuntime>(
        of root: AnyObject, keyPath: String, options: KeyValueObservingOptions, runtime: Runtime
    ) -> Observable<AnyObject?> {
        let names = keyPath.components(separatedBy: ".").filter { $0 != "self" }
        let values = endingWithNil(
            valuesAlong(names[...], from: root, options: options, runtime: runtime), whenGone: root, runtime: runtime)
        // Every property on the path is observed from its current value on, so that the path is known; without
        // `.initial`, the value at subscription is dropped here.
        return options.contains(.initial) ? values : values.skip(1)
    }

    /// The value at the end of `names`, starting from `object`; its first element is the current value.
    private static func valuesAlong<Runtime: KeyValueObservingRuntime>(
        _ names: ArraySlice<String>, from object: AnyObject, options: KeyValueObservingOptions, runtime: Runtime
    ) -> Observable<AnyObject?> {
        let name = names.first ?? ""
        guard let strength = runtime.strength(ofProperty: name, of: object) else {
            return .error(RxCocoaError.invalidPropertyName(object: object, propertyName: name))
        }
        let rest = names.dropFirst()
        return runtime.values(ofProperty: name, of: object, options: options.union(.initial))
            .flatMapLatest { [weak object] value -> Observable<AnyObject?> in
                guard let value else { return .just(nil) }
                guard rest.isEmpty || runtime.canObserve(value) else {
                    return .error(
                        RxCocoaError.invalidObjectOnKeyPath(
                            object: value, sourceObject: object ?? NSNull(), propertyName: name))
                }
                // The object whose property this is went away meanwhile: its own end sends the `nil`.
                guard object != nil else { return .empty() }
                let values: Observable<AnyObject?> =
                    rest.isEmpty ? .just(value) : valuesAlong(rest, from: value, options: options, runtime: runtime)
                return strength == .weak ? endingWithNil(values, whenGone: value, runtime: runtime) : values
            }
    }

    /// `values` until `object` is deallocated, then `nil`; completes when `object` is gone (not when `values` ends).
    private static func endingWithNil<Runtime: KeyValueObservingRuntime>(
        _ values: Observable<AnyObject?>, whenGone object: AnyObject, runtime: Runtime
    ) -> Observable<AnyObject?> {
        runtime.deallocation(of: object)
            .map { _ in Observable<AnyObject?>.just(nil) }
            .startWith(values)
            .switchLatest()
    }
}
