import Foundation
import RxLite
import RxLiteTest
import Testing

/// Producer threads per stress test (`DispatchQueue.concurrentPerform` iterations).
let stressThreads = 8
/// Elements per producer, or rounds of a race: `RXLITE_STRESS_ITERATIONS`, 20,000 by default (CI also runs this
/// suite under ThreadSanitizer, which is 5-20 times slower).
let stressIterations = ProcessInfo.processInfo.environment["RXLITE_STRESS_ITERATIONS"].flatMap(Int.init) ?? 20_000

/// The element a producer sends: its index and a sequence number, so order per producer can be checked.
private func stamp(_ producer: Int, _ sequence: Int) -> Int { producer * 10_000_000 + sequence }

/// `true` when each producer's elements arrive in the order sent, and all of them arrive.
private func keepsProducerOrder(_ elements: [Int], producers: Int, perProducer: Int) -> Bool {
    var next = Array(repeating: 0, count: producers)
    for element in elements {
        let (producer, sequence) = element.quotientAndRemainder(dividingBy: 10_000_000)
        guard producer < producers, sequence == next[producer] else { return false }
        next[producer] += 1
    }
    return next.allSatisfy { $0 == perProducer }
}

/// Hands a disposable to another thread. Disposables are not `Sendable` (a chain lives where it was built), but
/// disposing one from another thread is what these tests race on purpose.
private final class Handoff: @unchecked Sendable {
    let disposable: any Disposable
    init(_ disposable: any Disposable) { self.disposable = disposable }
}

/// Real threads against subjects, relays and multi-source operators: every test checks the Rx contract (no
/// overlapping calls, nothing after a terminal event) and the exact counts. `.ci/run` also runs this suite under
/// `swift test --sanitize=thread`.
@Suite(.serialized, .checksResources) struct ConcurrencyStress {
    @Test func manyProducersIntoPublishSubject() {
        let subject = PublishSubject<Int>()
        let logs = [EventLog<Int>(), EventLog<Int>()]
        let subscriptions = logs.map { subject.subscribe($0) }
        DispatchQueue.concurrentPerform(iterations: stressThreads) { producer in
            for sequence in 0..<stressIterations { subject.onNext(stamp(producer, sequence)) }
        }
        subject.onCompleted()
        for log in logs {
            #expect(log.count == stressThreads * stressIterations + 1)
            #expect(log.isCompleted)
            #expect(log.contractViolations == 0)
            #expect(keepsProducerOrder(log.elements, producers: stressThreads, perProducer: stressIterations))
        }
        // Both observers saw the one serialized order.
        #expect(logs[0].elements == logs[1].elements)
        for subscription in subscriptions { subscription.dispose() }
    }

    @Test func manyProducersIntoBehaviorRelay() {
        let relay = BehaviorRelay(value: -1)
        let log = EventLog<Int>()
        let subscription = relay.subscribe(log)
        DispatchQueue.concurrentPerform(iterations: stressThreads) { producer in
            for sequence in 0..<stressIterations { relay.accept(stamp(producer, sequence)) }
        }
        #expect(log.count == 1 + stressThreads * stressIterations)
        #expect(log.contractViolations == 0)
        #expect(log.elements.first == -1)
        let accepted = Array(log.elements.dropFirst())
        #expect(keepsProducerOrder(accepted, producers: stressThreads, perProducer: stressIterations))
        // The relay's value is the last element delivered.
        #expect(relay.value == log.elements.last)
        subscription.dispose()
    }

    @Test func manyProducersIntoMerge() {
        let subjects = (0..<stressThreads).map { _ in PublishSubject<Int>() }
        let log = EventLog<Int>()
        let subscription = Observable.merge(subjects.map { $0.asObservable() }).subscribe(log)
        DispatchQueue.concurrentPerform(iterations: stressThreads) { producer in
            for sequence in 0..<stressIterations { subjects[producer].onNext(stamp(producer, sequence)) }
            subjects[producer].onCompleted()
        }
        #expect(log.count == stressThreads * stressIterations + 1)
        #expect(log.isCompleted)
        #expect(log.contractViolations == 0)
        #expect(keepsProducerOrder(log.elements, producers: stressThreads, perProducer: stressIterations))
        subscription.dispose()
    }

