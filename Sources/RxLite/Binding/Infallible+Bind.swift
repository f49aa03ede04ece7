// Bindings from an Infallible, as RxCocoa declares them: the same forms as ``ObservableType``'s `bind`.

extension InfallibleType {
    /// Sends every event to each of `observers` (binders, subjects, observers).
    @discardableResult
    public func bind<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable
    where Observer.Element == Element {
        asObservable().subscribe(isolation: nil, origin: SubscriptionOrigin("bind(to:)", file: file, line: line)) {
            event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Sends every event, its element as an optional, to each of `observers`.
    @discardableResult
    public func bind<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable
    where Observer.Element == Element? {
        asObservable().subscribe(isolation: nil, origin: SubscriptionOrigin("bind(to:)", file: file, line: line)) {
            event in
            let optional = event.map { Optional($0) }
            for observer in observers { observer.on(optional) }
        }
    }

    /// Accepts every element into each of `relays`; completion is ignored, as a relay never ends.
    @discardableResult
    public func bind(
        to relays: PublishRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(onNext: { element in relays.forEach { $0.accept(element) } }, file: file, line: line)
    }

    /// Accepts every element, as an optional, into each of `relays`.
    @discardableResult
    public func bind(
        to relays: PublishRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(onNext: { element in relays.forEach { $0.accept(element) } }, file: file, line: line)
    }

    /// Accepts every element into each of `relays`; completion is ignored, as a relay never ends.
    @discardableResult
    public func bind(
        to relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(onNext: { element in relays.forEach { $0.accept(element) } }, file: file, line: line)
    }

    /// Accepts every element, as an optional, into each of `relays`.
    @discardableResult
    public func bind(
        to relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(onNext: { element in relays.forEach { $0.accept(element) } }, file: file, line: line)
    }

    /// Accepts every element into each of `relays`; completion is ignored, as a relay never ends.
    @discardableResult
    public func bind(
        to relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(onNext: { element in relays.forEach { $0.accept(element) } }, file: file, line: line)
    }

    /// Accepts every element, as an optional, into each of `relays`.
    @discardableResult
    public func bind(
        to relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(onNext: { element in relays.forEach { $0.accept(element) } }, file: file, line: line)
    }

    /// Calls `binder` with this sequence and returns its result: for bindings written as functions.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Calls the curried `binder` with this sequence and `curriedArgument`.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Subscribes `onNext` to the elements, as a binding. Called from an actor-isolated context, `onNext` runs
    /// isolated to that actor.
    @discardableResult
    public func bind(onNext: @escaping (Element) -> Void, isolation: isolated (any Actor)? = #isolation)
        -> any Disposable
    {
        asObservable().bind(onNext: onNext, isolation: isolation)
    }

    /// Subscribes `onNext`, which receives `object` weakly, as a binding: elements after `object` is gone are
    /// ignored. Called from an actor-isolated context, `onNext` runs isolated to that actor.
    @discardableResult
    public func bind<Object: AnyObject>(
        with object: Object, onNext: @escaping (Object, Element) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(with: object, onNext: onNext, isolation: isolation, file: file, line: line)
    }
}
