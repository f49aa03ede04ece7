// Growth lines under the table: how a scenario family's cost changes with its size (fan-out subscribers, live
// subscribers during churn, chain length, flatMap depth). A flat cost reads about 1.

/// One line per family measured at more than one size in this run.
nonisolated func growthLines(_ results: [Measurement]) -> [String] {
    []
}
