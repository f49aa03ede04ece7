import Foundation
import RxLite
import RxLiteTest
import Testing

// Model-based random testing: random hot inputs in virtual time, the real operator against a few-line reference
// model, a contract check on every event, and shrinking to the smallest input that still fails.
//
// Times: the observable is created at 100 and subscribed at `FuzzCase.subscribed` (200). Input events fall on
// distinct ticks within a stream (across streams only in "tie" cases, see CaseGenerator), never on the
// subscription or disposal tick. Same-tick order is the TestScheduler's: items at one tick run in the order they
// were scheduled, so hot input events (stream 0 first) run before the disposal action, which runs before timers
// an operator armed while running. A model therefore keeps an output at tick t only when t < disposed.

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, seedable generator, so a failing case is its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// The error random inputs fail with; its description is what outputs compare.
struct FuzzError: Error, CustomStringConvertible {
    let code: Int
    var description: String { "e\(code)" }
}

/// One input event of a random case.
enum FuzzInput: Equatable {
    case next(Int)
    case error(Int)
    case completed

    var event: Event<Int> {
        switch self {
        case .next(let value): return .next(value)
        case .error(let code): return .error(FuzzError(code: code))
        case .completed: return .completed
        }
    }

    var isTerminal: Bool { self != .completed ? isError : true }
    var isError: Bool {
        if case .error = self { return true }
        return false
    }
}

/// An input event at its absolute tick.
struct TimedInput: Equatable {
    var time: Int
    var input: FuzzInput
}

/// An output event as models and recorders compare it: the element and the error as their descriptions.
enum FuzzOutput: Equatable, CustomStringConvertible {
    case next(String)
    case error(String)
    case completed

    init<Element>(_ event: Event<Element>) {
        switch event {
        case .next(let element): self = .next(String(describing: element))
        case .error(let error): self = .error(String(describing: error))
        case .completed: self = .completed
        }
    }

    /// The output for an input event, with `transform` applied to an element.
    init(_ input: FuzzInput, _ transform: (Int) -> String = { String($0) }) {
        switch input {
        case .next(let value): self = .next(transform(value))
        case .error(let code): self = .error(FuzzError(code: code).description)
        case .completed: self = .completed
        }
    }

