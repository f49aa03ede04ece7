extension ObservableType {
    /// Sends every event to each of `observers` (binders, subjects, observers): `textField.rx.text.bind(to:
    /// viewModel.query)`. An error reaching a ``Binder`` stops a debug build (see ``Binder``).
    @discardableResult
    public func bind<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable
    where Observer.Element == Element {
        subscribe(isolation: nil, origin: SubscriptionOrigin("bind(to:)", file: file, line: line)) { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends every event, its element as an optional, to each of `observers`.
    @discardableResult
    public func bind<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable
    where Observer.Element == Element? {
        subscribe(isolation: nil, origin: SubscriptionOrigin("bind(to:)", file: file, line: line)) { event in
            let optional = event.map { Optional($0) }
            for observer in observers { observer.on(optional) }
        }
    }

    /// Accepts every element into each of `relays`. A relay never ends: completion is ignored, and an error stops a
    /// debug build (a binding must not fail silently).
    @discardableResult
    public func bind(
        to relays: PublishRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        bindRelays(SubscriptionOrigin("bind(to:)", file: file, line: line)) { element in
            relays.forEach { $0.accept(element) }
        }
    }

    /// Accepts every element, as an optional, into each of `relays`.
    @discardableResult
    public func bind(
        to relays: PublishRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        bindRelays(SubscriptionOrigin("bind(to:)", file: file, line: line)) { element in
            relays.forEach { $0.accept(element) }
        }
    }

    /// Accepts every element into each of `relays`. A relay never ends: completion is ignored, and an error stops a
    /// debug build.
    @discardableResult
    public func bind(
        to relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        bindRelays(SubscriptionOrigin("bind(to:)", file: file, line: line)) { element in
            relays.forEach { $0.accept(element) }
        }
    }

    /// Accepts every element, as an optional, into each of `relays`.
    @discardableResult
    public func bind(
        to relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        bindRelays(SubscriptionOrigin("bind(to:)", file: file, line: line)) { element in
            relays.forEach { $0.accept(element) }
        }
    }

    /// Accepts every element into each of `relays`.
    @discardableResult
    public func bind(
        to relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        bindRelays(SubscriptionOrigin("bind(to:)", file: file, line: line)) { element in
            relays.forEach { $0.accept(element) }
        }
    }

    /// Accepts every element, as an optional, into each of `relays`.
    @discardableResult
    public func bind(
        to relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        bindRelays(SubscriptionOrigin("bind(to:)", file: file, line: line)) { element in
            relays.forEach { $0.accept(element) }
        }
    }

    /// Calls `binder` with this sequence and returns its result: for bindings written as functions.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Calls the curried `binder` with this sequence and `curriedArgument`.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Subscribes `onNext` to the elements, as a binding: an error stops a debug build instead of passing silently.
    /// Called from an actor-isolated context, `onNext` runs isolated to that actor (see
    /// ``ObservableConvertibleType/subscribe(onNext:onError:onCompleted:onDisposed:isolation:file:line:)``).
    @discardableResult
    public func bind(
        onNext: @escaping (Element) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onNext: onNext, onError: { error in bindingFailed(error, in: "bind(onNext:)") }, onCompleted: nil,
            onDisposed: nil, isolation: isolation, origin: SubscriptionOrigin("bind(onNext:)", file: file, line: line))
    }

    /// Subscribes `onNext`, which receives `object` weakly, as a binding (RxSwift 6's `bind(with:onNext:)`):
    /// elements after `object` is gone are ignored, and an error stops a debug build. Called from an actor-isolated
    /// context, `onNext` runs isolated to that actor.
    @discardableResult
    public func bind<Object: AnyObject>(
        with object: Object, onNext: @escaping (Object, Element) -> Void,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(
            with: object, onNext: onNext, onError: { _, error in bindingFailed(error, in: "bind(with:onNext:)") },
            onCompleted: nil, onDisposed: nil, isolation: isolation,
            origin: SubscriptionOrigin("bind(with:onNext:)", file: file, line: line))
    }

    func bindRelays(_ origin: SubscriptionOrigin, _ accept: @escaping (Element) -> Void) -> any Disposable {
        subscribe(
            onNext: accept, onError: { error in bindingFailed(error, in: "bind(to: relay)") }, onCompleted: nil,
            onDisposed: nil, isolation: nil, origin: origin)
    }
}
