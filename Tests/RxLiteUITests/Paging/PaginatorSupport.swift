import Foundation
import RxLite
import RxLiteTest
import RxLiteUI

/// A paged source in virtual time: query `q` matches `total` items named "q1", "q2", ...; each request answers
/// after `latency` ticks (as a cold test observable, so its subscription and disposal are recorded).
final class FakePagedSource: @unchecked Sendable {
    let scheduler: TestScheduler
    let total: Int
    let latency: TestTime
    /// Pages that fail (once each) instead of answering.
    var failingPages: Set<Int> = []
    /// Whether answers carry the total (otherwise only a short page ends the paging).
    var reportsTotal = true
    private let lock = NSLock()
    private var requestLog: [Recorded<String>] = []
    private var answers: [TestableObservable<Page<String>>] = []

    init(scheduler: TestScheduler, total: Int, latency: TestTime = 20) {
        self.scheduler = scheduler
        self.total = total
        self.latency = latency
    }

    /// "query page" for each request, when it was made.
    var requests: [Recorded<String>] { lock.withLock { requestLog } }
    /// The subscriptions of each request's answer, in request order.
    var subscriptions: [[Subscription]] { lock.withLock { answers.map(\.subscriptions) } }

    func fetch(_ query: String, _ request: PageRequest) -> Single<Page<String>> {
        let events: [Recorded<Event<Page<String>>>]
        let fails = lock.withLock { failingPages.remove(request.page) != nil }
        if fails {
            events = [.error(latency, TestError("page \(request.page) failed"))]
        } else {
            let start = min(request.offset, total)
            let end = min(start + request.pageSize, total)
            let page = Page(items: (start..<end).map { "\(query)\($0 + 1)" }, totalCount: reportsTotal ? total : nil)
            events = [.next(latency, page), .completed(latency)]
        }
        let answer = scheduler.createColdObservable(events)
        lock.withLock {
            requestLog.append(Recorded(time: scheduler.clock, value: "\(query) \(request.page)"))
            answers.append(answer)
        }
        return answer.asObservable().asSingle()
    }
}

extension PaginatorUpdate {
    /// "items loading more total change", e.g. "10 loading more 25 appended(0..<10)".
    var summary: String {
        var parts = ["\(state.items.count)"]
        if state.isLoading { parts.append("loading") }
        if state.error != nil { parts.append("error") }
        parts.append(state.hasMore ? "more" : "end")
        parts.append(state.totalCount.map(String.init) ?? "-")
        switch change {
        case .none: break
        case .reload: parts.append("reload")
        case .appended(let range): parts.append("appended(\(range.lowerBound)..<\(range.upperBound))")
        }
        return parts.joined(separator: " ")
    }
}

extension TestableObserver where Element == PaginatorUpdate<String> {
    /// Each update's summary, with its time.
    var summaries: [Recorded<String>] {
        events.compactMap { recorded in
            guard case .next(let update) = recorded.value else { return nil }
            return Recorded(time: recorded.time, value: update.summary)
        }
    }

    var lastState: PaginatorState<String>? {
        events.reversed().lazy.compactMap { recorded -> PaginatorState<String>? in
            guard case .next(let update) = recorded.value else { return nil }
            return update.state
        }.first
    }
}

func at(_ time: TestTime, _ value: String) -> Recorded<String> { Recorded(time: time, value: value) }

/// Runs every action at once on the calling thread: a scheduler under which a synchronous fetch answers during the
/// command that started it.
struct ImmediateScheduler: SchedulerType {
    var now: RxTime { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        action(state)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        action(state)
    }
}
