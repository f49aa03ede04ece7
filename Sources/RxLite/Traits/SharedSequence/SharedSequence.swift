/// What makes a ``SharedSequence`` a ``Driver`` or a ``Signal``: the scheduler it delivers on and how it shares
/// one subscription among its subscribers.
public protocol SharingStrategyProtocol {
    /// The scheduler every element is delivered on: ``SharingScheduler/make()``, the main scheduler outside tests.
    static var scheduler: any SchedulerType { get }

    /// Shares one subscription to `source` among all subscribers.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that can be turned into a ``SharedSequence`` of one sharing strategy.
public protocol SharedSequenceConvertibleType<Element>: ObservableConvertibleType {
    /// The strategy: ``DriverSharingStrategy`` or ``SignalSharingStrategy``.
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// The sequence as a ``SharedSequence``.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequenceConvertibleType {
    /// The shared sequence's events as an ``Observable``, for a type that implements only ``asSharedSequence()``
    /// (RxSwift's `ActivityIndicator`, for one).
    public func asObservable() -> Observable<Element> { asSharedSequence().asObservable() }
}

/// A sequence for UI bindings: it never fails, delivers every element on its strategy's scheduler, and shares one
/// subscription among its subscribers. ``Driver`` and ``Signal`` are its two flavours.
///
/// A shared sequence is built only by the conversions that guarantee those three properties (`asDriver(...)`,
/// `asSignal(...)`, `Driver.just`, ...) and by its own operators, which keep them. It is not an
/// ``ObservableType``: the general operators (`retry`, `observe(on:)`, ...) could break the guarantees, so they
/// are reached through ``asObservable()``, as in RxCocoa.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType {
    /// How a shared sequence holds its events.
    enum Representation {
        /// Shared when it was made: what subscribers subscribe to.
        case shared(Observable<Element>)
        /// Made by `map`, `compactMap` or `filter`: the share holds the same events *before* this sequence's
        /// sharing (``LazyShareState/unshared``), as a chain of those operators from the nearest shared sequence that is
        /// not one of them, and shares it when someone first asks (``SharedSequence/asObservable()``). The next
        /// `map`, `compactMap` or `filter` extends that chain instead of subscribing to the shared one, so a run of
        /// them shares once, at its end, instead of after every step (see DifferencesFromRxSwift: "Driver and Signal
        /// share once per run of map and filter"); building a twelve-step Driver chain otherwise made twelve shares
        /// where one is used. An operator with state or side effects, or a conversion (`asDriver`), is always
        /// shared, so its work runs once per event whoever subscribes after it.
        case fused(LazyShare)
    }

    let representation: Representation

    /// Wraps `source`, which must already never fail and deliver on the strategy's scheduler, and shares it.
    init(_ source: Observable<Element>) {
        representation = .shared(SharingStrategy.share(source))
    }

    /// Wraps `source` as it is: for sources that are already shared (or need no sharing, like `empty`).
    init(raw source: Observable<Element>) {
        representation = .shared(source)
    }

    /// `transform` (a stateless, per-element `map`, `compactMap` or `filter` step) applied to `upstream`'s events,
    /// shared once, on first use: the step joins `upstream`'s own run of such steps when it has one (see
    /// ``Representation/fused(_:)``).
    init<Upstream>(
        fusing upstream: SharedSequence<SharingStrategy, Upstream>,
        _ transform: (Observable<Upstream>) -> Observable<Element>
    ) {
        let upstreamEvents: Observable<Upstream>
        switch upstream.representation {
        case .shared(let shared): upstreamEvents = shared
        case .fused(let lazilyShared): upstreamEvents = lazilyShared.unshared(as: Upstream.self)
        }
        representation = .fused(.lazyShare(transform(upstreamEvents)))
    }

    /// `source` delivered on the strategy's scheduler, with `recover` deciding what follows an error, and shared:
    /// what every `asDriver(...)` and `asSignal(...)` builds.
    init(
        delivering source: Observable<Element>, recover: (Observable<Element>) -> Observable<Element> = { $0 }
    ) {
        self.init(recover(source.observe(onAny: SharingStrategy.scheduler)))
    }

    public func asObservable() -> Observable<Element> {
        switch representation {
        case .shared(let shared): shared
        case .fused(let lazilyShared): lazilyShared.observable(sharedBy: SharingStrategy.self, as: Element.self)
        }
    }

    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> { self }
}

extension SharedSequence {
    /// A sequence (`Driver.just(x)`, `Signal.just(x)`) that emits `element` on the strategy's scheduler and
    /// completes.
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> where Element: Sendable {
        SharedSequence(raw: Observable.just(element).uncheckedSubscribe(on: SharingStrategy.scheduler))
    }

