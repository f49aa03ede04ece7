#if canImport(Observation)
    import Observation

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    extension ObservableType where Element: Sendable {
        /// Sets `object[keyPath: keyPath]` to every element, on the main actor, so SwiftUI views (and
        /// ``Observable/observe(_:)``) reading that property of the `@Observable` object see each element.
        ///
        /// ```swift
        /// searchResults.bind(to: viewModel, \.books).disposed(by: disposeBag)
        /// ```
        ///
        /// Elements that arrive on the main queue are set at once; others are set on the main queue, in order (the
        /// handler of a main-actor `subscribe`). Holds `object` weakly: once it is gone, elements are ignored.
        /// Completion is ignored; an error stops a debug build (a binding must not fail silently), as for ``Binder``.
        @MainActor
        @discardableResult
        public func bind<Object: Observation.Observable & AnyObject>(
            to object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Element>
        ) -> any Disposable {
            subscribe(
                onNext: { [weak object] element in object?[keyPath: keyPath] = element },
                onError: { error in bindingFailed(error, in: "bind(to:_:) of an @Observable property") })
        }
    }
#endif
