import Foundation

// Growth lines under the table: how a scenario family's cost changes with its size (fan-out subscribers, live
// subscribers during churn, chain length, flatMap depth), from the rows of this run.

/// What a family's size counts, for its growth line; families that grow with depth are expected to cost per unit in
/// proportion to it.
private let sizeNames: [String: (what: String, isDepth: Bool)] = [
    "FanOutPumping": ("subscribers", false),
    "ChurnNewestCreating": ("live subscribers", false),
    "ChurnOldestCreating": ("live subscribers", false),
    "DisposeInOrderCreating": ("subscribers", false),
    "FlatMapDepthPumping": ("flatMaps in a row", true),
    "FlatMapDepthCreating": ("flatMaps in a row", true),
    "FlatMapDepthLiveCreating": ("flatMaps in a row", true),
    "FlatMapNested": ("nested flatMaps", true),
]

/// One line per family measured at more than one size in this run, and the 100-operator chain against the 12-step
/// one.
nonisolated func growthLines(_ results: [Measurement]) -> [String] {
    var families: [String] = []
    var sized: [String: [(size: Int, result: Measurement)]] = [:]
    for result in results {
        let family = Scenario.family(of: result.name)
        let parameter = result.name.dropFirst(family.count).dropFirst().dropLast()
        guard let size = Int(parameter) else { continue }
        if sized[family] == nil { families.append(family) }
        sized[family, default: []].append((size, result))
    }
    var lines: [String] = []
    for family in families {
        guard let rows = sized[family], rows.count > 1, let first = rows.first, let last = rows.last else { continue }
        let (what, isDepth) = sizeNames[family] ?? ("", false)
        let figures = rows.map { String(format: "%.1f", $0.result.medianNanosecondsPerUnit) }.joined(separator: " / ")
        let sizes = rows.map { String($0.size) }.joined(separator: " / ")
        let growth = last.result.medianNanosecondsPerUnit / first.result.medianNanosecondsPerUnit
        var line =
            "\(family): \(figures) ns per \(first.result.unit) at \(sizes) \(what); largest/smallest "
            + String(format: "x%.2f", growth)
        if isDepth {
            let perLevel = rows.map { String(format: "%.1f", $0.result.medianNanosecondsPerUnit / Double($0.size)) }
            line +=
                String(
                    format: " for x%.0f the depth (linear when the two match); ", Double(last.size) / Double(first.size)
                )
                + "per level \(perLevel.joined(separator: " / ")) ns"
        } else {
            line += " (flat when about 1)"
        }
        lines.append(line)
    }
    for (long, short, steps) in [
        ("MapFilter100Pumping", "MapFilterPumping", 12.0), ("MapFilter100Creating", "MapFilterCreating", 12.0),
    ] {
        guard let longResult = results.first(where: { $0.name == long }) else { continue }
        let perOperator = longResult.medianNanosecondsPerUnit / 100
        var line = "\(long): " + String(format: "%.2f ns per operator per \(longResult.unit)", perOperator)
        if let shortResult = results.first(where: { $0.name == short }) {
            let shortPerOperator = shortResult.medianNanosecondsPerUnit / steps
            line += String(
                format: ", %.2f in %@'s 12 operators (x%.2f)", shortPerOperator, short, perOperator / shortPerOperator)
        }
        lines.append(line)
    }
    return lines
}
