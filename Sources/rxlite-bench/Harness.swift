import CAllocationCounter
import Dispatch
import Foundation
import RxLite

/// One benchmark: a body that does `units(iterations)` units of work and returns a checksum that proves the work
/// was done right.
struct Scenario: Sendable {
    let name: String
    /// What one unit is, for the report ("event", "subscription").
    let unit: String
    let units: @Sendable (_ iterations: Int) -> Int
    let expectedChecksum: @Sendable (_ iterations: Int) -> Int
    let body: @Sendable (_ iterations: Int) -> Int
    /// Extra figures a scenario measured in its last run, printed under the table.
    var note: (@Sendable () -> String)? = nil
    /// Heap bytes kept by live subscriptions, counted after the timings, printed under the table and carried in
    /// the scenario's --json entry.
    var retainedBytes: (@Sendable () throws -> RetainedBytes)? = nil
    /// This scenario's own iteration count for the run's `--iterations`, when one of its iterations is much more
    /// work than a plain scenario's (10,000 subscribers, a 1,000-deep chain). `units`, `expectedChecksum` and `body`
    /// take the scaled count.
    var scale: (@Sendable (_ iterations: Int) -> Int)? = nil
    /// What a run's time covers.
    var timing: Timing = .wholeBody

    enum Timing: Sendable {
        /// The whole body.
        case wholeBody
        /// Only the part the body wraps in `sectionClock.time`, so that its setup (subscribing 100,000 observers)
        /// does not count.
        case section
        /// Both: the whole body as the scenario's row, and the section as a second row named `name(label)` (the
        /// push phase of a time scenario, without the wait for its timer).
        case wholeBodyAndSection(label: String)
    }

    func iterations(_ runIterations: Int) -> Int { scale?(runIterations) ?? runIterations }

    /// The name up to its parameter: "FanOutPumping" for "FanOutPumping(100)".
    var family: String { Scenario.family(of: name) }
    /// Pumping scenarios (`…Pumping`) push events through a chain built once; their cost is compared with the floor.
    var isPumping: Bool { Scenario.isPumping(family) }
    /// Creating scenarios (`…Creating`) build and subscribe a chain per iteration; the allocation gate budgets them.
    var isCreating: Bool { family.hasSuffix("Creating") }

    static func isPumping(_ family: String) -> Bool { family.hasSuffix("Pumping") }

    static func family(of name: String) -> String { String(name.prefix { $0 != "(" }) }
}

/// The part of a run that a scenario times itself (see `Scenario.Timing.section`).
final class SectionClock: Sendable {
    private let elapsed = RxAtomic<Int>(-1)

    /// Runs `body` and keeps its duration as this run's section.
    func time<Result>(_ body: () -> Result) -> Result {
        let start = nanoseconds()
        let result = body()
        elapsed.store(Int(nanoseconds() - start), ordering: .relaxed)
        return result
    }

    /// Keeps `nanoseconds` as this run's section, for a section made of several timed parts.
    func record(_ nanoseconds: UInt64) { elapsed.store(Int(nanoseconds), ordering: .relaxed) }

    /// The section timed since the last call, if any.
    func take() -> Int? {
        let value = elapsed.exchange(-1, ordering: .relaxed)
        return value < 0 ? nil : value
    }
}

let sectionClock = SectionClock()

/// One row of the report and one entry of --json (whose readers, `--compare` included, rely on these names).
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
    /// Only for the creating scenarios that count it.
    var retainedBytes: RetainedBytes?
}

enum BenchmarkFailure: Error, CustomStringConvertible {
    case wrongChecksum(scenario: String, expected: Int, actual: Int)
    case heapNotReleased(scenario: String, bytes: Int, subscriptions: Int)
    case noSection(scenario: String)

    var description: String {
        switch self {
        case .wrongChecksum(let scenario, let expected, let actual):
            return "\(scenario): checksum \(actual), expected \(expected): the scenario computed a wrong result"
        case .heapNotReleased(let scenario, let bytes, let subscriptions):
            return "\(scenario): \(bytes) heap bytes still in use after disposing \(subscriptions) subscriptions: "
                + "something is leaked"
        case .noSection(let scenario):
            return "\(scenario): the scenario's timing is a section, but its body timed none (sectionClock.time)"
        }
    }
}

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Times `scenario` and counts its allocations: one measurement, or two when it also times a section on its own.
nonisolated func measure(_ scenario: Scenario, iterations runIterations: Int, runs: Int) throws -> [Measurement] {
    let iterations = scenario.iterations(runIterations)
    let units = scenario.units(iterations)
    // Warm-up, and a first check of the result.
    try checkedRun(scenario, iterations)
    var bodySamples: [Double] = []
    var sectionSamples: [Double] = []
    for _ in 0..<runs {
        _ = sectionClock.take()
        let start = nanoseconds()
        try checkedRun(scenario, iterations)
        let elapsed = nanoseconds() - start
        bodySamples.append(Double(elapsed) / Double(units))
        if let section = sectionClock.take() { sectionSamples.append(Double(section) / Double(units)) }
    }
    let allocations = try allocationsPerUnit(scenario, small: max(1, iterations / 10))
    func measurement(_ name: String, _ samples: [Double]) throws -> Measurement {
        guard samples.count == runs else { throw BenchmarkFailure.noSection(scenario: scenario.name) }
        let sorted = samples.sorted()
        return Measurement(
            name: name, unit: scenario.unit, units: units, runs: runs,
            medianNanosecondsPerUnit: sorted[sorted.count / 2], minNanosecondsPerUnit: sorted[0],
            ratioToFloor: nil, allocationsPerUnit: allocations)
    }
    switch scenario.timing {
    case .wholeBody: return [try measurement(scenario.name, bodySamples)]
    case .section: return [try measurement(scenario.name, sectionSamples)]
    case .wholeBodyAndSection(let label):
        return [
            try measurement(scenario.name, bodySamples), try measurement("\(scenario.name)(\(label))", sectionSamples),
        ]
    }
}

/// Runs the body once at `iterations` (the scenario's own count) and checks its checksum.
nonisolated func checkedRun(_ scenario: Scenario, _ iterations: Int) throws {
    let expected = scenario.expectedChecksum(iterations)
    let checksum = scenario.body(iterations)
    guard checksum == expected else {
        throw BenchmarkFailure.wrongChecksum(scenario: scenario.name, expected: expected, actual: checksum)
    }
}

/// Marginal allocations per unit: the same scenario at two sizes, `small` and twice that (the scenario's own
/// iteration counts), so that the cost of building the chain cancels out. Deterministic: the same count every run.
nonisolated func allocationsPerUnit(_ scenario: Scenario, small: Int) throws -> Double {
    let before = rxlite_allocation_count()
    try checkedRun(scenario, small)
    let middle = rxlite_allocation_count()
    try checkedRun(scenario, small * 2)
    let after = rxlite_allocation_count()
    let extraUnits = scenario.units(small * 2) - scenario.units(small)
    let extraAllocations = Double(after - middle) - Double(middle - before)
    return max(0, extraAllocations / Double(max(1, extraUnits)))
}
