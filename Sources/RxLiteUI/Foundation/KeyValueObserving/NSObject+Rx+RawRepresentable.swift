#if canImport(ObjectiveC)
    import Foundation
    import RxLite

    extension Reactive where Base: NSObject {
        /// `observe(_:_:options:retainSelf:)` for a `RawRepresentable` type whose raw value key-value
        /// observing delivers (an `@objc` enum): observes the raw value's ``KVORepresentable/KVOType`` and converts
        /// each value to the case, `nil` when the property holds `nil` or no case has that raw value.
        public func observe<Element: RawRepresentable>(
            _ type: Element.Type, _ keyPath: String, options: KeyValueObservingOptions = [.new, .initial],
            retainSelf: Bool = true
        ) -> Observable<Element?> where Element.RawValue: KVORepresentable {
            observe(Element.RawValue.KVOType.self, keyPath, options: options, retainSelf: retainSelf)
                .map { Element(KVOValue: $0) }
        }

        /// `observeWeakly(_:_:options:)` for a `RawRepresentable` type whose raw value key-value observing
        /// delivers: observes the raw value's ``KVORepresentable/KVOType`` and converts each value to the case.
        public func observeWeakly<Element: RawRepresentable>(
            _ type: Element.Type, _ keyPath: String, options: KeyValueObservingOptions = [.new, .initial]
        ) -> Observable<Element?> where Element.RawValue: KVORepresentable {
            observeWeakly(Element.RawValue.KVOType.self, keyPath, options: options)
                .map { Element(KVOValue: $0) }
        }
    }
#endif
