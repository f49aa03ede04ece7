import Foundation

// The allocation gate (`rxlite-bench --check-allocations`, run by .ci/run): allocation counts are deterministic where
// timings are not, so CI can hold them exactly, as swift-nio does. Every `*Pumping` and `*Creating` scenario runs at
// the --quick sizes, without timing: a warm-up, then the harness's two-size difference (`allocationsPerUnit`), the
// fewest of three.
// - A `*Pumping` scenario fails when it allocates per event (more than 0.01 per unit, for rounding), unless
//   benchmarks/allocation-budgets.json gives it a budget per event (`allocationsPerEvent`): the scenarios whose
//   events each build inner observables (`flatMap { Observable.just($0) }`), one object each since `Observable` is
//   a class, as in RxSwift.
// - A `*Creating` scenario fails when it allocates more per subscription than its budget in
//   benchmarks/allocation-budgets.json, or when it has no budget there.
// The family is the name up to its parameter: "FanOutPumping(100)" is a pumping scenario.
//
// The budgets are a JSON file in the repository, not Swift source, so that lowering one after an improvement needs
// no rebuild, and so that `--budgets FILE` can point the gate at another file (CI checks that the gate fails with a
// lowered budget). `--update-budgets` writes today's counts into the file.

/// The checked-in budget file: `allocationsPerSubscription` maps each creating scenario's name to its budget.
struct AllocationBudgets: Codable {
    var comment: String?
    var allocationsPerSubscription: [String: Double]
    /// The pumping scenarios that may allocate per event, and how much: those whose events build observables.
    var allocationsPerEvent: [String: Double]?
}

/// Where the budget file is in the repository this binary was built from.
nonisolated func defaultBudgetsPath() -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("benchmarks/allocation-budgets.json").path
}

/// Above this per event, a pumping scenario allocates per event (counts are whole numbers per run; the slack is for
/// the division).
let pumpingAllocationLimit = 0.01

/// Runs the gate and prints one line per scenario; `true` when every scenario is within its limit.
nonisolated func checkAllocations(_ options: Options) -> Bool {
    let path = options.budgets ?? defaultBudgetsPath()
    var budgets = loadBudgets(at: path, startingEmpty: options.updateBudgets)
    // The --quick sizes: the counts do not depend on the size, and the gate should take seconds.
    let runIterations = options.iterations ?? 100
    let gated = selectedScenarios(Options(quick: true, filter: options.filter)).filter {
        $0.isPumping || $0.isCreating
    }
    print("allocation gate: \(gated.count) scenarios at the --quick sizes; budgets from \(path)")
    var failures: [String] = []
    var measured: [String: Double] = [:]
    for scenario in gated {
        let allocations = fewestAllocations(scenario, iterations: scenario.iterations(runIterations))
        if scenario.isPumping {
            if let failure = judgePumping(scenario, allocations, budgets) { failures.append(failure) }
            continue
        }
        measured[scenario.name] = allocations
        if options.updateBudgets {
            print(
                pad(scenario.name, 40), pad(String(format: "%.2f", allocations), 10), "per \(scenario.unit), new budget"
            )
            continue
        }
        if let failure = judgeCreating(scenario, allocations, budgets, path: path) { failures.append(failure) }
    }
    if options.updateBudgets { writeBudgets(&budgets, measured, to: path) }
    let known = Set(scenarios(quick: true).map(\.name))
    for name in budgets.allocationsPerSubscription.keys.sorted() where !known.contains(name) {
        print("note: \(path) has a budget for \(name), which is no scenario (renamed?)")
    }
    return reportVerdict(failures)
}

