extension ObservableConvertibleType {
    /// Subscribes `observer`, which gets every event; returns the subscription. It is also the implementation of
    /// ``ObservableType/subscribe(_:)`` for a type that implements only ``asObservable()``.
    ///
    /// After a terminal event, or once the returned disposable is disposed, `observer` gets nothing more and every
    /// resource of the subscription is released.
    @discardableResult
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        asObservable().subscribe(observer)
    }

    /// Subscribes a closure that gets every event.
    ///
    /// Called from an actor-isolated context (a `@MainActor` view controller, an actor), the closure runs isolated
    /// to that actor, whatever thread the events come from: see ``subscribe(onNext:onError:onCompleted:onDisposed:isolation:file:line:)``.
    @discardableResult
    public func subscribe(
        _ on: @escaping (Event<Element>) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(isolation: isolation, origin: SubscriptionOrigin("subscribe(_:)", file: file, line: line), on)
    }

    /// ``subscribe(_:isolation:file:line:)`` made by `origin`'s call.
    func subscribe(
        isolation: isolated (any Actor)?, origin: SubscriptionOrigin, _ on: @escaping (Event<Element>) -> Void
    ) -> any Disposable {
        subscribe(
            onNext: { on(.next($0)) }, onError: { on(.error($0)) }, onCompleted: { on(.completed) }, onDisposed: nil,
            isolation: isolation, origin: origin)
    }

    /// Subscribes closures for elements, failure, completion and disposal; all are optional.
    ///
    /// `onDisposed` runs once, after `onError` or `onCompleted`, or when the subscription is disposed.
    ///
    /// **Isolation.** Called from an actor-isolated context, the handlers run isolated to that actor (the caller's
    /// `#isolation`), never on the thread that happened to produce an event:
    /// - on the main actor, an event that arrives on the main queue is handled at once, as before; one that arrives
    ///   elsewhere (a network callback, `Observable.task`, a background scheduler) is handled on the main queue, in
    ///   order, without an `observe(on: MainScheduler.instance)`;
    /// - on another actor, events delivered while `subscribe` runs are handled at once and later ones by a task on
    ///   that actor, in order.
    ///
    /// Called from nonisolated code, the handlers run where the events are produced, as in RxSwift, at no extra
    /// cost. See <doc:Swift6AndThreads>.
    @discardableResult
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((any Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation,
            origin: SubscriptionOrigin("subscribe(onNext:)", file: file, line: line))
    }

    /// ``subscribe(onNext:onError:onCompleted:onDisposed:isolation:file:line:)`` made by `origin`'s call, which
    /// debug builds record (``Resources/liveSubscriptions()``).
    func subscribe(
        onNext: ((Element) -> Void)?, onError: ((any Error) -> Void)?, onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?, isolation: isolated (any Actor)?, origin: SubscriptionOrigin
    ) -> any Disposable {
        asObservable().subscribeHandlers(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation,
            origin: origin)
    }

    /// Subscribes closures that receive `object` weakly; events after `object` is gone are ignored. The handlers
    /// run isolated to the caller's actor, as with ``subscribe(onNext:onError:onCompleted:onDisposed:isolation:file:line:)``.
    @discardableResult
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, any Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(
            with: object, onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed,
            isolation: isolation, origin: SubscriptionOrigin("subscribe(with:)", file: file, line: line))
    }

    /// ``subscribe(with:onNext:onError:onCompleted:onDisposed:isolation:file:line:)`` made by `origin`'s call.
    func subscribe<Object: AnyObject>(
        with object: Object, onNext: ((Object, Element) -> Void)?, onError: ((Object, any Error) -> Void)?,
        onCompleted: ((Object) -> Void)?, onDisposed: ((Object) -> Void)?, isolation: isolated (any Actor)?,
        origin: SubscriptionOrigin
    ) -> any Disposable {
        subscribe(
            onNext: passingWeakly(object, to: onNext), onError: passingWeakly(object, to: onError),
            onCompleted: passingWeakly(object, to: onCompleted), onDisposed: passingWeakly(object, to: onDisposed),
            isolation: isolation, origin: origin)
    }
}

/// A handler that calls `handler` with `object` first, holding `object` weakly: once `object` is gone it does
/// nothing. It is a handler even when `handler` is `nil`, so an error still counts as handled (never reported to
/// ``Hooks/defaultErrorHandler``), as in RxSwift's `subscribe(with:)`.
func passingWeakly<Object: AnyObject, Argument>(
    _ object: Object, to handler: ((Object, Argument) -> Void)?
) -> (Argument) -> Void {
    { [weak object] argument in if let object { handler?(object, argument) } }
}

