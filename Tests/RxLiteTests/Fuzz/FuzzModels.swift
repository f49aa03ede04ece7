import Foundation
import RxLite
import RxLiteTest

// Reference models: for each operator, the expected output of a case as a plain function of its inputs. Each model
// follows the operator's documented RxSwift semantics; the comments name the points that are easy to get wrong.

typealias Timeline = [(time: Int, stream: Int, input: FuzzInput)]

/// One output list, cut at disposal and after the first terminal event.
private func single(_ fuzzCase: FuzzCase, _ outputs: [TimedOutput]) -> [[TimedOutput]] {
    [finish(outputs, disposed: fuzzCase.disposed)]
}

/// A target on one operator of a case's streams.
private func target<Output>(
    _ name: String, generate: @escaping @Sendable (inout CaseGenerator) -> FuzzCase,
    build: @escaping @Sendable (TestScheduler, [Observable<Int>], [Int]) -> Observable<Output>,
    model: @escaping @Sendable (FuzzCase) -> [TimedOutput]
) -> FuzzTarget {
    FuzzTarget(
        name: name, generate: generate, run: { runSingle($0, build: build) },
        model: { fuzzCase in single(fuzzCase, model(fuzzCase)) })
}

/// `count` random streams, a disposal tick, and parameters.
private func streams(
    _ count: Int, maxElements: Int = 6, parameters: @escaping @Sendable (inout CaseGenerator) -> [Int] = { _ in [] }
) -> @Sendable (inout CaseGenerator) -> FuzzCase {
    { generator in
        let streams = (0..<count).map { _ in generator.stream(maxElements: maxElements) }
        let parameters = parameters(&generator)
        return FuzzCase(streams: streams, parameters: parameters, disposed: generator.disposal())
    }
}

/// An outer stream whose n-th element is n, and one inner stream per element: for flatMap and its kin.
private func nested(_ generator: inout CaseGenerator) -> FuzzCase {
    var outer = generator.stream(maxElements: 4)
    var index = 0
    for position in outer.indices where !outer[position].input.isTerminal {
        outer[position].input = .next(index)
        index += 1
    }
    let inners = (0..<index).map { _ in generator.stream(maxElements: 3) }
    return FuzzCase(streams: [outer] + inners, disposed: generator.disposal())
}

/// Single-stream models that map each visible input to at most one output.
private func mapping(_ fuzzCase: FuzzCase, _ transform: (inout [TimedOutput], Int, FuzzInput) -> Void)
    -> [TimedOutput]
{
    var outputs: [TimedOutput] = []
    for event in fuzzCase.timeline { transform(&outputs, event.time, event.input) }
    return outputs
}

/// flatMap over `nested` streams: inner i is hot, subscribed when outer element i arrives; completes when the outer
/// and every subscribed inner have completed. An outer element `v` for which `justWhen(v)` holds maps to
/// `just(100 + v)` instead, which emits at once and never counts as running (the shortcut that skips subscribing
/// it must not change that).
private func flatMapModel(_ c: FuzzCase, justWhen: (Int) -> Bool) -> [TimedOutput] {
    var active: Set<Int> = []
    var outerDone = false
    return c.timeline.compactMap { t, i, e in
        if i == 0 {
            switch e {
            case .next(let v):
                if justWhen(v) { return TimedOutput(t, .next(String(100 + v))) }
                active.insert(1 + v)
                return nil
            case .completed:
                outerDone = true
                return active.isEmpty ? TimedOutput(t, .completed) : nil
            case .error: return TimedOutput(t, FuzzOutput(e))
            }
        }
        guard active.contains(i) else { return nil }
        if e == .completed {
            active.remove(i)
            return outerDone && active.isEmpty ? TimedOutput(t, .completed) : nil
        }
        return TimedOutput(t, FuzzOutput(e))
    }
}

