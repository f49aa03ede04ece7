import Dispatch
import RxLite
import RxLiteTest
import Synchronization
import Testing

// A handler written on an actor never runs off it: subscribe(onNext:...), bind(onNext:), subscribe(with:...) take
// the caller's isolation (#isolation) and deliver there. Checked without asserting the main *thread* (under
// `swift test` on Linux the main actor runs on the main queue, drained by another thread).

private struct Forecast: Sendable, Equatable {
    let city: String
    let degrees: Int
}

/// A client whose answers arrive on a background thread (`Observable.task`), as the weather example.
private struct WeatherClient: Sendable {
    func forecast(for city: String) -> Observable<Forecast> {
        Observable.task { Forecast(city: city, degrees: 21) }
    }
}

/// The idiom, which compiled and ran its handler on a background thread: now the handler runs on the main
/// actor.
@MainActor private final class WeatherScreen {
    private let client = WeatherClient()
    private let disposeBag = DisposeBag()
    private(set) var lastForecast: Forecast?
    private(set) var handlerRanOnTheMainQueue: [Bool] = []
    var onUpdate: (() -> Void)?

    func reload() {
        client.forecast(for: "Seoul")
            .subscribe(onNext: { [weak self] forecast in
                self?.handlerRanOnTheMainQueue.append(MainScheduler.isOnMainQueue)
                self?.lastForecast = forecast
                self?.onUpdate?()
            })
            .disposed(by: disposeBag)
    }
}

/// Records, for each handler call, whether it ran on the main queue, and the elements in order.
private final class Calls: @unchecked Sendable {
    private let lock = Mutex<([Int], [Bool])>(([], []))
    func record(_ element: Int) {
        lock.withLock {
            $0.0.append(element); $0.1.append(MainScheduler.isOnMainQueue)
        }
    }
    var elements: [Int] { lock.withLock { $0.0 } }
    var onMain: [Bool] { lock.withLock { $0.1 } }
}

@Suite(.checksResources) struct IsolationTests {
    @Test @MainActor func theWeatherScreensHandlerRunsOnTheMainActor() async {
        let screen = WeatherScreen()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            screen.onUpdate = { done.resume() }
            screen.reload()
        }
        #expect(screen.lastForecast == Forecast(city: "Seoul", degrees: 21))
        #expect(screen.handlerRanOnTheMainQueue == [true])
    }

    @Test @MainActor func aMainActorSubscriberFedFromBackgroundThreadsGetsEveryCallOnTheMainActorInOrder() async {
        let subject = PublishSubject<Int>()
        let calls = Calls()
        let finished = Gate()
        let subscription = subject.subscribe(
            onNext: { calls.record($0) }, onCompleted: { finished.open() })
        DispatchQueue.global().async {
            for element in 0..<500 { subject.onNext(element) }
            subject.onCompleted()
        }
        await finished.wait()
        #expect(calls.elements == Array(0..<500))
        #expect(calls.onMain.allSatisfy { $0 })
        subscription.dispose()
    }

    @Test @MainActor func aMainActorSubscriberIsCalledAtOnceForEventsSentOnTheMainActor() {
        let relay = BehaviorRelay(value: 1)
        var seen: [Int] = []
        let subscription = relay.bind(onNext: { seen.append($0) })
        relay.accept(2)
        // Synchronous, as before: no hop for events that already come from the main actor.
        #expect(seen == [1, 2])
        subscription.dispose()
    }

    @Test @MainActor func nothingIsHandledAfterDisposeEvenIfItWasQueued() async {
        let subject = PublishSubject<Int>()
        let calls = Calls()
        let subscription = subject.subscribe(onNext: { calls.record($0) })
        // The element is queued for the main actor, which this test keeps busy until it disposed: it is dropped.
        sendFromAnotherThreadAndWait { subject.onNext(1) }
        subscription.dispose()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { done.resume() }
        }
        #expect(calls.elements == [])
    }

    @Test func aNonisolatedSubscriberIsCalledInlineOnTheProducingThread() async {
        let subject = PublishSubject<Int>()
        let producerThreadMatches = Mutex<[Bool]>([])
        let finished = Gate()
        let subscription = subscribeNonisolated(subject) { matches in
            producerThreadMatches.withLock { $0.append(matches) }
        } completed: {
            finished.open()
        }
        ProducerThread.queue.async {
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
        }
        await finished.wait()
        #expect(producerThreadMatches.withLock { $0 } == [true, true])
        subscription.dispose()
    }

    @Test func anActorsHandlerRunsIsolatedToThatActorInOrder() async {
        let counter = Counter()
        let subject = PublishSubject<Int>()
        await counter.start(subject)
        await withCheckedContinuation { (sent: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                for element in 0..<100 { subject.onNext(element) }
                subject.onCompleted()
                sent.resume()
            }
        }
        await counter.waitForCompletion()
        #expect(await counter.received == Array(0..<100))
        await counter.stop()
    }
}

/// Runs `send` on a global queue and blocks the caller until it has run.
private func sendFromAnotherThreadAndWait(_ send: @escaping @Sendable () -> Void) {
    let sent = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        send()
        sent.signal()
    }
    sent.wait()
}

/// A subscriber in nonisolated code: its handlers run where the events are produced.
private nonisolated func subscribeNonisolated(
    _ subject: PublishSubject<Int>, next: @escaping @Sendable (Bool) -> Void, completed: @escaping @Sendable () -> Void
) -> any Disposable {
    subject.subscribe(onNext: { _ in next(ProducerThread.isMarked) }, onCompleted: completed)
}

/// The queue the producer runs on, recognisable from inside a handler.
private enum ProducerThread {
    private static let key = DispatchSpecificKey<Int>()
    static let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "producer")
        queue.setSpecific(key: key, value: 1)
        return queue
    }()
    static var isMarked: Bool { DispatchQueue.getSpecific(key: key) == 1 }
}

/// An actor that subscribes from its own isolation; `assertIsolated` traps (failing the run) if a handler ran off it.
private actor Counter {
    private(set) var received: [Int] = []
    private var isCompleted = false
    private var waiter: CheckedContinuation<Void, Never>?
    private var subscription: (any Disposable)?

    func start(_ subject: PublishSubject<Int>) {
        subscription = subject.subscribe(
            onNext: { element in
                self.assertIsolated()
                self.received.append(element)
            },
            onCompleted: {
                self.assertIsolated()
                self.isCompleted = true
                self.waiter?.resume()
                self.waiter = nil
            })
    }

    func waitForCompletion() async {
        if isCompleted { return }
        await withCheckedContinuation { waiter = $0 }
    }

    func stop() { subscription?.dispose() }
}

/// A gate an async test opens from elsewhere; `wait()` suspends until it is open.
private final class Gate: @unchecked Sendable {
    private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
