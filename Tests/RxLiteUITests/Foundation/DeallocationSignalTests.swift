import Foundation
import RxLite
import RxLiteTest
import Testing

@testable import RxLiteUI

/// The signal `rx.observeWeakly` attaches to an object to learn when it goes away.
@Suite(.checksResources) struct DeallocationSignalTests {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []
        var entries: [String] { lock.withLock { storage } }
        func append(_ entry: String) { lock.withLock { storage.append(entry) } }
    }

    @Test func runsItsActionsInOrderWhenReleased() {
        let log = Log()
        var signal: DeallocationSignal? = DeallocationSignal()
        let first = signal?.whenReleased { log.append("first") }
        let second = signal?.whenReleased { log.append("second") }
        #expect(log.entries.isEmpty)
        signal = nil
        #expect(log.entries == ["first", "second"])
        first?.dispose()
        second?.dispose()
    }

    @Test func anActionDisposedBeforeDoesNotRun() {
        let log = Log()
        var signal: DeallocationSignal? = DeallocationSignal()
        signal?.whenReleased { log.append("disposed") }.dispose()
        _ = signal?.whenReleased { log.append("kept") }
        signal = nil
        #expect(log.entries == ["kept"])
    }

    @Test func releasedEmitsOnceAndCompletesWhenTheSignalGoes() {
        var signal: DeallocationSignal? = DeallocationSignal()
        var events: [String] = []
        let subscription = signal?.released.subscribe(
            onNext: { events.append("next") }, onCompleted: { events.append("completed") })
        #expect(events.isEmpty)
        signal = nil
        #expect(events == ["next", "completed"])
        subscription?.dispose()
    }

    @Test func releasedEndsAtOnceWhenTheSignalIsGoneAlready() {
        var signal: DeallocationSignal? = DeallocationSignal()
        let released = signal!.released
        signal = nil
        var events: [String] = []
        _ = released.subscribe(onNext: { events.append("next") }, onCompleted: { events.append("completed") })
        #expect(events == ["next", "completed"])
    }

    @Test func aSubscriptionDoesNotKeepTheSignal() {
        var signal: DeallocationSignal? = DeallocationSignal()
        weak let weakSignal = signal
        let subscription = signal?.released.subscribe()
        signal = nil
        #expect(weakSignal == nil)
        subscription?.dispose()
    }
}
