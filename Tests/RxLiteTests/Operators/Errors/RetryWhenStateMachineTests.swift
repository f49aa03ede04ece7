import Testing

@testable import RxLite

/// `retry(when:)`'s pure state machine: a failure waits for the trigger; the trigger's end applies now or at the
/// next failure.
@Suite(.checksResources)
struct RetryWhenStateMachineTests {
    @Test func aTriggerElementResubscribesOnlyWhileAFailureWaits() {
        var machine = RetryWhenStateMachine()
        let earlyElement = machine.triggerNext()
        #expect(!earlyElement, "no failure waits yet")
        var waits = false
        let end = machine.attemptFailed(waits: &waits)
        #expect(waits && end == nil)
        let resubscribes = machine.triggerNext()
        #expect(resubscribes)
        let again = machine.triggerNext()
        #expect(!again, "one resubscription per failure")
    }

    @Test func aTriggerEndWhileAFailureWaitsEndsTheOutputNow() {
        var machine = RetryWhenStateMachine()
        var waits = false
        _ = machine.attemptFailed(waits: &waits)
        let endsNow = machine.triggerEnded(.completed)
        #expect(endsNow)
    }

    @Test func aTriggerEndWithNoFailureWaitingIsKeptForTheNextFailure() {
        var machine = RetryWhenStateMachine()
        let endsNow = machine.triggerEnded(.error(TestError.boom))
        #expect(!endsNow)
        var waits = false
        let end = machine.attemptFailed(waits: &waits)
        #expect(!waits)
        guard case .error(let error)? = end else {
            Issue.record("the kept end applies")
            return
        }
        #expect(error as? TestError == .boom)
    }

    private enum TestError: Error { case boom }
}
