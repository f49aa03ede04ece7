import Dispatch
import Foundation

/// The dispatch plumbing shared by the queue-backed schedulers.
///
/// The dispatch blocks are `@Sendable`, and neither a ``ScheduledItem`` nor a ``PeriodicStorage`` is (what they hold
/// is not: a disposable, the action's state): they cross into the blocks in an ``UncheckedTransfer``, which is safe
/// because each keeps what it holds under its lock.
struct DispatchQueueEngine: Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<State>(_ state: State, action: @escaping (State) -> any Disposable) -> any Disposable {
        let cancel = ScheduledItem.make()
        let item = UncheckedTransfer(value: cancel)
        let work = UncheckedTransfer(value: (state, action))
        queue.async {
            let cancel = item.value
            if cancel.isDisposed { return }
            // Debug builds: what the action makes belongs to the scope that scheduled it (a test's, for example).
            cancel.withCreationScope { cancel.setInner(work.value.1(work.value.0)) }
        }
        return cancel
    }

    func scheduleRelative<State>(
        _ state: State, dueTime: RxTimeInterval, action: @escaping (State) -> any Disposable
    ) -> any Disposable {
        let cancel = ScheduledItem.make()
        let item = UncheckedTransfer(value: cancel)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let work = UncheckedTransfer(value: (state, action))
        timer.setEventHandler {
            let cancel = item.value
            // A fired one-shot timer is cancelled so it releases this handler (and the item it holds).
            cancel.releaseTimer()
            if cancel.isDisposed { return }
            cancel.withCreationScope { cancel.setInner(work.value.1(work.value.0)) }
        }
        timer.schedule(deadline: .now() + dueTime, leeway: leeway)
        // Stored before it can fire: a handler that ran first would find no timer to release, and the timer stored
        // after it would keep its handler, which holds the item, which holds the timer (a leak valgrind caught).
        cancel.setTimer(timer)
        timer.resume()
        return cancel
    }

    func schedulePeriodic<State>(
        _ state: State, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (State) -> State
    ) -> any Disposable {
        let cancel = ScheduledItem.make()
        let item = UncheckedTransfer(value: cancel)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let periodic = UncheckedTransfer(value: PeriodicStorage.make(state: state, action: action))
        timer.setEventHandler {
            let cancel = item.value
            if cancel.isDisposed { return }
            cancel.withCreationScope { periodic.value.run() }
        }
        timer.schedule(deadline: .now() + startAfter, repeating: period, leeway: leeway)
        cancel.setTimer(timer)
        timer.resume()
        return cancel
    }
}
