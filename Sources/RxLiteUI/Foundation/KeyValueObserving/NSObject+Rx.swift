#if canImport(ObjectiveC)
    import Foundation
    import ObjectiveC
    import RxLite

    extension Reactive where Base: NSObject {
        /// The values of the property at `keyPath` (names joined by dots, `"layer.bounds"`), through key-value
        /// observing: with the default options the current value on subscription, then the value after each change,
        /// each as `Element`, `nil` when the property holds `nil` or a value of another type. One registration per
        /// subscription, removed on dispose; elements arrive on the thread that changed the property.
        ///
        /// With `retainSelf` (the default) the sequence keeps this object alive, which suits a path from an object
        /// the observer owns; observing an owner (`parent.rx.observe(...)` from its child), pass `false`. Every
        /// property on the path must be key-value observable (`@objc dynamic` in Swift) and held strongly; for weak
        /// properties, or a path whose objects may go away, use `observeWeakly(_:_:options:)`. The sequence never
        /// completes by itself.
        public func observe<Element>(
            _ type: Element.Type, _ keyPath: String, options: KeyValueObservingOptions = [.new, .initial],
            retainSelf: Bool = true
        ) -> Observable<Element?> {
            KeyValueObserver.values(of: base, keyPath: keyPath, options: options, retainsTarget: retainSelf)
                .map { KeyValueChange.element(fromNewValue: $0, as: Element.self) }
        }

        /// The values of the property at `keyPath`, read through the key path after each key-value observing
        /// notification `options` asks for (by default the current value on subscription, then one per change), on
        /// the thread that changed it. Holds this object weakly and completes when it is deallocated.
        public func observe<Element>(
            _ keyPath: KeyPath<Base, Element>, options: NSKeyValueObservingOptions = [.new, .initial]
        ) -> Observable<Element> {
            let values = Observable<Element>.create { [weak base] observer in
                guard let base else { return Disposables.create() }
                let forwarding = KeyPathValueForwarding(keyPath: keyPath, observer: observer)
                let observation = base.observe(keyPath, options: options) { object, _ in
                    forwarding.send(from: object)
                }
                return Disposables.create { observation.invalidate() }
            }
            return values.take(until: DeallocationSignal.attached(to: base).released)
        }

        /// The value at the end of `keyPath` (names joined by dots), following each object on the path through
        /// weak references: with the default options the current value on subscription, then the value after each
        /// change of any property on the path, as `Element` (`nil` for `nil`, a value of another type, or a path cut
        /// short by a `nil`). Elements arrive on the thread that made the change.
        ///
        /// It holds no object on the path. When an object held by a `weak` property goes away, the path continues as
        /// if the property were `nil`; when this object goes away, the sequence sends `nil` and completes. It fails
        /// with ``RxCocoaError/invalidPropertyName(object:propertyName:)`` when an object on the path declares no
        /// property of the next name (every property on the path must be an Objective-C property, `@objc dynamic` in
        /// Swift), and with ``RxCocoaError/invalidObjectOnKeyPath(object:sourceObject:propertyName:)`` when it
        /// reaches a value that is not an `NSObject` with more path to follow. RxCocoa learns of deallocations by
        /// replacing `dealloc`; this attaches an object to each one it watches instead.
        public func observeWeakly<Element>(
            _ type: Element.Type, _ keyPath: String, options: KeyValueObservingOptions = [.new, .initial]
        ) -> Observable<Element?> {
            WeakKeyPathObservation.values(
                of: base, keyPath: keyPath, options: options, runtime: ObjectiveCKeyValueRuntime()
            )
            .map { $0 as? Element }
        }
    }

    /// Carries what the `@Sendable` change handler of `observe(_:options:)` needs: it runs on the thread that changed
    /// the property and hands the value it reads to `create`'s observer, which accepts calls from any thread; the key
    /// path is immutable.
    private struct KeyPathValueForwarding<Root, Value>: @unchecked Sendable {
        let keyPath: KeyPath<Root, Value>
        let observer: AnyObserver<Value>

        func send(from object: Root) {
            observer.onNext(object[keyPath: keyPath])
        }
    }

    /// `rx.observeWeakly`'s runtime on Apple platforms: properties through the Objective-C runtime, values through
    /// key-value observing, deallocations through an attached ``DeallocationSignal``.
    struct ObjectiveCKeyValueRuntime: KeyValueObservingRuntime {
        func strength(ofProperty name: String, of object: AnyObject) -> PropertyStrength? {
            let objectClass: AnyClass? = object_getClass(object)
            guard let property = name.withCString({ class_getProperty(objectClass, $0) }) else { return nil }
            // The attributes are comma-separated; `W` is the one a weak property has (`T@"NSObject",W,N,V_delegate`).
            let attributes = property_getAttributes(property).map { String(cString: $0) } ?? ""
            return attributes.split(separator: ",").contains("W") ? .weak : .strong
        }

        func values(ofProperty name: String, of object: AnyObject, options: KeyValueObservingOptions)
            -> Observable<AnyObject?>
        {
            guard let object = object as? NSObject else { return .empty() }
            return KeyValueObserver.values(of: object, keyPath: name, options: options, retainsTarget: false)
                .map { KeyValueChange.object(fromNewValue: $0) }
        }

        func deallocation(of object: AnyObject) -> Observable<Void> {
            DeallocationSignal.attached(to: object).released
        }

        func canObserve(_ object: AnyObject) -> Bool {
            object is NSObject
        }
    }

#endif
