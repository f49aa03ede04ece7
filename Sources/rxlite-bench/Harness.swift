import CAllocationCounter
import Dispatch
import Foundation

/// One benchmark: a body that does `units(iterations)` units of work and returns a checksum that proves the work
/// was done right.
struct Scenario: Sendable {
    let name: String
    /// What one unit is, for the report ("event", "subscription").
    let unit: String
    /// Pumping scenarios push events through a chain built once; their cost is compared with the floor.
    let isPumping: Bool
    let units: @Sendable (_ iterations: Int) -> Int
    let expectedChecksum: @Sendable (_ iterations: Int) -> Int
    let body: @Sendable (_ iterations: Int) -> Int
    /// Extra figures a scenario measured in its last run, printed under the table.
    var note: (@Sendable () -> String)? = nil
    /// Heap bytes kept by live subscriptions, counted after the timings, printed under the table and carried in
    /// the scenario's --json entry.
    var retainedBytes: (@Sendable () throws -> RetainedBytes)? = nil
}

struct Measurement: Codable {
    let name: String
    let unit: String
    let units: Int
    let runs: Int
    let medianNanosecondsPerUnit: Double
    let minNanosecondsPerUnit: Double
    var ratioToFloor: Double?
    /// Heap allocations per extra unit, measured as the difference between two sizes so setup does not count.
    let allocationsPerUnit: Double
    /// Only for scenarios that count it (MapFilterCreating).
    var retainedBytes: RetainedBytes?
}

enum BenchmarkFailure: Error, CustomStringConvertible {
    case wrongChecksum(scenario: String, expected: Int, actual: Int)
    case heapNotReleased(scenario: String, bytes: Int, subscriptions: Int)

    var description: String {
        switch self {
        case .wrongChecksum(let scenario, let expected, let actual):
            return "\(scenario): checksum \(actual), expected \(expected): the scenario computed a wrong result"
        case .heapNotReleased(let scenario, let bytes, let subscriptions):
            return "\(scenario): \(bytes) heap bytes still in use after disposing \(subscriptions) subscriptions: "
                + "something is leaked"
        }
    }
}

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

nonisolated func measure(_ scenario: Scenario, iterations: Int, runs: Int) throws -> Measurement {
    let units = scenario.units(iterations)
    let expected = scenario.expectedChecksum(iterations)
    // Warm-up, and a first check of the result.
    let warmup = scenario.body(iterations)
    guard warmup == expected else {
        throw BenchmarkFailure.wrongChecksum(scenario: scenario.name, expected: expected, actual: warmup)
    }
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = nanoseconds()
        let checksum = scenario.body(iterations)
        let elapsed = nanoseconds() - start
        guard checksum == expected else {
            throw BenchmarkFailure.wrongChecksum(scenario: scenario.name, expected: expected, actual: checksum)
        }
        samples.append(Double(elapsed) / Double(units))
    }
    samples.sort()
    // Marginal allocations: the same scenario at two sizes, so the cost of building the chain cancels out.
    let small = max(1, iterations / 10)
    let before = rxlite_allocation_count()
    _ = scenario.body(small)
    let middle = rxlite_allocation_count()
    _ = scenario.body(small * 2)
    let after = rxlite_allocation_count()
    let extraUnits = scenario.units(small * 2) - scenario.units(small)
    let extraAllocations = Double(after - middle) - Double(middle - before)
    return Measurement(
        name: scenario.name, unit: scenario.unit, units: units, runs: runs,
        medianNanosecondsPerUnit: samples[samples.count / 2], minNanosecondsPerUnit: samples[0],
        ratioToFloor: nil, allocationsPerUnit: max(0, extraAllocations / Double(max(1, extraUnits))))
}