    var isTerminal: Bool { self != .completed ? isError : true }
    var isError: Bool {
        if case .error = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .next(let element): return "next(\(element))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

/// An output event at the tick it was (or should be) received.
struct TimedOutput: Equatable, CustomStringConvertible {
    var time: Int
    var output: FuzzOutput

    init(_ time: Int, _ output: FuzzOutput) {
        self.time = time
        self.output = output
    }

    var description: String { "\(output) @ \(time)" }
}

/// One random case: input streams (hot, absolute ticks), operator parameters, and the subscription's span.
struct FuzzCase {
    var streams: [[TimedInput]]
    var parameters: [Int] = []
    var subscribed = 200
    var disposed = 1000

    /// Inputs the subscription can see (after the subscription tick), each tagged with its stream, in the order the
    /// TestScheduler runs them: by tick, then by stream (the order the hot observables were created in).
    var timeline: [(time: Int, stream: Int, input: FuzzInput)] {
        streams.enumerated()
            .flatMap { index, stream in stream.map { (time: $0.time, stream: index, input: $0.input) } }
            .filter { $0.time > subscribed }
            .sorted { ($0.time, $0.stream) < ($1.time, $1.stream) }
    }
}

/// Builds random cases from a seed.
///
/// In half the cases different streams may share a tick ("ties"); the TestScheduler then runs the earlier-created
/// stream's event first (hot observables schedule their events when created, in stream order), so models order a
/// tick's events by stream. Ticks within one stream, and the subscription and disposal ticks, are never shared.
struct CaseGenerator {
    var random: SplitMix64
    let subscribed = 200
    /// Whether different streams may use the same tick.
    let allowsTies: Bool
    // Every tick in use by any stream or action.
    private var used: Set<Int>
    // Ticks of the stream being generated (what `allowsTies` still keeps apart).
    private var streamTicks: Set<Int> = []

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        allowsTies = random.next() % 2 == 1
        used = [subscribed]
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

    /// A tick no other input event or action uses, in `range` (nil when none is found quickly).
    mutating func freshTick(in range: ClosedRange<Int>) -> Int? {
        for _ in 0..<30 {
            let tick = int(range)
            if used.insert(tick).inserted { return tick }
        }
        return nil
    }

    /// A tick for the current stream: unused by it, and by any other stream unless ties are allowed.
    private mutating func streamTick(in range: ClosedRange<Int>) -> Int? {
        for _ in 0..<30 {
            let tick = int(range)
            guard tick != subscribed, !streamTicks.contains(tick), allowsTies || !used.contains(tick) else { continue }
            streamTicks.insert(tick)
            used.insert(tick)
            return tick
        }
        return nil
    }

    /// A random stream: up to `maxElements` elements with values in `values`, mostly after the subscription, then
    /// usually a terminal event. With `errorsInside`, errors may also appear before the end (for `retry`).
    mutating func stream(
        maxElements: Int = 6, values: ClosedRange<Int> = 0...3, terminalPercent: Int = 70, errorsInside: Bool = false
    ) -> [TimedInput] {
        let count = int(0...maxElements)
        var ticks: [Int] = []
        streamTicks = []
        for _ in 0..<(count + 1) {
            if let tick = streamTick(in: (subscribed - 4)...(subscribed + 40)) { ticks.append(tick) }
        }
        ticks.sort()
        var stream: [TimedInput] = []
        for (index, tick) in ticks.enumerated() {
            if index == ticks.count - 1 {
                guard chance(terminalPercent) else { break }
                stream.append(TimedInput(time: tick, input: chance(60) ? .completed : .error(int(1...3))))
            } else if errorsInside && chance(25) {
                stream.append(TimedInput(time: tick, input: .error(int(1...3))))
            } else {
                stream.append(TimedInput(time: tick, input: .next(int(values))))
            }
        }
        return stream
    }

    /// A disposal tick: usually never (1000), else a tick inside the inputs' span that no input uses.
    mutating func disposal() -> Int {
        guard chance(35), let tick = freshTick(in: (subscribed + 1)...(subscribed + 45)) else { return 1000 }
        return tick
    }
}

/// An observer that records events with the scheduler's clock and reports every break of the Rx contract: an
/// event after a terminal one, an overlapping (reentrant) call, an event after disposal.
final class ContractRecorder<Element>: ObserverType {
    private let scheduler: TestScheduler
    private(set) var events: [TimedOutput] = []
    private(set) var violations: [String] = []
    private var isDelivering = false
    private var isDisposed = false

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    func on(_ event: Event<Element>) {
        let output = TimedOutput(scheduler.clock, FuzzOutput(event))
        if isDelivering { violations.append("overlapping call: \(output)") }
        if isDisposed { violations.append("event after dispose: \(output)") }
        if events.last?.output.isTerminal == true { violations.append("event after terminal: \(output)") }
        isDelivering = true
        events.append(output)
        isDelivering = false
    }

    /// Called just before the subscription is disposed: from now on any event is a violation.
    func markDisposed() { isDisposed = true }
}

/// What one run produced.
struct FuzzRun: Equatable {
    var outputs: [[TimedOutput]]
    var violations: [String]
}

/// Keeps the outputs before `disposed`, up to and including the first terminal event.
func finish(_ outputs: [TimedOutput], disposed: Int) -> [TimedOutput] {
    var kept: [TimedOutput] = []
    for output in outputs where output.time < disposed {
        kept.append(output)
        if output.output.isTerminal { break }
    }
    return kept
}

/// Runs the operator that `build` makes on hot observables of the case's streams: created at 100, subscribed at
/// `subscribed`, disposed at `disposed`.
///
/// The hot observables record a subscription as ending only when the operator disposes it (not at their own end),
/// as RxTest's do, and the run reports a contract violation when the operator kept a source subscribed past that
/// source's terminal event: an operator that consumed an end must let go of that source at once, or `releaseDelay`
/// ticks later for one that disposes through a scheduler (`subscribe(on:)`).
func runSingle<Output>(
    _ fuzzCase: FuzzCase, releaseDelay: TestTime = 0,
    build: @escaping (TestScheduler, [Observable<Int>], [Int]) -> Observable<Output>
) -> FuzzRun {
    let scheduler = TestScheduler(initialClock: 0)
    let testables = fuzzCase.streams.map { stream in
        scheduler.createHotObservable(
            stream.map { Recorded(time: $0.time, value: $0.input.event) })
    }
    let sources = testables.map { $0.asObservable() }
    let recorder = ContractRecorder<Output>(scheduler: scheduler)
    var observable: Observable<Output>?
    var subscription: (any Disposable)?
    scheduler.scheduleAt(100) { observable = build(scheduler, sources, fuzzCase.parameters) }
    scheduler.scheduleAt(fuzzCase.subscribed) { subscription = observable?.subscribe(recorder) }
    scheduler.scheduleAt(fuzzCase.disposed) {
        recorder.markDisposed()
        subscription?.dispose()
    }
    scheduler.start()
    subscription?.dispose()
    var violations = recorder.violations
    for (index, testable) in testables.enumerated() {
        violations += lateReleases(
            of: testable.subscriptions, stream: fuzzCase.streams[index], source: index, delay: releaseDelay)
    }
    return FuzzRun(outputs: [recorder.events], violations: violations)
}

/// The subscriptions that outlived the terminal event of the hot `stream` they saw by more than `delay` ticks.
func lateReleases(of subscriptions: [Subscription], stream: [TimedInput], source: Int, delay: TestTime = 0)
    -> [String]
{
    guard let end = stream.last(where: { $0.input.isTerminal })?.time else { return [] }
    return subscriptions.compactMap { subscription in
        guard subscription.subscribe < end, subscription.unsubscribe > end + delay else { return nil }
        return "source \(source) ended at \(end) but stayed subscribed until \(subscription.unsubscribe)"
    }
}

/// A random-testing target: how to make a case, run it for real, and say what it should give.
struct FuzzTarget: Sendable, CustomStringConvertible {
    let name: String
    let generate: @Sendable (inout CaseGenerator) -> FuzzCase
    let run: @Sendable (FuzzCase) -> FuzzRun
    let model: @Sendable (FuzzCase) -> [[TimedOutput]]

    var description: String { name }
}

/// Random cases per operator: `RXLITE_FUZZ_CASES`, 1,000 by default.
let fuzzCaseCount = ProcessInfo.processInfo.environment["RXLITE_FUZZ_CASES"].flatMap(Int.init) ?? 1000

/// The first seed: `RXLITE_FUZZ_SEED` (decimal or 0x-hex), else a fixed seed per operator, so CI is repeatable.
func fuzzBaseSeed(for name: String) -> UInt64 {
    if let text = ProcessInfo.processInfo.environment["RXLITE_FUZZ_SEED"] {
        if text.hasPrefix("0x"), let seed = UInt64(text.dropFirst(2), radix: 16) { return seed }
        if let seed = UInt64(text) { return seed }
    }
    // FNV-1a of the name: different operators get different inputs.
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
}

/// Runs `fuzzCaseCount` random cases of `target`; on the first failure, shrinks it and records an issue with the
/// seed and the marbles. Returns how many cases ran.
@discardableResult
func fuzz(_ target: FuzzTarget, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    let base = fuzzBaseSeed(for: target.name)
    for index in 0..<fuzzCaseCount {
        let seed = base &+ UInt64(index)
        var generator = CaseGenerator(seed: seed)
        let fuzzCase = target.generate(&generator)
        let before = Resources.total
        if let failure = check(target, fuzzCase) {
            let shrunk = shrink(target, fuzzCase)
            Issue.record(
                Comment(
                    rawValue: report(target, seed: seed, original: fuzzCase, shrunk: shrunk, firstFailure: failure)),
                sourceLocation: sourceLocation)
            return index + 1
        }
        let leaked = Resources.total - before
        if leaked != 0 {
            Issue.record(
                "\(target.name): \(leaked) RxLite object(s) leaked by the case with seed \(seed)",
                sourceLocation: sourceLocation)
            return index + 1
        }
    }
    return fuzzCaseCount
}

/// `nil` when the run matches the model and keeps the contract, else what went wrong.
func check(_ target: FuzzTarget, _ fuzzCase: FuzzCase) -> String? {
    let run = target.run(fuzzCase)
    let expected = target.model(fuzzCase)
    if !run.violations.isEmpty { return "contract violations: \(run.violations)" }
    if run.outputs != expected { return "output differs from the model" }
    return nil
}

/// Drops input events one at a time (and tries "never disposed"), keeping each drop that still fails, until no
/// single drop does.
func shrink(_ target: FuzzTarget, _ fuzzCase: FuzzCase) -> FuzzCase {
    var current = fuzzCase
    var progress = true
    while progress {
        progress = false
        if current.disposed != 1000 {
            var candidate = current
            candidate.disposed = 1000
            if check(target, candidate) != nil {
                current = candidate
                progress = true
            }
        }
        for stream in current.streams.indices {
            var index = 0
            while index < current.streams[stream].count {
                var candidate = current
                candidate.streams[stream].remove(at: index)
                if check(target, candidate) != nil {
                    current = candidate
                    progress = true
                } else {
                    index += 1
                }
            }
        }
    }
    return current
}

/// Marbles at one tick per character from the subscription (`^`), digits for input values.
func inputMarbles(_ stream: [TimedInput], subscribed: Int) -> String {
    let events = stream.map { Recorded(time: $0.time, value: $0.input.event.map { $0 }) }
    let digits = Dictionary(uniqueKeysWithValues: (0...9).map { (Character(String($0)), $0) })
    return TestScheduler.renderMarbles(events, values: digits, frame: 1, subscribed: subscribed)
}

/// Output marbles at one tick per character, a letter per distinct element (the legend follows).
func outputMarbles(_ outputs: [TimedOutput], subscribed: Int) -> String {
    var legend: [String: Character] = [:]
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    var errors: [String] = []
    let events = outputs.map { output -> Recorded<Event<String>> in
        switch output.output {
        case .next(let element):
            if legend[element] == nil { legend[element] = letters[legend.count % letters.count] }
            return Recorded(time: output.time, value: .next(element))
        case .error(let error):
            errors.append(error)
            return Recorded(time: output.time, value: .error(FuzzError(code: 0)))
        case .completed:
            return Recorded(time: output.time, value: .completed)
        }
    }
    let values = Dictionary(legend.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
    let marbles = TestScheduler.renderMarbles(events, values: values, frame: 1, subscribed: subscribed)
    let key = legend.sorted { $0.value < $1.value }.map { "\($0.value)=\($0.key)" } + errors.map { "#=\($0)" }
    return key.isEmpty ? marbles : "\(marbles)   (\(key.joined(separator: ", ")))"
}

func report(_ target: FuzzTarget, seed: UInt64, original: FuzzCase, shrunk: FuzzCase, firstFailure: String)
    -> String
{
    let run = target.run(shrunk)
    let expected = target.model(shrunk)
    var lines = [
        "\(target.name): \(firstFailure)",
        "seed \(seed): reproduce with RXLITE_FUZZ_SEED=\(seed) RXLITE_FUZZ_CASES=1 swift test --filter OperatorFuzz",
        "shrunk from \(original.streams.map(\.count).reduce(0, +)) to \(shrunk.streams.map(\.count).reduce(0, +)) "
            + "input events; parameters \(shrunk.parameters), subscribed \(shrunk.subscribed), disposed "
            + "\(shrunk.disposed == 1000 ? "never" : String(shrunk.disposed)) (one tick per character, ^ = subscribe)",
    ]
    for (index, stream) in shrunk.streams.enumerated() {
        lines.append("input \(index):  \(inputMarbles(stream, subscribed: shrunk.subscribed))")
    }
    for (index, outputs) in expected.enumerated() {
        lines.append("expected \(index): \(outputMarbles(outputs, subscribed: shrunk.subscribed))   \(outputs)")
    }
    for (index, outputs) in run.outputs.enumerated() {
        lines.append("actual \(index):   \(outputMarbles(outputs, subscribed: shrunk.subscribed))   \(outputs)")
    }
    if !run.violations.isEmpty { lines.append("contract violations: \(run.violations)") }
    return lines.joined(separator: "\n")
}