/// ``passingWeakly(_:to:)`` for a handler that takes only `object`.
func passingWeakly<Object: AnyObject>(_ object: Object, to handler: ((Object) -> Void)?) -> () -> Void {
    { [weak object] in if let object { handler?(object) } }
}

/// Called for an error that reached a subscriber with no `onError`: hands it to ``Hooks/defaultErrorHandler``
/// (which by default prints it in debug builds, like RxSwift, and never crashes a release build).
func reportUnhandledError(_ error: any Error, subscriptionCallStack: [String]) {
    Hooks.defaultErrorHandler(subscriptionCallStack, error)
}

/// The observer at the end of `subscribe(onNext:onError:onCompleted:onDisposed:)`: drops anything after the end,
/// reports an error nobody handles, and releases the chain once a terminal event has been delivered.
final class ClosureObserver<Element>: EventSink<Element> {
    let live = LiveResource()
    let lifetime: Lifetime
    let onNext: ((Element) -> Void)?
    let onError: ((any Error) -> Void)?
    let completionHandler: (() -> Void)?
    /// Set when the subscriber is isolated to an actor: events then go through it to reach ``handle(_:)`` on that
    /// actor.
    let delivery: IsolatedDelivery<Element>?
    #if DEBUG
        /// Where the subscription was made, for ``Hooks/defaultErrorHandler``; recorded in debug builds only (as in
        /// RxSwift) so that release builds pay nothing for it.
        let subscriptionCallStack = Hooks.captureSubscriptionCallStack()
    #endif

    init(
        lifetime: Lifetime, delivery: IsolatedDelivery<Element>?, onNext: ((Element) -> Void)?,
        onError: ((any Error) -> Void)?, onCompleted: (() -> Void)?
    ) {
        self.lifetime = lifetime
        self.delivery = delivery
        self.onNext = onNext
        self.onError = onError
        self.completionHandler = onCompleted
    }

    override func on(next element: Element) {
        if let delivery {
            delivery.on(next: element, from: self)
        } else {
            handleElement(element)
        }
    }

    override func on(error: any Error) {
        if let delivery {
            delivery.on(.error(error), from: self)
        } else {
            handleError(error)
        }
    }

    override func onCompleted() {
        if let delivery {
            delivery.on(.completed, from: self)
        } else {
            handleCompletion()
        }
    }

    /// Calls `onNext` with `element`, on the calling thread, unless the subscription ended.
    func handleElement(_ element: Element) {
        HeldLocks.checkNoneHeld("an observer's handler")
        if lifetime.isActive { onNext?(element) }
    }

    /// Calls the handler for `event`, on the calling thread.
    func handle(_ event: Event<Element>) {
        switch event {
        case .next(let element): handleElement(element)
        case .error(let error): handleError(error)
        case .completed: handleCompletion()
        }
    }

    /// Calls `onError` (or reports the error nobody handles) and ends the subscription, on the calling thread.
    func handleError(_ error: any Error) {
        HeldLocks.checkNoneHeld("an observer's handler")
        guard lifetime.beginStop() else { return }
        if let onError {
            onError(error)
        } else {
            #if DEBUG
                reportUnhandledError(error, subscriptionCallStack: subscriptionCallStack)
            #else
                reportUnhandledError(error, subscriptionCallStack: [])
            #endif
        }
        lifetime.dispose()
    }

    /// Calls `onCompleted` and ends the subscription, on the calling thread.
    func handleCompletion() {
        HeldLocks.checkNoneHeld("an observer's handler")
        guard lifetime.beginStop() else { return }
        completionHandler?()
        lifetime.dispose()
    }
}

