import Testing

@testable import RxLite

/// The debug-build check of INTERNALS' rule "Locks and atomics": RxLite's locks count themselves per thread, and user
/// code entered while the count is not zero traps. The rest of the suite runs with it on, so every test is also a test
/// of that rule.
@Suite(.checksResources) struct HeldLocksTests {
    @Test func rxLiteLocksCountThemselvesOnTheirThread() {
        #if DEBUG
            let locked = Locked(0)
            #expect(HeldLocks.count == 0)
            let inside = locked.withLock { _ in HeldLocks.count }
            #expect(inside == 1)
            let lock = Lock()
            let nested = lock.withLock { locked.withLock { _ in HeldLocks.count } }
            #expect(nested == 2)
            #expect(HeldLocks.count == 0)
        #endif
    }

    @Test func anObserverEnteredUnderAnRxLiteLockTraps() async {
        #if DEBUG
            await #expect(processExitsWith: .failure) {
                let locked = Locked(0)
                let subject = PublishSubject<Int>()
                let subscription = subject.subscribe(onNext: { _ in })
                locked.withLock { _ in subject.onNext(1) }
                subscription.dispose()
            }
        #endif
    }

    @Test func aCleanupEnteredUnderAnRxLiteLockTraps() async {
        #if DEBUG
            await #expect(processExitsWith: .failure) {
                let locked = Locked(0)
                let cleanup = Disposables.create {}
                locked.withLock { _ in cleanup.dispose() }
            }
        #endif
    }
}