    /// This sequence for an element that is not `Sendable`, as RxSwift has it: what the checked overload does, without
    /// the compile-time check. The call warns (a deprecation) that nothing checks that the element may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).uncheckedSubscribe(on: SharingStrategy.scheduler))
    }

    /// A sequence that completes at once.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty())
    }

    /// A sequence that never emits and never completes.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.never())
    }
}

/// The shared observable of a ``SharedSequence`` made by `map`, `compactMap` or `filter`: `upstream` shared by the
/// strategy, made the first time it is asked for and the same object every time after, from any thread.
///
/// The lock box itself, with its two methods in an extension constrained to its state, and a state that is not
/// generic (its observables held as objects, given back their type where they are read): one is made per step of a
/// Driver chain, where the element type is not known when the code is compiled, and there a class generic over the
/// element, or a box of a generic state, looked up its type's metadata every time one was made.
typealias LazyShare = LockedBuffer<LazyShareState>

/// What a ``LazyShare`` holds, under its lock: the upstream, and its shared form once made. Both are an
/// `Observable<Element>` of the element of the ``SharedSequence`` that holds the share. Pure data, set once: the
/// share's one rule (the first made wins) is in ``LockedBuffer/observable(sharedBy:as:)``.
struct LazyShareState {
    /// What is shared, not shared.
    let unshared: AnyObject
    /// The shared observable once made.
    var shared: AnyObject?
}

extension LockedBuffer where State == LazyShareState {
    /// `upstream`, to be shared on first use.
    static func lazyShare<Element>(_ upstream: Observable<Element>) -> LazyShare {
        make(state: LazyShareState(unshared: upstream))
    }

    /// What is shared, not shared: the `Element` the share was made with.
    func unshared<Element>(as type: Element.Type) -> Observable<Element> {
        unsafeDowncast(withLock { $0.unshared }, to: Observable<Element>.self)
    }

    /// The shared observable, shared by `strategy`. The strategy's `share` may be a user's (a custom
    /// ``SharingStrategyProtocol``), so it runs outside the lock; when two threads race to make it, the first one
    /// stored wins and the other is dropped unsubscribed (released after the lock: its deinit lets go of what the
    /// user's closures captured).
    func observable<Strategy: SharingStrategyProtocol, Element>(
        sharedBy strategy: Strategy.Type, as type: Element.Type
    ) -> Observable<Element> {
        if let existing = withLock({ $0.shared }) { return unsafeDowncast(existing, to: Observable<Element>.self) }
        let made = Strategy.share(unshared(as: Element.self))
        let winner = withLock { state in
            if let existing = state.shared { return existing }
            state.shared = made
            return made
        }
        return unsafeDowncast(winner, to: Observable<Element>.self)
    }
}

/// The scheduler that ``Driver`` and ``Signal`` deliver on, and the way tests replace it.
///
/// Outside ``mock(scheduler:action:)`` it is `MainScheduler.instance`. A mock applies to the task (or thread) that
/// runs `action` and to the shared sequences created there: a sequence reads the scheduler when it is created,
/// so one created inside `action` keeps the mock's scheduler for its whole life. Parallel tests each see only
/// their own mock.
public enum SharingScheduler {
    // A task-local rather than a global: tests running in parallel never see each other's scheduler.
    @TaskLocal static var mocked: (any SchedulerType)?

    /// The scheduler shared sequences created now deliver on.
    public static func make() -> any SchedulerType {
        mocked ?? MainScheduler.instance
    }

    /// Runs `action` with `scheduler` in place of the main scheduler for every ``Driver`` and ``Signal`` created
    /// during it (RxCocoa's API for testing view models in virtual time).
    public static func mock<Result>(scheduler: any SchedulerType, action: () throws -> Result) rethrows -> Result {
        try $mocked.withValue(scheduler, operation: action)
    }

    /// ``mock(scheduler:action:)`` with the scheduler made by `makeScheduler`, called once, as RxCocoa's does.
    public static func mock(makeScheduler: @escaping () -> any SchedulerType, action: () throws -> Void) rethrows {
        try mock(scheduler: makeScheduler(), action: action)
    }

    /// The `async` form of ``mock(scheduler:action:)``.
    public static func mock<Result>(
        scheduler: any SchedulerType, action: () async throws -> Result, isolation: isolated (any Actor)? = #isolation
    ) async rethrows -> Result {
        try await $mocked.withValue(scheduler, operation: action)
    }
}