    @Test func manyProducersIntoCombineLatest() {
        let subjects = (0..<stressThreads).map { _ in PublishSubject<Int>() }
        let log = EventLog<[Int]>()
        let subscription = Observable.combineLatest(subjects.map { $0.asObservable() }).subscribe(log)
        DispatchQueue.concurrentPerform(iterations: stressThreads) { producer in
            for sequence in 0..<stressIterations { subjects[producer].onNext(sequence) }
            subjects[producer].onCompleted()
        }
        let combined = log.elements
        #expect(log.isCompleted)
        #expect(log.contractViolations == 0)
        // One output per element once every source has one: at most all of them, at least the last of each.
        #expect(combined.count <= stressThreads * stressIterations)
        #expect(combined.count >= stressIterations)
        #expect(combined.last == Array(repeating: stressIterations - 1, count: stressThreads))
        // Each source's latest value only moves forward.
        let monotonic = zip(combined, combined.dropFirst()).allSatisfy { earlier, later in
            zip(earlier, later).allSatisfy { $0 <= $1 }
        }
        #expect(monotonic)
        subscription.dispose()
    }

    /// The contract of `dispose()` called while another thread emits (Swift6AndThreads, "Disposing from another
    /// thread"): no event whose emission starts after `dispose()` returned is delivered. A delivery that had already
    /// started may still finish after `dispose()` returns, as in RxSwift; so each element says whether the emitting
    /// thread saw the disposal done before it called `onNext`, and only those must never arrive.
    @Test func disposeRacingEmission() {
        let rounds = max(1, stressIterations / 10)
        let lateEvents = RxAtomic<Int>(0)
        let violations = RxAtomic<Int>(0)
        for _ in 0..<rounds {
            let subject = PublishSubject<Int>()
            let log = EventLog<Int>()
            let disposed = RxAtomic<Bool>(false)
            // An element emitted after the disposal returned is negative.
            let subscription = Handoff(
                subject.map { $0 }.filter { _ in true }.subscribe { event in
                    if case .next(let value) = event, value < 0 { lateEvents.add(1, ordering: .relaxed) }
                    log.on(event)
                })
            DispatchQueue.concurrentPerform(iterations: 3) { thread in
                if thread == 0 {
                    subscription.disposable.dispose()
                    disposed.store(true, ordering: .releasing)
                } else {
                    for value in 1...50 {
                        subject.onNext(disposed.load(ordering: .acquiring) ? -value : value)
                    }
                }
            }
            violations.add(log.contractViolations, ordering: .relaxed)
        }
        #expect(violations.load(ordering: .relaxed) == 0)
        // Nothing whose emission started after dispose() had returned is delivered.
        #expect(lateEvents.load(ordering: .relaxed) == 0)
    }