/// flatMapLatest over `nested` streams: a new outer element drops the current inner; completes when the outer and
/// the latest inner have. An outer element `v` for which `justWhen(v)` holds maps to `just(100 + v)`, which emits at
/// once and leaves no inner current.
private func flatMapLatestModel(_ c: FuzzCase, justWhen: (Int) -> Bool) -> [TimedOutput] {
    var current: Int?
    var outerDone = false
    return c.timeline.compactMap { t, i, e in
        if i == 0 {
            switch e {
            case .next(let v):
                if justWhen(v) {
                    current = nil
                    return TimedOutput(t, .next(String(100 + v)))
                }
                current = 1 + v
                return nil
            case .completed:
                outerDone = true
                return current == nil ? TimedOutput(t, .completed) : nil
            case .error: return TimedOutput(t, FuzzOutput(e))
            }
        }
        guard current == i else { return nil }
        if e == .completed {
            current = nil
            return outerDone ? TimedOutput(t, .completed) : nil
        }
        return TimedOutput(t, FuzzOutput(e))
    }
}

enum FuzzTargets {
    static let all: [FuzzTarget] = [
        target(
            "map", generate: streams(1), build: { _, s, _ in s[0].map { $0 * 10 } },
            model: { c in mapping(c) { out, t, e in out.append(TimedOutput(t, FuzzOutput(e) { String($0 * 10) })) } }
        ),
        target(
            "filter", generate: streams(1), build: { _, s, _ in s[0].filter { $0 % 2 == 0 } },
            model: { c in
                mapping(c) { out, t, e in
                    if case .next(let v) = e, v % 2 != 0 { return }
                    out.append(TimedOutput(t, FuzzOutput(e)))
                }
            }),
        target(
            "scan", generate: streams(1), build: { _, s, _ in s[0].scan(100) { $0 + $1 } },
            model: { c in
                var sum = 100
                return mapping(c) { out, t, e in
                    if case .next(let v) = e { sum += v }
                    out.append(TimedOutput(t, FuzzOutput(e) { _ in String(sum) }))
                }
            }),
        target(
            "take", generate: streams(1) { [$0.int(0...4)] }, build: { _, s, p in s[0].take(p[0]) },
            model: { c in
                // take(0) completes at subscription without subscribing.
                if c.parameters[0] == 0 { return [TimedOutput(c.subscribed, .completed)] }
                var left = c.parameters[0]
                return mapping(c) { out, t, e in
                    out.append(TimedOutput(t, FuzzOutput(e)))
                    if case .next = e {
                        left -= 1
                        if left == 0 { out.append(TimedOutput(t, .completed)) }
                    }
                }
            }),
        target(
            "skip", generate: streams(1) { [$0.int(0...4)] }, build: { _, s, p in s[0].skip(p[0]) },
            model: { c in
                var left = c.parameters[0]
                return mapping(c) { out, t, e in
                    if case .next = e, left > 0 {
                        left -= 1
                        return
                    }
                    out.append(TimedOutput(t, FuzzOutput(e)))
                }
            }),
        target(
            "distinctUntilChanged", generate: streams(1, maxElements: 8),
            build: { _, s, _ in s[0].distinctUntilChanged() },
            model: { c in
                var last: Int?
                return mapping(c) { out, t, e in
                    if case .next(let v) = e {
                        if v == last { return }
                        last = v
                    }
                    out.append(TimedOutput(t, FuzzOutput(e)))
                }
            }),
        target(
            "merge", generate: streams(3), build: { _, s, _ in Observable.merge(s[0], s[1], s[2]) },
            model: { c in
                // Completes when all three have completed; the first error ends it.
                var completed = 0
                return c.timeline.compactMap { t, _, e in
                    if e == .completed {
                        completed += 1
                        return completed == 3 ? TimedOutput(t, .completed) : nil
                    }
                    return TimedOutput(t, FuzzOutput(e))
                }
            }),
        target(
            "combineLatest", generate: streams(2),
            build: { _, s, _ in Observable.combineLatest(s[0], s[1]) { "\($0)\($1)" } },
            model: { c in
                // Emits once both have emitted; completes when both have completed, or (RxSwift) when one emits
                // while the other has completed without ever emitting: no output can come any more.
                var latest: [Int?] = [nil, nil]
                var completed = 0
                return c.timeline.compactMap { t, i, e in
                    switch e {
                    case .next(let v):
                        latest[i] = v
                        guard let a = latest[0], let b = latest[1] else {
                            return completed == 1 ? TimedOutput(t, .completed) : nil
                        }
                        return TimedOutput(t, .next("\(a)\(b)"))
                    case .completed:
                        completed += 1
                        return completed == 2 ? TimedOutput(t, .completed) : nil
                    case .error:
                        return TimedOutput(t, FuzzOutput(e))
                    }
                }
            }),
        target(
            "zip", generate: streams(2), build: { _, s, _ in Observable.zip(s[0], s[1]) { "\($0)\($1)" } },
            model: { c in
                // Completes only once both have completed (RxSwift 6): a completed source with nothing left to
                // pair does not end it.
                var queues: [[Int]] = [[], []]
                var done = [false, false]
                var out: [TimedOutput] = []
                for (t, i, e) in c.timeline {
                    switch e {
                    case .next(let v):
                        queues[i].append(v)
                        if !queues[0].isEmpty && !queues[1].isEmpty {
                            out.append(TimedOutput(t, .next("\(queues[0].removeFirst())\(queues[1].removeFirst())")))
                        }
                    case .completed:
                        done[i] = true
                        if done[0] && done[1] { out.append(TimedOutput(t, .completed)) }
                    case .error: out.append(TimedOutput(t, FuzzOutput(e)))
                    }
                }
                return out
            }),
        target(
            "withLatestFrom", generate: streams(2),
            build: { _, s, _ in s[0].withLatestFrom(s[1]) { "\($0)\($1)" } },
            model: { c in
                // Elements before the second has emitted are dropped; the second's completion changes nothing.
                var latest: Int?
                return c.timeline.compactMap { t, i, e in
                    switch (i, e) {
                    case (0, .next(let v)): return latest.map { TimedOutput(t, .next("\(v)\($0)")) }
                    case (1, .next(let v)):
                        latest = v
                        return nil
                    case (1, .completed): return nil
                    default: return TimedOutput(t, FuzzOutput(e))
                    }
                }
            }),
        target(
            "flatMap", generate: nested, build: { _, s, _ in s[0].flatMap { s[1 + $0] } },
            model: { c in flatMapModel(c, justWhen: { _ in false }) }),
        target(
            "flatMapLatest", generate: nested, build: { _, s, _ in s[0].flatMapLatest { s[1 + $0] } },
            model: { c in flatMapLatestModel(c, justWhen: { _ in false }) }),
        target(
            "flatMap (just or hot inners)", generate: nested,
            build: { _, s, _ in s[0].flatMap { $0 % 2 == 0 ? Observable.just(100 + $0) : s[1 + $0] } },
            model: { c in flatMapModel(c, justWhen: { $0 % 2 == 0 }) }),
        target(
            "flatMapLatest (just or hot inners)", generate: nested,
            build: { _, s, _ in s[0].flatMapLatest { $0 % 2 == 0 ? Observable.just(100 + $0) : s[1 + $0] } },
            model: { c in flatMapLatestModel(c, justWhen: { $0 % 2 == 0 }) }),
        target(
            "concatMap", generate: nested, build: { _, s, _ in s[0].concatMap { s[1 + $0] } },
            model: { c in
                // One inner at a time; the next (hot) inner is subscribed when the previous completes, so it misses
                // what it sent before then.
                var current: Int?
                var queue: [Int] = []
                var outerDone = false
                return c.timeline.compactMap { t, i, e in
                    if i == 0 {
                        switch e {
                        case .next(let v):
                            if current == nil { current = 1 + v } else { queue.append(1 + v) }
                            return nil
                        case .completed:
                            outerDone = true
                            return current == nil ? TimedOutput(t, .completed) : nil
                        case .error: return TimedOutput(t, FuzzOutput(e))
                        }
                    }
                    guard current == i else { return nil }
                    if e == .completed {
                        current = queue.isEmpty ? nil : queue.removeFirst()
                        return outerDone && current == nil ? TimedOutput(t, .completed) : nil
                    }
                    return TimedOutput(t, FuzzOutput(e))
                }
            }),
        throttle(latest: true),
        throttle(latest: false),
        target(
            "debounce", generate: streams(1, maxElements: 8) { [$0.int(1...6)] },
            build: { sch, s, p in s[0].debounce(.seconds(p[0]), scheduler: sch) },
            model: { c in
                // An element goes out `k` ticks after it arrived unless another arrives by then (at the very tick
                // too: input runs before timers). Completion flushes the waiting element at once.
                let k = c.parameters[0]
                var waiting: (value: Int, due: Int)?
                var out: [TimedOutput] = []
                for (t, _, e) in c.timeline {
                    if let w = waiting, w.due < t {
                        out.append(TimedOutput(w.due, .next(String(w.value))))
                        waiting = nil
                    }
                    switch e {
                    case .next(let v): waiting = (v, t + k)
                    case .completed:
                        if let w = waiting { out.append(TimedOutput(t, .next(String(w.value)))) }
                        out.append(TimedOutput(t, .completed))
                        return out
                    case .error:
                        out.append(TimedOutput(t, FuzzOutput(e)))
                        return out
                    }
                }
                if let w = waiting { out.append(TimedOutput(w.due, .next(String(w.value)))) }
                return out
            }),
        target(
            "delay", generate: streams(1) { [$0.int(1...6)] },
            build: { sch, s, p in s[0].delay(.seconds(p[0]), scheduler: sch) },
            model: { c in
                // Elements and completion move `k` later; an error goes out at once and drops what still waits
                // (including an element due at the error's tick: input runs before timers).
                let k = c.parameters[0]
                let errorTime = c.timeline.first { $0.input.isError }?.time
                var out: [TimedOutput] = []
                for (t, _, e) in c.timeline {
                    if e.isError {
                        out.append(TimedOutput(t, FuzzOutput(e)))
                        break
                    }
                    if let errorTime, t + k >= errorTime { continue }
                    out.append(TimedOutput(t + k, FuzzOutput(e)))
                }
                return out.sorted { $0.time < $1.time }
            }),
        target(
            "sample", generate: streams(2, maxElements: 7), build: { _, s, _ in s[0].sample(s[1]) },
            model: { c in
                // A sampler element or completion sends the newest unsampled element; after the source completed,
                // the next sample also completes. Errors from either go out at once.
                var latest: Int?
                var sourceDone = false
                var out: [TimedOutput] = []
                for (t, i, e) in c.timeline {
                    if e.isError {
                        out.append(TimedOutput(t, FuzzOutput(e)))
                        break
                    }
                    if i == 0 {
                        if case .next(let v) = e { latest = v } else { sourceDone = true }
                        continue
                    }
                    if let v = latest { out.append(TimedOutput(t, .next(String(v)))) }
                    latest = nil
                    if sourceDone {
                        out.append(TimedOutput(t, .completed))
                        break
                    }
                }
                return out
            }),
        target(
            "timeout", generate: streams(1) { [$0.int(1...8)] },
            build: { sch, s, p in s[0].timeout(.seconds(p[0]), scheduler: sch) },
            model: { c in timeoutModel(c, fallback: nil) }),
        target(
            "timeout(other:)", generate: streams(2) { [$0.int(1...8)] },
            build: { sch, s, p in s[0].timeout(.seconds(p[0]), other: s[1], scheduler: sch) },
            model: { c in timeoutModel(c, fallback: 1) }),
        target(
            "buffer", generate: streams(1, maxElements: 8) { [$0.int(1...6), $0.int(1...4)] },
            build: { sch, s, p in s[0].buffer(timeSpan: .seconds(p[0]), count: p[1], scheduler: sch) },
            model: { c in
                // A chunk ends `k` ticks after it started (timers run after input at the same tick) or when it
                // holds `count` elements; completion sends the current chunk, even empty.
                let (k, count) = (c.parameters[0], c.parameters[1])
                var chunkEnd = c.subscribed + k
                var chunk: [Int] = []
                var out: [TimedOutput] = []
                func closeChunksBefore(_ t: Int) {
                    while chunkEnd < t {
                        out.append(TimedOutput(chunkEnd, .next("\(chunk)")))
                        chunk = []
                        chunkEnd += k
                    }
                }
                for (t, _, e) in c.timeline {
                    closeChunksBefore(t)
                    switch e {
                    case .next(let v):
                        chunk.append(v)
                        if chunk.count == count {
                            out.append(TimedOutput(t, .next("\(chunk)")))
                            chunk = []
                            chunkEnd = t + k
                        }
                    case .completed:
                        out.append(TimedOutput(t, .next("\(chunk)")))
                        out.append(TimedOutput(t, .completed))
                        return out
                    case .error:
                        out.append(TimedOutput(t, FuzzOutput(e)))
                        return out
                    }
                }
                closeChunksBefore(c.disposed)
                return out
            }),
        target(
            "retry",
            generate: { g in
                FuzzCase(
                    streams: [g.stream(maxElements: 8, errorsInside: true)], parameters: [g.int(0...4)],
                    disposed: g.disposal())
            },
            build: { _, s, p in p[0] == 0 ? s[0].retry() : s[0].retry(p[0]) },
            model: { c in
                // The hot source is subscribed again at the tick it failed, so later events reach the new attempt;
                // parameter 0 stands for retry() without a limit.
                var attemptsLeft = c.parameters[0] == 0 ? Int.max : c.parameters[0]
                return mapping(c) { out, t, e in
                    if out.last?.output.isTerminal == true { return }
                    if e.isError {
                        attemptsLeft -= 1
                        if attemptsLeft > 0 { return }
                    }
                    out.append(TimedOutput(t, FuzzOutput(e)))
                }
            }),
        target(
            "catch", generate: streams(2), build: { _, s, _ in s[0].catch { _ in s[1] } },
            model: { c in
                // On the source's error, the (hot) fallback is subscribed at that tick.
                var switched = false
                return c.timeline.compactMap { t, i, e in
                    if i == 0 && !switched {
                        if e.isError {
                            switched = true
                            return nil
                        }
                        return TimedOutput(t, FuzzOutput(e))
                    }
                    return i == 1 && switched ? TimedOutput(t, FuzzOutput(e)) : nil
                }
            }),
        share,
        target(
            "takeLast", generate: streams(1) { [$0.int(0...3)] }, build: { _, s, p in s[0].takeLast(p[0]) },
            model: { c in
                // Held until the completion, which releases them all at its tick; an error drops them.
                var held: [Int] = []
                return mapping(c) { out, t, e in
                    switch e {
                    case .next(let v):
                        held.append(v)
                        if held.count > c.parameters[0] { held.removeFirst() }
                    case .completed:
                        out += held.map { TimedOutput(t, .next(String($0))) } + [TimedOutput(t, .completed)]
                    case .error: out.append(TimedOutput(t, FuzzOutput(e)))
                    }
                }
            }),
        target(
            "enumerated", generate: streams(1),
            build: { _, s, _ in s[0].enumerated().map { "\($0.index):\($0.element)" } },
            model: { c in
                var index = 0
                return mapping(c) { out, t, e in
                    out.append(
                        TimedOutput(
                            t,
                            FuzzOutput(e) { v in
                                defer { index += 1 }
                                return "\(index):\(v)"
                            }))
                }
            }),
        target(
            "ifEmpty(default:)", generate: streams(1, maxElements: 2), build: { _, s, _ in s[0].ifEmpty(default: -1) },
            model: { c in
                var isEmpty = true
                return mapping(c) { out, t, e in
                    if case .next = e { isEmpty = false }
                    if e == .completed && isEmpty { out.append(TimedOutput(t, .next("-1"))) }
                    out.append(TimedOutput(t, FuzzOutput(e)))
                }
            }),
        target(
            "single", generate: streams(1, maxElements: 3), build: { _, s, _ in s[0].single() },
            model: { c in
                // The element goes out at once; a second one fails at its own tick; none fails at the completion.
                var seen = false
                return mapping(c) { out, t, e in
                    switch e {
                    case .next:
                        out.append(
                            TimedOutput(
                                t, seen ? .error(String(describing: RxError.moreThanOneElement)) : FuzzOutput(e)))
                        seen = true
                    case .completed:
                        out.append(TimedOutput(t, seen ? .completed : .error(String(describing: RxError.noElements))))
                    case .error: out.append(TimedOutput(t, FuzzOutput(e)))
                    }
                }
            }),
        target(
            "amb", generate: streams(3), build: { _, s, _ in Observable.amb([s[0], s[1], s[2]]) },
            model: { c in
                // The first stream to send anything (element, error or completion) is the only one heard from.
                var winner: Int?
                return c.timeline.compactMap { t, i, e in
                    if winner == nil { winner = i }
                    return winner == i ? TimedOutput(t, FuzzOutput(e)) : nil
                }
            }),
    ]

