import RxLite
import RxLiteTest
import Testing

/// Errors thrown by the operator tests.
enum TestFailure: Error, Equatable, CustomStringConvertible {
    case boom
    case other

    var description: String {
        switch self {
        case .boom: return "boom"
        case .other: return "other"
        }
    }
}

/// An event as the tests compare it: the error reduced to its description so the type is `Equatable`.
enum Seen<Element: Equatable>: Equatable, CustomStringConvertible {
    case next(Element)
    case error(String)
    case completed

    init(_ event: Event<Element>) {
        switch event {
        case .next(let element): self = .next(element)
        case .error(let error): self = .error(String(describing: error))
        case .completed: self = .completed
        }
    }

    static func error(_ failure: TestFailure) -> Seen { .error(failure.description) }

    static func error(_ failure: RxError) -> Seen { .error(failure.description) }

    var description: String {
        switch self {
        case .next(let element): return "next(\(element))"
        case .error(let message): return "error(\(message))"
        case .completed: return "completed"
        }
    }
}

/// Records what a subscription receives.
final class SeenLog<Element: Equatable> {
    private(set) var events: [Seen<Element>] = []

    func on(_ event: Event<Element>) { events.append(Seen(event)) }
}

extension ObservableType where Element: Equatable {
    /// Subscribes, records every event delivered during the call, disposes, and returns what was recorded.
    func collect() -> [Seen<Element>] {
        let log = SeenLog<Element>()
        subscribe { log.on($0) }.dispose()
        return log.events
    }
}

/// A source driven by hand: the test calls `onNext` and friends on the last subscription.
///
/// It keeps every observer it was given, even after disposal (so a test can check that late events are dropped),
/// like a `create` that stores its observer. A closure inside the subscribed chain that captured the source strongly
/// would make a cycle through that observer, which `expectNoLeaks` reports: capture it `unowned` there.
final class ManualSource<Element> {
    private(set) var observers: [AnyObserver<Element>] = []
    private(set) var subscribeCount = 0
    private(set) var disposeCount = 0

    var observable: Observable<Element> {
        Observable.create { [weak self] observer in
            guard let self else { return Disposables.create() }
            observers.append(observer)
            subscribeCount += 1
            return Disposables.create { [weak self] in self?.disposeCount += 1 }
        }
    }

    func onNext(_ element: Element) { observers.last?.onNext(element) }
    func onError(_ error: any Error) { observers.last?.onError(error) }
    func onCompleted() { observers.last?.onCompleted() }
}

/// Subscribes `apply(source)`, sends `before`, disposes, then sends `after` and completes. Returns what the
/// subscriber received and how often the source's subscription was disposed.
func eventsAroundDispose<Output: Equatable>(
    _ apply: (Observable<Int>) -> Observable<Output>, before: [Int], after: [Int]
) -> (events: [Seen<Output>], sourceDisposals: Int) {
    let source = ManualSource<Int>()
    let log = SeenLog<Output>()
    let subscription = apply(source.observable).subscribe { log.on($0) }
    for element in before { source.onNext(element) }
    subscription.dispose()
    for element in after { source.onNext(element) }
    source.onCompleted()
    return (log.events, source.disposeCount)
}

/// Subscribes `apply(source)` with an observer that disposes its own subscription when it receives its first
/// element, then sends `elements` and completes. Returns what the observer received and how often the source's
/// subscription was disposed.
func eventsWhenObserverDisposesItself<Output: Equatable>(
    _ apply: (Observable<Int>) -> Observable<Output>, elements: [Int]
) -> (events: [Seen<Output>], sourceDisposals: Int) {
    let source = ManualSource<Int>()
    let log = SeenLog<Output>()
    var subscription: (any Disposable)?
    subscription = apply(source.observable).subscribe { event in
        log.on(event)
        if case .next = event { subscription?.dispose() }
    }
    for element in elements { source.onNext(element) }
    source.onCompleted()
    subscription = nil
    return (log.events, source.disposeCount)
}
