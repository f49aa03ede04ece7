import Dispatch
import RxLite
import RxLiteTest

// DebouncePumping and ThrottlePumping: one million elements (at the default 10 000 iterations) pushed through
// `debounce` / `throttle(latest: true)` with a 100 ms due time on a serial dispatch scheduler, as fast as one
// thread can push them. Each run waits for the operator's last element and completion, so the checksum (the last
// element, which both operators must deliver) proves the trailing timer fired. The whole run includes waiting for
// the operator's timer (throttle's 100 ms window, spread over the elements), so each scenario has a second row,
// `Name(push)`: the push phase timed on its own, which is the operator's own cost per element. The note under the
// table gives the timers the operator asked of the scheduler (RxSwift's debounce schedules one per element).

/// Forwards to a scheduler and counts the timers (relative schedules) asked of it.
final class CountingScheduler<Base: SchedulerType>: SchedulerType {
    let base: Base
    let timers = RxAtomic<Int>(0)

    init(_ base: Base) {
        self.base = base
    }

    var now: RxTime { base.now }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        base.schedule(state, action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        timers.add(1, ordering: .relaxed)
        return base.scheduleRelative(state, dueTime: dueTime, action: action)
    }
}

/// The timers of a time scenario's largest run, for the note under the table. (The harness also runs smaller sizes
/// to count allocations; those are ignored.)
final class TimeScenarioReport: Sendable {
    private let state = Protected<(elements: Int, timers: Int)>((0, 0))

    func record(elements: Int, timers: Int) {
        state.withLock { state in
            if elements >= state.elements { state = (elements, timers) }
        }
    }

    var note: String {
        let (elements, timers) = state.withLock { $0 }
        guard elements > 0 else { return "no run" }
        return "\(timers) timer(s) scheduled for \(elements) elements"
    }
}

let debounceReport = TimeScenarioReport()
let throttleReport = TimeScenarioReport()

/// The last element delivered, and a signal for completion; written on the scheduler's queue.
final class LastElement: Sendable {
    let value = RxAtomic<Int>(0)
    let completed = DispatchSemaphore(value: 0)
}

nonisolated func timePumping(
    _ iterations: Int, report: TimeScenarioReport,
    operator apply: (Observable<Int>, CountingScheduler<SerialDispatchQueueScheduler>) -> Observable<Int>
) -> Int {
    let count = iterations * 100
    let scheduler = CountingScheduler(SerialDispatchQueueScheduler(qos: .userInitiated))
    let subject = PublishSubject<Int>()
    let last = LastElement()
    let subscription = apply(subject.asObservable(), scheduler).subscribe(
        onNext: { last.value.store($0, ordering: .relaxed) }, onCompleted: { last.completed.signal() })
    sectionClock.time { for value in 1...count { subject.onNext(value) } }
    // Completion lets the operator deliver its last element: debounce at once, throttle at the window's end.
    subject.onCompleted()
    last.completed.wait()
    subscription.dispose()
    report.record(elements: count, timers: scheduler.timers.load(ordering: .relaxed))
    return last.value.load(ordering: .relaxed)
}

nonisolated func debouncePumping(_ iterations: Int) -> Int {
    timePumping(iterations, report: debounceReport) { source, scheduler in
        source.debounce(.milliseconds(100), scheduler: scheduler)
    }
}

nonisolated func throttlePumping(_ iterations: Int) -> Int {
    timePumping(iterations, report: throttleReport) { source, scheduler in
        source.throttle(.milliseconds(100), latest: true, scheduler: scheduler)
    }
}

/// Debounce without completion: the run waits for the debounced element itself, 100 ms after the last push, so the
/// figure includes that wait (100 ns per element at a million). When the push outlasts the due time, the timer
/// fires early and re-arms once.
nonisolated func debounceIdlePumping(_ iterations: Int) -> Int {
    let count = iterations * 100
    let scheduler = CountingScheduler(SerialDispatchQueueScheduler(qos: .userInitiated))
    let subject = PublishSubject<Int>()
    let last = LastElement()
    let subscription = subject.debounce(.milliseconds(100), scheduler: scheduler).subscribe(onNext: {
        last.value.store($0, ordering: .relaxed)
        last.completed.signal()
    })
    sectionClock.time { for value in 1...count { subject.onNext(value) } }
    last.completed.wait()
    subscription.dispose()
    debounceIdleReport.record(elements: count, timers: scheduler.timers.load(ordering: .relaxed))
    return last.value.load(ordering: .relaxed)
}

let debounceIdleReport = TimeScenarioReport()