    private static func throttle(latest: Bool) -> FuzzTarget {
        target(
            "throttle(latest: \(latest))", generate: streams(1, maxElements: 8) { [$0.int(1...6)] },
            build: { sch, s, p in s[0].throttle(.seconds(p[0]), latest: latest, scheduler: sch) },
            model: { c in
                // An element outside a window goes out at once and opens a window of `k` ticks; with `latest`, the
                // last element inside waits for the window's end (then opens the next window). An element on the
                // window's end tick is outside it (input runs before the timer). Completion waits for a waiting
                // element; an error drops it.
                let k = c.parameters[0]
                var windowEnd = Int.min
                var waiting: Int?
                var out: [TimedOutput] = []
                func fireBefore(_ t: Int) {
                    if let w = waiting, windowEnd < t {
                        out.append(TimedOutput(windowEnd, .next(String(w))))
                        waiting = nil
                        windowEnd += k
                    }
                }
                for (t, _, e) in c.timeline {
                    fireBefore(t)
                    switch e {
                    case .next(let v):
                        if t >= windowEnd {
                            out.append(TimedOutput(t, .next(String(v))))
                            waiting = nil
                            windowEnd = t + k
                        } else if latest {
                            waiting = v
                        }
                    case .completed:
                        if let w = waiting {
                            out.append(TimedOutput(windowEnd, .next(String(w))))
                            out.append(TimedOutput(windowEnd, .completed))
                        } else {
                            out.append(TimedOutput(t, .completed))
                        }
                        return out
                    case .error:
                        out.append(TimedOutput(t, FuzzOutput(e)))
                        return out
                    }
                }
                fireBefore(Int.max)
                return out
            })
    }

