import Foundation
import RxLite
import RxLiteTest

/// What ran, and when in virtual time; safe to fill from several threads.
final class RunLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Recorded<String>] = []

    var entries: [Recorded<String>] { lock.withLock { storage } }
    var labels: [String] { entries.map(\.value) }

    func record(_ label: String, at time: TestTime) {
        lock.withLock { storage.append(Recorded(time: time, value: label)) }
    }

    /// An action that records `label` with the scheduler's clock when it runs.
    func action(_ label: String, _ scheduler: TestScheduler) -> () -> Void {
        { [self] in record(label, at: scheduler.clock) }
    }
}

/// `label` ran at `time`.
func ran(_ time: TestTime, _ label: String) -> Recorded<String> {
    Recorded(time: time, value: label)
}