/// The budget file at `path`; an empty one when it cannot be read and `startingEmpty` (--update-budgets).
nonisolated func loadBudgets(at path: String, startingEmpty: Bool) -> AllocationBudgets {
    do {
        return try JSONDecoder().decode(AllocationBudgets.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        if startingEmpty { return AllocationBudgets(comment: nil, allocationsPerSubscription: [:]) }
        fail("cannot read the allocation budgets at \(path) (--budgets FILE): \(error)")
    }
}

/// Allocations per unit of `scenario`, after a warm-up, as the fewest of three counts.
nonisolated func fewestAllocations(_ scenario: Scenario, iterations: Int) -> Double {
    do {
        try checkedRun(scenario, iterations)  // warm-up: first-use allocations (metadata, caches) land here
        // At the --quick size and twice it (10,000 and 20,000 events), where the table's column uses a tenth of
        // that, and the fewest of three counts: the time scenarios' timers fire on another thread, and whether
        // debounce re-arms its timer once (a dozen allocations, not per event) depends on how late it fires.
        return try (0..<3).map { _ in try allocationsPerUnit(scenario, small: iterations) }.min()!
    } catch {
        fail("\(error)")
    }
}

/// Prints a pumping scenario's row; its failure when it allocates per event beyond its budget (0 unless listed).
nonisolated func judgePumping(_ scenario: Scenario, _ allocations: Double, _ budgets: AllocationBudgets) -> String? {
    let figure = String(format: "%.2f", allocations)
    let budget = budgets.allocationsPerEvent?[scenario.name] ?? 0
    print(pad(scenario.name, 40), pad(figure, 10), "per \(scenario.unit), budget \(budget)")
    guard allocations > budget + pumpingAllocationLimit else { return nil }
    return "\(scenario.name): \(figure) allocations per \(scenario.unit), budget \(budget): a pumping path "
        + "allocates per event"
}

/// Prints a creating scenario's row; its failure when it has no budget or allocates more than it.
nonisolated func judgeCreating(
    _ scenario: Scenario, _ allocations: Double, _ budgets: AllocationBudgets, path: String
) -> String? {
    let figure = String(format: "%.2f", allocations)
    guard let budget = budgets.allocationsPerSubscription[scenario.name] else {
        print(pad(scenario.name, 40), pad(figure, 10), "per \(scenario.unit), no budget")
        return "\(scenario.name): \(figure) allocations per \(scenario.unit), no budget: add \"\(scenario.name)\": "
            + "\(figure) to \(path)"
    }
    var verdict = "budget \(String(format: "%.2f", budget))"
    var failure: String?
    if allocations > budget + pumpingAllocationLimit {
        failure =
            "\(scenario.name): \(figure) allocations per \(scenario.unit), budget \(String(format: "%.2f", budget))"
    } else if allocations < budget - 0.5 {
        verdict += " (below it: lower the budget to \(figure))"
    }
    print(pad(scenario.name, 40), pad(figure, 10), "per \(scenario.unit), \(verdict)")
    return failure
}

/// Writes `measured` (rounded up) into `budgets` and the file at `path` (--update-budgets).
nonisolated func writeBudgets(_ budgets: inout AllocationBudgets, _ measured: [String: Double], to path: String) {
    for (name, allocations) in measured { budgets.allocationsPerSubscription[name] = allocations.rounded(.up) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
        try (encoder.encode(budgets) + Data("\n".utf8)).write(to: URL(fileURLWithPath: path))
    } catch {
        fail("cannot write \(path): \(error)")
    }
    print("wrote \(measured.count) budgets to \(path)")
}

/// Prints the gate's verdict: the failures on standard error, after the table; `true` when there are none.
nonisolated func reportVerdict(_ failures: [String]) -> Bool {
    guard failures.isEmpty else {
        fflush(nil)  // all output streams: the table first, then the verdict, in a CI log that merges the two streams
        FileHandle.standardError.write(
            Data(
                ("rxlite-bench: allocation gate FAILED for \(failures.count) scenario(s):\n"
                    + failures.map { "  \($0)\n" }.joined()).utf8))
        return false
    }
    print("allocation gate passed")
    return true
}