    /// share(replay:) with two subscribers: the first at 200, the second later; each disposed at its own tick.
    private static let share = FuzzTarget(
        name: "share(replay:)",
        generate: { g in
            let source = g.stream(maxElements: 7)
            let replay = g.int(0...2)
            let second = g.freshTick(in: 201...235) ?? 236
            let firstEnd = g.chance(50) ? (g.freshTick(in: 201...245) ?? 1000) : 1000
            let secondEnd = g.chance(50) ? (g.freshTick(in: (second + 1)...250) ?? 1000) : 1000
            return FuzzCase(streams: [source], parameters: [replay, second, firstEnd, secondEnd])
        },
        run: { c in
            let scheduler = TestScheduler(initialClock: 0)
            let stream = c.streams[0].map { Recorded(time: $0.time, value: $0.input.event) }
            let source = scheduler.createHotObservable(stream)
            let recorders = [ContractRecorder<Int>(scheduler: scheduler), ContractRecorder<Int>(scheduler: scheduler)]
            var shared: Observable<Int>?
            var subscriptions: [(any Disposable)?] = [nil, nil]
            scheduler.scheduleAt(100) { shared = source.asObservable().share(replay: c.parameters[0]) }
            scheduler.scheduleAt(c.subscribed) { subscriptions[0] = shared?.subscribe(recorders[0]) }
            scheduler.scheduleAt(c.parameters[1]) { subscriptions[1] = shared?.subscribe(recorders[1]) }
            for (index, end) in [c.parameters[2], c.parameters[3]].enumerated() {
                scheduler.scheduleAt(end) {
                    recorders[index].markDisposed()
                    subscriptions[index]?.dispose()
                }
            }
            scheduler.start()
            for subscription in subscriptions { subscription?.dispose() }
            return FuzzRun(outputs: recorders.map(\.events), violations: recorders.flatMap(\.violations))
        },
        model: { c in
            // whileConnected: the first subscriber connects (the hot source is seen from then on) with an empty
            // replay buffer; the connection ends when the source ends or both subscribers have left, and the next
            // subscriber starts a new one. A subscriber joining a live connection gets the buffer at once.
            let replay = c.parameters[0]
            enum Step {
                case input(FuzzInput)
                case subscribe(Int)
                case dispose(Int)
            }
            var steps: [(time: Int, step: Step)] = c.streams[0].map { ($0.time, .input($0.input)) }
            steps += [(c.subscribed, .subscribe(0)), (c.parameters[1], .subscribe(1))]
            steps += [(c.parameters[2], .dispose(0)), (c.parameters[3], .dispose(1))]
            steps.sort { $0.time < $1.time }
            var connected = false
            var buffer: [Int] = []
            var active = [false, false]
            var outputs: [[TimedOutput]] = [[], []]
            for (t, step) in steps {
                switch step {
                case .subscribe(let o):
                    active[o] = true
                    if connected {
                        outputs[o] += buffer.map { TimedOutput(t, .next(String($0))) }
                    } else {
                        connected = true
                        buffer = []
                    }
                case .dispose(let o):
                    guard active[o] else { break }
                    active[o] = false
                    if !active.contains(true) { connected = false }
                case .input(let e):
                    guard connected else { break }
                    if case .next(let v) = e {
                        buffer.append(v)
                        if buffer.count > replay { buffer.removeFirst() }
                    }
                    for o in 0..<2 where active[o] { outputs[o].append(TimedOutput(t, FuzzOutput(e))) }
                    if e.isTerminal {
                        active = [false, false]
                        connected = false
                    }
                }
            }
            return outputs
        })
}

/// timeout: fails (or switches to stream `fallback`, subscribed then) when `k` ticks pass after the subscription or
/// the last element without an element; an element on the deadline tick is in time (input runs before timers).
private func timeoutModel(_ c: FuzzCase, fallback: Int?) -> [TimedOutput] {
    let k = c.parameters[0]
    var deadline = c.subscribed + k
    var out: [TimedOutput] = []
    var timedOutAt: Int?
    for (t, i, e) in c.timeline {
        if timedOutAt == nil && t > deadline {
            timedOutAt = deadline
            if fallback == nil { break }
        }
        if timedOutAt != nil {
            if i == fallback { out.append(TimedOutput(t, FuzzOutput(e))) }
            continue
        }
        guard i == 0 else { continue }
        out.append(TimedOutput(t, FuzzOutput(e)))
        if e.isTerminal { return out }
        deadline = t + k
    }
    if timedOutAt == nil { timedOutAt = deadline }
    if fallback == nil, let start = timedOutAt {
        out.append(TimedOutput(start, .error(String(describing: RxError.timeout))))
    }
    return out
}
