import Foundation
import RxLite
import RxLiteTest

/// Forwards to a wrapped scheduler and counts the timers (relative schedules) asked of it, so tests can assert
/// that an operator does not arm a timer per element.
final class CountingScheduler<Base: SchedulerType>: SchedulerType {
    let base: Base
    private let timers = RxAtomic<Int>(0)

    init(_ base: Base) {
        self.base = base
    }

    /// How many `scheduleRelative` calls were made.
    var timerCount: Int { timers.load(ordering: .relaxed) }

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

/// Marble values for the time-operator tests: each letter stands for itself.
let letters: [Character: String] = Dictionary(
    uniqueKeysWithValues: "abcdefghijklmnopqrstuvwxyz".map { ($0, String($0)) })

extension Array {
    /// Marble strings of expected output: `expected("^a--b|")`.
    static func expected(_ marbles: String) -> [Recorded<Event<String>>] where Element == Recorded<Event<String>> {
        Recorded.events(fromMarbles: marbles, values: letters)
    }
}
