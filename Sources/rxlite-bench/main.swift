import Foundation

// rxlite-bench: runs RxSwift's benchmark scenarios against RxLite and prints one row per scenario.
// Usage: rxlite-bench [--quick] [--json] [--filter NAME] [--runs N] [--iterations N] [--once NAME]
//                     [--compare OLD.json] [--check-allocations [--budgets FILE] [--update-budgets]]
// `--once NAME` runs that one scenario's body a single time (no warm-up, no timing) for instruction counting under
// callgrind; see scripts/bench-instructions. `--compare` runs as usual, then prints each scenario against an
// earlier `--json` output. `--check-allocations` only counts allocations (AllocationGate.swift) and exits 1 when a
// scenario is over its budget.

let usage = """
    usage: rxlite-bench [--quick] [--json] [--filter NAME] [--runs N] [--iterations N] [--once NAME]
                        [--compare OLD.json] [--check-allocations [--budgets FILE] [--update-budgets]]
    """

struct Options {
    var quick = false
    var json = false
    var filter: String?
    var runs = 7
    var iterations: Int?
    var once: String?
    var compare: String?
    var checkAllocations = false
    var budgets: String?
    var updateBudgets = false
}

nonisolated func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var index = 0
    func value(_ what: String) -> String {
        index += 1
        guard index < arguments.count else { fail("\(arguments[index - 1]) needs \(what)") }
        return arguments[index]
    }
    while index < arguments.count {
        switch arguments[index] {
        case "--quick": options.quick = true
        case "--json": options.json = true
        case "--filter": options.filter = value("a scenario name")
        case "--runs":
            guard let runs = Int(value("a positive number")), runs > 0 else { fail("--runs needs a positive number") }
            options.runs = runs
        case "--iterations":
            guard let iterations = Int(value("a positive number")), iterations > 0 else {
                fail("--iterations needs a positive number")
            }
            options.iterations = iterations
        case "--once": options.once = value("a scenario name")
        case "--compare": options.compare = value("a file written by --json")
        case "--check-allocations": options.checkAllocations = true
        case "--budgets": options.budgets = value("a budget file")
        case "--update-budgets": options.updateBudgets = true
        case "--help", "-h":
            print(usage)
            exit(0)
        default: fail("unknown argument \(arguments[index]); try --help")
        }
        index += 1
    }
    if (options.budgets != nil || options.updateBudgets) && !options.checkAllocations {
        fail("--budgets and --update-budgets go with --check-allocations")
    }
    return options
}

nonisolated func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("rxlite-bench: \(message)\n".utf8))
    exit(2)
}

/// The scenarios `--filter` selects (all without it), with the floor first.
nonisolated func selectedScenarios(_ options: Options) -> [Scenario] {
    let all = scenarios(quick: options.quick)
    guard let filter = options.filter else { return all }
    let exact = all.contains { $0.name == filter }
    let selected = all.filter { scenario in
        scenario.name == "Floor"
            || (exact ? scenario.name == filter : scenario.name.localizedCaseInsensitiveContains(filter))
    }
    guard selected.count > 1 || filter == "Floor" else { fail("no scenario matches \(filter)") }
    return selected
}

nonisolated func runAll(_ options: Options) {
    let iterations = options.iterations ?? (options.quick ? 100 : 10_000)
    let runs = options.quick ? 1 : options.runs
    let selected = selectedScenarios(options)
    // Read first, so that a wrong path fails before minutes of timing.
    // Under --filter, only the earlier rows of the selected scenarios (their sizes and (push) rows included).
    let families = Set(selected.map(\.family))
    let previous = options.compare.map { path in
        loadMeasurements(path).filter { options.filter == nil || families.contains(Scenario.family(of: $0.name)) }
    }
    var results: [Measurement] = []
    do {
        for scenario in selected {
            var measured = try measure(scenario, iterations: iterations, runs: runs)
            measured[0].retainedBytes = try scenario.retainedBytes?()
            results += measured
        }
    } catch {
        fail("\(error)")
    }
    let floor = results.first { $0.name == "Floor" }?.medianNanosecondsPerUnit
    for index in results.indices where Scenario.isPumping(Scenario.family(of: results[index].name)) {
        if let floor { results[index].ratioToFloor = results[index].medianNanosecondsPerUnit / floor }
    }
    if options.json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try! encoder.encode(results), as: UTF8.self))
        // The comparison goes to standard error, so that standard output stays one JSON document.
        if let previous { FileHandle.standardError.write(Data(comparison(previous, results).utf8)) }
        return
    }
    print("RxLite benchmarks: iterations \(iterations), \(runs) runs after a warm-up, median ns per unit")
    print(pad("scenario", 40), pad("units", 12), pad("ns/unit", 10), pad("min", 10), pad("x floor", 8), "allocs/unit")
    for result in results {
        let ratio = result.ratioToFloor.map { String(format: "%.2f", $0) } ?? "-"
        print(
            pad(result.name, 40), pad("\(result.units) \(unitLabel(result.unit))", 12),
            pad(String(format: "%.1f", result.medianNanosecondsPerUnit), 10),
            pad(String(format: "%.1f", result.minNanosecondsPerUnit), 10), pad(ratio, 8),
            String(format: "%.2f", result.allocationsPerUnit))
    }
    for scenario in selected {
        if let note = scenario.note { print("\(scenario.name): \(note())") }
        if let retained = results.first(where: { $0.name == scenario.name })?.retainedBytes {
            print("\(scenario.name): \(retained.note)")
        }
    }
    for line in growthLines(results) { print(line) }
    if let previous { print("", comparison(previous, results), separator: "\n", terminator: "") }
}

nonisolated func unitLabel(_ unit: String) -> String {
    switch unit {
    case "event": "ev"
    case "subscription": "sub"
    case "delivery": "dlv"
    default: unit
    }
}

nonisolated func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// Runs one scenario's body once and prints its units, so that a profiler's count covers exactly that work.
nonisolated func runOnce(_ name: String, iterations runIterations: Int) {
    guard let scenario = (scenarios(quick: false) + scenarios(quick: true)).first(where: { $0.name == name }) else {
        fail("no scenario named \(name)")
    }
    let iterations = scenario.iterations(runIterations)
    do { try checkedRun(scenario, iterations) } catch { fail("\(error)") }
    print("\(scenario.units(iterations)) \(scenario.unit)")
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
if let once = options.once {
    runOnce(once, iterations: options.iterations ?? 100)
} else if options.checkAllocations {
    exit(checkAllocations(options) ? 0 : 1)
} else {
    runAll(options)
}
