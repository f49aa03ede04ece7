import Foundation
import RxLite
import RxLiteTest
import Testing

/// Seconds each test below keeps starting rounds: `RXLITE_STRESS_SECONDS`, 1 by default. A time budget, not a
/// timing assertion: how many rounds fit only changes how hard the code is pushed.
private let stressSeconds = ProcessInfo.processInfo.environment["RXLITE_STRESS_SECONDS"].flatMap(Double.init) ?? 1

/// Crosses threads with what is not `Sendable`, on purpose.
private final class Shared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A subject-like source for one round: what subscribers subscribe to, how the producer feeds it and ends it.
private struct RaceSource {
    let observable: Observable<Int>
    let send: (Int) -> Void
    let complete: () -> Void
    /// Kept for the round: the subscription that keeps a shared source connected.
    let anchor: (any Disposable)?
}

private func makeSource(_ kind: String) -> RaceSource {
    switch kind {
    case "BehaviorSubject":
        let subject = BehaviorSubject(value: -1)
        return RaceSource(
            observable: subject.asObservable(), send: subject.onNext, complete: subject.onCompleted, anchor: nil)
    case "ReplaySubject":
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        return RaceSource(
            observable: subject.asObservable(), send: subject.onNext, complete: subject.onCompleted, anchor: nil)
    default:
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        return RaceSource(
            observable: shared, send: subject.onNext, complete: subject.onCompleted,
            anchor: shared.subscribe(onNext: { _ in }))
    }
}

/// Late subscribers racing a producer on the subjects that replay (issue 24's third bug, RxSwift #2713): each
/// subscriber, whenever it arrives, must get its replay and then every later element exactly once, in order, then
/// the completion; no two calls at once. A watchdog fails a round that does not finish.
@Suite(.serialized, .checksResources) struct ReplayRaceStress {
    @Test(arguments: ["BehaviorSubject", "ReplaySubject", "share(replay: 1)"])
    func lateSubscribersGetTheReplayThenEveryLaterElementOnce(kind: String) {
        let elements = 300
        let subscribers = 3
        let deadline = Date().addingTimeInterval(stressSeconds)
        var rounds = 0
        var broken: [String] = []
        repeat {
            rounds += 1
            let source = Shared(makeSource(kind))
            let logs = (0..<subscribers).map { _ in EventLog<Int>() }
            let subscriptions = Shared(Locked<[any Disposable]>([]))
            let crossing = Shared(logs)
            let roundDone = DispatchSemaphore(value: 0)
            let round = rounds
            Thread {
                DispatchQueue.concurrentPerform(iterations: subscribers + 1) { index in
                    if index == 0 {
                        for element in 0..<elements { source.value.send(element) }
                        source.value.complete()
                        return
                    }
                    // Arrive at different points of the producer's run.
                    var spin = 0
                    for _ in 0..<((index * 7919 + round * 104_729) % 20_000) { spin &+= 1 }
                    let subscription = source.value.observable.subscribe(crossing.value[index - 1])
                    subscriptions.value.withLock { $0.append(subscription) }
                }
                roundDone.signal()
            }.start()
            guard roundDone.wait(timeout: .now() + .seconds(30)) == .success else {
                Issue.record("round \(rounds) of \(kind) did not finish: deadlock")
                return
            }
            for (index, log) in logs.enumerated() {
                let received = log.elements
                let consecutive = zip(received, received.dropFirst()).allSatisfy { $1 == $0 + 1 }
                let complete = received.isEmpty || received.last == elements - 1
                if !consecutive || !complete || !log.isCompleted || log.contractViolations != 0 {
                    broken.append("round \(rounds), subscriber \(index): \(received.prefix(5))... \(log.events.count)")
                }
            }
            for subscription in subscriptions.value.withLock({ $0 }) { subscription.dispose() }
            source.value.anchor?.dispose()
        } while Date() < deadline && broken.isEmpty
        #expect(broken.isEmpty, "\(kind): \(broken.prefix(3))")
        #expect(rounds > 0)
    }
}