    @Test(.checksResources(.processWide)) func subscribeRacingCompletion() {
        let rounds = max(1, stressIterations / 10)
        let wrong = RxAtomic<Int>(0)
        for _ in 0..<rounds {
            let subject = PublishSubject<Int>()
            let logs = (0..<4).map { _ in EventLog<Int>() }
            let subscriptions = Protected<[Handoff]>([])
            DispatchQueue.concurrentPerform(iterations: 5) { thread in
                if thread == 4 {
                    subject.onCompleted()
                } else {
                    let subscription = subject.subscribe(logs[thread])
                    subscriptions.withLock { $0.append(Handoff(subscription)) }
                }
            }
            // Every observer gets exactly the completion: live, or replayed because it came after the end.
            for log in logs where log.events.count != 1 || !log.isCompleted || log.contractViolations != 0 {
                wrong.add(1, ordering: .relaxed)
            }
            subscriptions.withLock { $0.forEach { $0.disposable.dispose() } }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
    }

    @Test(.checksResources(.processWide)) func observeOnKeepsOrder() {
        let subject = PublishSubject<Int>()
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxlite.stress.observeOn")
        let log = EventLog<Int>()
        let done = DispatchSemaphore(value: 0)
        let producers = 4
        let subscription = subject.observe(on: scheduler).subscribe { event in
            log.on(event)
            if event.isStopEvent { done.signal() }
        }
        DispatchQueue.concurrentPerform(iterations: producers) { producer in
            for sequence in 0..<stressIterations { subject.onNext(stamp(producer, sequence)) }
        }
        subject.onCompleted()
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(log.count == producers * stressIterations + 1)
        #expect(log.isCompleted)
        #expect(log.contractViolations == 0)
        #expect(keepsProducerOrder(log.elements, producers: producers, perProducer: stressIterations))
        subscription.dispose()
    }

    @Test func innerSequencesOfFlatMapFedFromSeveralThreads() {
        let inners = (0..<4).map { _ in PublishSubject<Int>() }
        let log = EventLog<Int>()
        let subscription = Observable.from(0..<inners.count).flatMap { inners[$0] }.subscribe(log)
        DispatchQueue.concurrentPerform(iterations: inners.count) { producer in
            for sequence in 0..<stressIterations { inners[producer].onNext(stamp(producer, sequence)) }
            inners[producer].onCompleted()
        }
        #expect(log.count == inners.count * stressIterations + 1)
        #expect(log.isCompleted)
        #expect(log.contractViolations == 0)
        #expect(keepsProducerOrder(log.elements, producers: inners.count, perProducer: stressIterations))
        subscription.dispose()
    }

    @Test func flatMapOfJustFromManyProducers() {
        let subject = PublishSubject<Int>()
        let log = EventLog<Int>()
        let subscription = subject.flatMap { Observable.just($0) }.flatMapLatest { Observable.just($0) }.subscribe(log)
        DispatchQueue.concurrentPerform(iterations: stressThreads) { producer in
            for sequence in 0..<stressIterations { subject.onNext(stamp(producer, sequence)) }
        }
        subject.onCompleted()
        #expect(log.count == stressThreads * stressIterations + 1)
        #expect(log.isCompleted)
        #expect(log.contractViolations == 0)
        #expect(keepsProducerOrder(log.elements, producers: stressThreads, perProducer: stressIterations))
        subscription.dispose()
    }

    @Test(.checksResources(.processWide)) func sharedSequenceWithSubscribersComingAndGoing() {
        let subject = PublishSubject<Int>()
        // Observable is not Sendable: a chain lives where it was built. Subscribing to a shared one from several
        // threads at once is what this test races on purpose.
        nonisolated(unsafe) let shared = subject.share(replay: 1)
        let logs = (0..<3).map { _ in EventLog<Int>() }
        DispatchQueue.concurrentPerform(iterations: logs.count + 1) { thread in
            if thread == logs.count {
                for value in 0..<stressIterations { subject.onNext(value) }
                return
            }
            for _ in 0..<(stressIterations / 4) {
                shared.subscribe(logs[thread]).dispose()
            }
        }
        // Every subscriber left: the shared connection ended and released the subject.
        #expect(!subject.hasObservers)
        for log in logs {
            #expect(log.contractViolations == 0)
            // One producer: whatever a subscriber saw, replayed or live, never goes back in time.
            #expect(zip(log.elements, log.elements.dropFirst()).allSatisfy { $0 <= $1 })
        }
    }

    @Test func ambRacesHaveOneWinner() {
        let rounds = max(1, stressIterations / 20)
        for _ in 0..<rounds {
            let subjects = [PublishSubject<Int>(), PublishSubject<Int>()]
            let log = EventLog<Int>()
            let subscription = subjects[0].amb(subjects[1]).subscribe(log)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                for value in 0..<10 { subjects[index].onNext(index * 100 + value) }
            }
            #expect(log.contractViolations == 0)
            let winners = Set(log.elements.map { $0 / 100 })
            #expect(winners.count == 1)
            #expect(log.count == 10)
            subscription.dispose()
        }
    }

    @Test func retryWhenTriggerFromAnotherThread() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<Void>()
        let log = EventLog<Int>()
        let subscription = source.retry(when: { (_: Observable<any Error>) in trigger.asObservable() }).subscribe(log)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for value in 0..<(stressIterations / 10) {
                if thread == 0 { source.onNext(value) } else { trigger.onNext(()) }
            }
        }
        trigger.onCompleted()
        // As in RxSwift, the trigger's end waits for the next failure, which ends the result.
        source.onError(TestError())
        #expect(log.contractViolations == 0)
        #expect(log.isCompleted)
        #expect(zip(log.elements, log.elements.dropFirst()).allSatisfy { $0 < $1 })
        subscription.dispose()
    }
}
