/// What an ``Infallible`` made by ``Infallible/create(subscribe:)`` is fed: elements, then perhaps completion.
@frozen
public enum InfallibleEvent<Element> {
    /// An element.
    case next(Element)
    /// Completion; nothing follows.
    case completed
}

extension InfallibleEvent: Sendable where Element: Sendable {}

extension InfallibleEvent: EventConvertible {
    /// The same event as an ``Event``.
    public var event: Event<Element> {
        switch self {
        case .next(let element): return .next(element)
        case .completed: return .completed
        }
    }
}

extension Infallible {
    /// The callback that ``create(subscribe:)`` hands out; call it from any thread (it is `@Sendable`, so a
    /// completion handler of a callback API can capture it).
    public typealias InfallibleObserver = @Sendable (InfallibleEvent<Element>) -> Void

    /// An infallible made by `subscribe`, which gets a callback to feed and returns what to dispose. Calls are
    /// serialized and those after completion or disposal are ignored, as with ``Observable/create(_:)``; what
    /// `subscribe` returned is disposed once completion has been delivered, or on dispose.
    public static func create(subscribe: @escaping (@escaping InfallibleObserver) -> any Disposable) -> Infallible<
        Element
    > {
        Infallible(
            Observable { sink, lifetime, _ in
                let observer = CreateObserver.make(sink: sink, lifetime: lifetime, releasesOnEnd: true)
                observer.hold(subscribe { observer.on($0.event) })
            })
    }
}

extension InfallibleType {
    /// An infallible that emits `element`, then completes.
    public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(.just(element))
    }

    /// An infallible that emits `element` on `scheduler`, then completes.
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(.just(element, scheduler: scheduler))
    }

    /// An infallible that never emits nor ends.
    public static func never() -> Infallible<Element> {
        Infallible(.never())
    }

    /// An infallible that completes at once.
    public static func empty() -> Infallible<Element> {
        Infallible(.empty())
    }

    /// An infallible made by `factory` for each subscriber. As in RxSwift, `factory` may throw, and the error then
    /// ends the sequence: keep it non-throwing.
    public static func deferred(_ factory: @escaping () throws -> Infallible<Element>) -> Infallible<Element> {
        Infallible(.deferred { try factory().asObservable() })
    }
}

extension Infallible {
    /// An infallible that emits `elements` in order during subscribe, then completes.
    public static func of(_ elements: Element...) -> Infallible<Element> {
        Infallible(Observable.from(elements))
    }

    /// An infallible that emits `elements` in order on `scheduler`, then completes.
    public static func of(_ elements: Element..., scheduler: any ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(Observable.from(elements, scheduler: scheduler))
    }

    /// An infallible that emits the elements of `sequence` in order during subscribe, then completes.
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element>
    where Sequence.Element == Element {
        Infallible(Observable.from(sequence))
    }

    /// An infallible that emits the elements of `sequence` in order on `scheduler`, then completes.
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence, scheduler: any ImmediateSchedulerType)
        -> Infallible<Element> where Sequence.Element == Element
    {
        Infallible(Observable.from(sequence, scheduler: scheduler))
    }
}

extension Infallible where Element: FixedWidthInteger {
    /// An infallible that emits `0` after `dueTime`; with a `period`, then `1`, `2`, ... every `period`,
    /// otherwise completes.
    ///
    /// ```
    /// timer(2 frames, period: 1 frame):  --0-1-2-3-...
    /// timer(2 frames):                   --(0|)
    /// ```
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: any SchedulerType
    ) -> Infallible<Element> {
        Infallible(Observable.timer(dueTime, period: period, scheduler: scheduler))
    }

    /// An infallible that emits `0`, `1`, `2`, ... every `period`, starting one period from now.
    public static func interval(_ period: RxTimeInterval, scheduler: any SchedulerType) -> Infallible<Element> {
        Infallible(Observable.interval(period, scheduler: scheduler))
    }
}
