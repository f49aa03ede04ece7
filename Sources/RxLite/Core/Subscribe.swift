extension ObservableConvertibleType {
    /// Subscribes `observer`, which gets every event; returns the subscription.
    ///
    /// After a terminal event, or once the returned disposable is disposed, `observer` gets nothing more and every
    /// resource of the subscription is released.
    @inlinable
    @discardableResult
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        let lifetime = Lifetime()
        asObservable().subscribeHandler(lifetime.leafSink(observer), lifetime)
        return lifetime
    }

    /// Subscribes a closure that gets every event.
    @inlinable
    @discardableResult
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> any Disposable {
        subscribe(AnyObserver(eventHandler: on))
    }

    /// Subscribes closures for elements, failure, completion and disposal; all are optional.
    ///
    /// `onDisposed` runs once, after `onError` or `onCompleted`, or when the subscription is disposed.
    @inlinable
    @discardableResult
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((any Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        // The subscription is one object, lifetime and leaf observer at once, and the sink captures only it: a closure
        // capturing one object uses it as its context, so subscribing allocates nothing more.
        let subscription = ClosureSubscription(onNext: onNext, onError: onError, onCompleted: onCompleted)
        if let onDisposed { subscription.insert(onDisposed) }
        asObservable().subscribeHandler({ subscription.on($0) }, subscription)
        return subscription
    }

    /// Subscribes closures that receive `object` weakly; events after `object` is gone are ignored.
    @inlinable
    @discardableResult
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, any Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> any Disposable {
        subscribe(
            onNext: { [weak object] element in
                guard let object else { return }
                onNext?(object, element)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }
}

/// Called for an error that reached a subscriber with no `onError`. In debug builds it prints the error, like
/// RxSwift; it never crashes a release build.
@usableFromInline
func reportUnhandledError(_ error: any Error) {
    #if DEBUG
        print("RxLite: unhandled error: \(error)")
    #endif
}

/// The subscription made by `subscribe(onNext:onError:onCompleted:onDisposed:)`: its root lifetime, and the observer
/// at the end of the chain, which drops anything after the end, reports an error nobody handles, and releases the
/// chain once a terminal event has been delivered.
@usableFromInline
final class ClosureSubscription<Element>: Lifetime, @unchecked Sendable {
    @usableFromInline
    let onNext: ((Element) -> Void)?
    @usableFromInline
    let onError: ((any Error) -> Void)?
    @usableFromInline
    let onCompleted: (() -> Void)?

    @inlinable
    init(onNext: ((Element) -> Void)?, onError: ((any Error) -> Void)?, onCompleted: (() -> Void)?) {
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        super.init(parent: nil)
    }

    @inlinable
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if isActive { onNext?(element) }
        case .error(let error):
            guard beginStop() else { return }
            if let onError { onError(error) } else { reportUnhandledError(error) }
            dispose()
        case .completed:
            guard beginStop() else { return }
            onCompleted?()
            dispose()
        }
    }
}