/// The path of a subscription from `subscribe` to the sequence's handler.
extension Observable {
    /// Subscribes `observer`, which gets every event; returns the subscription.
    ///
    /// After a terminal event, or once the returned disposable is disposed, `observer` gets nothing more and every
    /// resource of the subscription is released.
    @discardableResult
    public final func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        let lifetime = Lifetime.make()
        subscribeTopLevel(lifetime.leafSink(observer), lifetime)
        return subscription(lifetime)
    }

    /// What `subscribe` returns for `lifetime`: the lifetime itself, or for a subject (see
    /// ``isKeptAliveBySubscriptions``) a disposable that also keeps the subject alive. It is not the lifetime that
    /// keeps it, since the subject's observers reach the lifetime: that would be a cycle.
    final func subscription(_ lifetime: Lifetime) -> any Disposable {
        isKeptAliveBySubscriptions ? SourceKeepingSubscription(lifetime: lifetime, source: self) : lifetime
    }

    /// Runs a subscription made outside any other (a `subscribe` call, or an operator subscribing from a scheduler's
    /// action): opens the current-thread trampoline when none runs on this thread, as RxSwift's `subscribe` does, so
    /// that the sources that default to it interleave their elements in RxSwift's order.
    final func subscribeTopLevel(_ sink: EventSink<Element>, _ lifetime: Lifetime) {
        if Trampoline.isRunning {
            runSubscription(sink, lifetime)
        } else {
            Trampoline.open { runSubscription(sink, lifetime) }
        }
    }

    /// ``subscribeTopLevel(_:_:)`` with a closure that takes whole events (``ClosureSink``).
    final func subscribeTopLevel(_ handler: @escaping (Event<Element>) -> Void, _ lifetime: Lifetime) {
        subscribeTopLevel(ClosureSink(handler), lifetime)
    }

    /// Subscribes with a child of `lifetime` that ends, and leaves its parent, as soon as this sequence completes:
    /// for operators whose upstreams finish one by one (merge, flatMap, combineLatest, zip). The child is attached
    /// to the parent only if it is still running once `runSubscription` returns, so a sequence that finishes during
    /// subscribe (`just`) never touches the parent's lock.
    func subscribeChild(of lifetime: Lifetime, _ sink: EventSink<Element>) {
        if isJust {
            // Ends during subscribe and holds nothing: no child needed.
            runSubscription(sink, lifetime)
            return
        }
        let child = Lifetime.make(parent: lifetime)
        subscribeChild(child, of: lifetime, ChildEndingSink(child: child, downstream: sink))
    }

    /// ``subscribeChild(of:_:)`` for a sink that ends the child itself when the upstream ends: `makeSink` is handed
    /// the child (`nil` for a `just`, which needs none). One object where ``ChildEndingSink`` around the operator's
    /// own sink took two.
    func subscribeChild(of lifetime: Lifetime, endingChildIn makeSink: (Lifetime?) -> EventSink<Element>) {
        if isJust {
            runSubscription(makeSink(nil), lifetime)
            return
        }
        let child = Lifetime.make(parent: lifetime)
        subscribeChild(child, of: lifetime, makeSink(child))
    }

    /// ``subscribeChild(of:_:)`` with a closure that takes whole events (``ClosureSink``).
    func subscribeChild(of lifetime: Lifetime, _ handler: @escaping (Event<Element>) -> Void) {
        subscribeChild(of: lifetime, ClosureSink(handler))
    }

    /// ``subscribeChild(of:_:)`` with a child the operator made (with `lifetime` as its parent), whose `sink` ends
    /// the child on the upstream's end (``FlatMapOuterSink``, ``SwitchOuterSink``). `lifetime` is the child's parent,
    /// passed rather than read from the child, which would retain and release it for the call, on every subscribed
    /// upstream.
    func subscribeChild(_ child: Lifetime, of lifetime: Lifetime, _ sink: EventSink<Element>) {
        // An upstream subscribed from an event (merge's and flatMap's inner sequences) opens the current-thread
        // trampoline when that event came from outside one, as a subscription in RxSwift does.
        subscribeTopLevel(sink, child)
        lifetime.attachIfRunning(child)
    }
}

extension Observable {
    /// What ``ObservableConvertibleType/subscribe(onNext:onError:onCompleted:onDisposed:isolation:file:line:)``
    /// runs, here where the generic context is `Element` alone: in the protocol extension, every subscription looked
    /// up `Self.Element` and the types built from it.
    final func subscribeHandlers(
        onNext: ((Element) -> Void)?, onError: ((any Error) -> Void)?, onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?, isolation: isolated (any Actor)?, origin: SubscriptionOrigin
    ) -> any Disposable {
        let lifetime = Lifetime.make()
        if let onDisposed { lifetime.insert(onDisposed) }
        // The leaf is the sink itself, holding the handlers. It is not the lifetime (which would save an
        // allocation): the returned disposable is often kept after the end (a DisposeBag keeps everything), and it
        // must not keep the handlers and what they capture. The isolated path is a field the observer checks.
        let delivery: IsolatedDelivery<Element>? =
            if let isolation { IsolatedDelivery(isolation: isolation) } else { nil }
        let observer = ClosureObserver(
            lifetime: lifetime, delivery: delivery, onNext: onNext, onError: onError, onCompleted: onCompleted)
        delivery?.beginSubscribing()
        #if DEBUG
            let chain = SubscriptionChainRecording.record(lifetime) {
                subscribeTopLevel(observer, lifetime)
            }
        #else
            subscribeTopLevel(observer, lifetime)
        #endif
        delivery?.endSubscribing()
        #if DEBUG
            origin.record(lifetime, of: Element.self, chain: chain)
        #endif
        return subscription(lifetime)
    }

}
