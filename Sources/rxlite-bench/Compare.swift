import Foundation

// `rxlite-bench --compare OLD.json`: after the run, each scenario against an earlier `--json` output (an array of
// `Measurement`), so that a change's effect is one command. Only the fields every --json output has are read, so
// files from older versions of the benchmark compare too.

/// What --compare reads of an earlier measurement.
struct PreviousMeasurement: Decodable {
    let name: String
    let medianNanosecondsPerUnit: Double
    let allocationsPerUnit: Double
}

nonisolated func loadMeasurements(_ path: String) -> [PreviousMeasurement] {
    do {
        return try JSONDecoder().decode(
            [PreviousMeasurement].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        fail("cannot read \(path) as rxlite-bench --json output: \(error)")
    }
}

/// The comparison table: per scenario in both, old and new ns/unit, new/old, and the allocation change; then the
/// scenarios found on one side only.
nonisolated func comparison(_ previous: [PreviousMeasurement], _ current: [Measurement]) -> String {
    let old = Dictionary(previous.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let currentNames = Set(current.map(\.name))
    var lines = [
        "Compared with the earlier run (new/old below 1 is faster)",
        [
            pad("scenario", 40), pad("old ns/unit", 12), pad("new ns/unit", 12), pad("new/old", 8),
            "allocs/unit old -> new",
        ]
        .joined(separator: " "),
    ]
    for result in current {
        guard let before = old[result.name] else { continue }
        let ratio =
            before.medianNanosecondsPerUnit > 0
            ? result.medianNanosecondsPerUnit / before.medianNanosecondsPerUnit : .nan
        let change = result.allocationsPerUnit - before.allocationsPerUnit
        let allocations =
            String(format: "%.2f -> %.2f", before.allocationsPerUnit, result.allocationsPerUnit)
            + (abs(change) < 0.005 ? "" : String(format: " (%+.2f)", change))
        lines.append(
            [
                pad(result.name, 40), pad(String(format: "%.1f", before.medianNanosecondsPerUnit), 12),
                pad(String(format: "%.1f", result.medianNanosecondsPerUnit), 12), pad(String(format: "%.2f", ratio), 8),
                allocations,
            ].joined(separator: " "))
    }
    let onlyNew = current.map(\.name).filter { old[$0] == nil }
    let onlyOld = previous.map(\.name).filter { !currentNames.contains($0) }
    if !onlyNew.isEmpty { lines.append("only in this run: " + onlyNew.joined(separator: ", ")) }
    if !onlyOld.isEmpty { lines.append("only in the earlier run: " + onlyOld.joined(separator: ", ")) }
    return lines.joined(separator: "\n") + "\n"
}
