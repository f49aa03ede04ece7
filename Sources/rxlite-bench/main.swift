import Foundation

// rxlite-bench: runs RxSwift's benchmark scenarios against RxLite and prints one row per scenario.
// Usage: rxlite-bench [--quick] [--json] [--filter NAME] [--runs N] [--iterations N] [--once NAME]
// `--once NAME` runs that one scenario's body a single time (no warm-up, no timing) for instruction counting under
// callgrind; see scripts/bench-instructions.

struct Options {
    var quick = false
    var json = false
    var filter: String?
    var runs = 7
    var iterations: Int?
    var once: String?
}

nonisolated func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var index = 0
    while index < arguments.count {
        switch arguments[index] {
        case "--quick": options.quick = true
        case "--json": options.json = true
        case "--filter":
            index += 1
            guard index < arguments.count else { fail("--filter needs a scenario name") }
            options.filter = arguments[index]
        case "--runs":
            index += 1
            guard index < arguments.count, let runs = Int(arguments[index]), runs > 0 else {
                fail("--runs needs a positive number")
            }
            options.runs = runs
        case "--iterations":
            index += 1
            guard index < arguments.count, let iterations = Int(arguments[index]), iterations > 0 else {
                fail("--iterations needs a positive number")
            }
            options.iterations = iterations
        case "--once":
            index += 1
            guard index < arguments.count else { fail("--once needs a scenario name") }
            options.once = arguments[index]
        case "--help", "-h":
            print("usage: rxlite-bench [--quick] [--json] [--filter NAME] [--runs N] [--iterations N] [--once NAME]")
            exit(0)
        default: fail("unknown argument \(arguments[index]); try --help")
        }
        index += 1
    }
    return options
}

nonisolated func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("rxlite-bench: \(message)\n".utf8))
    exit(2)
}

nonisolated func runAll(_ options: Options) {
    let iterations = options.iterations ?? (options.quick ? 100 : 10_000)
    let runs = options.quick ? 1 : options.runs
    let selected = scenarios.filter { scenario in
        guard let filter = options.filter else { return true }
        if scenarios.contains(where: { $0.name == filter }) {
            return scenario.name == "Floor" || scenario.name == filter
        }
        return scenario.name == "Floor" || scenario.name.localizedCaseInsensitiveContains(filter)
    }
    guard selected.count > 1 || options.filter == nil || options.filter == "Floor" else {
        fail("no scenario matches \(options.filter ?? "")")
    }
    var results: [Measurement] = []
    do {
        for scenario in selected {
            results.append(try measure(scenario, iterations: iterations, runs: runs))
        }
        for index in results.indices {
            results[index].retainedBytes = try selected[index].retainedBytes?()
        }
    } catch {
        fail("\(error)")
    }
    let floor = results.first { $0.name == "Floor" }?.medianNanosecondsPerUnit
    for index in results.indices where selected[index].isPumping {
        if let floor { results[index].ratioToFloor = results[index].medianNanosecondsPerUnit / floor }
    }
    if options.json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try! encoder.encode(results), as: UTF8.self))
        return
    }
    print("RxLite benchmarks: iterations \(iterations), \(runs) runs after a warm-up, median ns per unit")
    print(pad("scenario", 40), pad("units", 10), pad("ns/unit", 10), pad("min", 10), pad("x floor", 8), "allocs/unit")
    for result in results {
        let ratio = result.ratioToFloor.map { String(format: "%.2f", $0) } ?? "-"
        print(
            pad(result.name, 40), pad("\(result.units) \(unitLabel(result.unit))", 10),
            pad(String(format: "%.1f", result.medianNanosecondsPerUnit), 10),
            pad(String(format: "%.1f", result.minNanosecondsPerUnit), 10), pad(ratio, 8),
            String(format: "%.2f", result.allocationsPerUnit))
    }
    for (scenario, result) in zip(selected, results) {
        if let note = scenario.note { print("\(scenario.name): \(note())") }
        if let retained = result.retainedBytes { print("\(scenario.name): \(retained.note)") }
    }
}

nonisolated func unitLabel(_ unit: String) -> String {
    switch unit {
    case "event": "ev"
    case "subscription": "sub"
    default: unit
    }
}

nonisolated func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// Runs one scenario's body once and prints its units, so that a profiler's count covers exactly that work.
nonisolated func runOnce(_ name: String, iterations: Int) {
    guard let scenario = scenarios.first(where: { $0.name == name }) else { fail("no scenario named \(name)") }
    let checksum = scenario.body(iterations)
    guard checksum == scenario.expectedChecksum(iterations) else {
        fail(
            "\(BenchmarkFailure.wrongChecksum(scenario: name, expected: scenario.expectedChecksum(iterations), actual: checksum))"
        )
    }
    print("\(scenario.units(iterations)) \(scenario.unit)")
}

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
if let once = options.once {
    runOnce(once, iterations: options.iterations ?? 100)
} else {
    runAll(options)
}
