import RxLite
import RxLiteTest
import Testing

/// Each operator against its reference model on `RXLITE_FUZZ_CASES` (1,000 by default) random cases: random
/// ticks, values, errors, completions and disposal times; every event checked against the Rx contract, and
/// every case checked for leaked RxLite objects.
@Suite(.checksResources) struct OperatorFuzz {
    @Test(arguments: FuzzTargets.all)
    func matchesModel(_ target: FuzzTarget) {
        let cases = fuzz(target)
        #expect(cases == fuzzCaseCount)
    }

    /// Operators without a reference model: the Rx contract, and every source let go of once its end was
    /// consumed (a source subscription never outlives that source's terminal event).
    @Test(arguments: FuzzTargets.releaseChecked)
    func letsGoOfEverySourceAtItsEnd(_ target: FuzzTarget) {
        let cases = fuzz(target)
        #expect(cases == fuzzCaseCount)
    }
}
