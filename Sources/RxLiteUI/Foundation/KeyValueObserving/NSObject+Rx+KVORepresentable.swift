#if canImport(ObjectiveC)
    import Foundation
    import RxLite

    extension Reactive where Base: NSObject {
        /// `observe(_:_:options:retainSelf:)` for a type that key-value observing delivers as another
        /// (an `Int` as an `NSNumber`, a `CGRect` as an `NSValue`): observes its ``KVORepresentable/KVOType`` and
        /// converts each value, `nil` when the property holds `nil` or the value does not convert.
        public func observe<Element: KVORepresentable>(
            _ type: Element.Type, _ keyPath: String, options: KeyValueObservingOptions = [.new, .initial],
            retainSelf: Bool = true
        ) -> Observable<Element?> {
            observe(Element.KVOType.self, keyPath, options: options, retainSelf: retainSelf)
                .map { Element(KVOValue: $0) }
        }

        /// `observeWeakly(_:_:options:)` for a type that key-value observing delivers as another: observes its
        /// ``KVORepresentable/KVOType`` and converts each value.
        public func observeWeakly<Element: KVORepresentable>(
            _ type: Element.Type, _ keyPath: String, options: KeyValueObservingOptions = [.new, .initial]
        ) -> Observable<Element?> {
            observeWeakly(Element.KVOType.self, keyPath, options: options)
                .map { Element(KVOValue: $0) }
        }
    }
#endif
