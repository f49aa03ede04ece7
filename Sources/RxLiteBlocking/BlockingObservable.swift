import Dispatch
import Foundation
import RxLite

/// A sequence read by blocking the calling thread until it ends: for tests and command-line tools, as RxBlocking's.
///
/// Each operator subscribes once and waits for what it needs: the end of the sequence (``toArray()``, ``last()``,
/// ``materialize()``), its first element (``first()``), or its second element, which proves it is not single
/// (``single()``); then it disposes the subscription. Called on the main thread it keeps the main run loop (and so the main queue) turning while it
/// waits, so a sequence that delivers on `MainScheduler` still ends. With a `timeout`, a sequence that has not given
/// what was asked for by then fails with `RxError.timeout`.
public struct BlockingObservable<Element> {
    let timeout: TimeInterval?
    let source: Observable<Element>
}

/// How a sequence read by ``BlockingObservable/materialize()`` ended, with the elements it emitted.
public enum MaterializedSequenceResult<T> {
    /// The sequence completed after `elements`.
    case completed(elements: [T])
    /// The sequence failed with `error` after `elements`.
    case failed(elements: [T], error: any Error)
}

extension ObservableConvertibleType {
    /// This sequence, read by blocking the calling thread (see ``BlockingObservable``); `timeout` in seconds.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: asObservable())
    }
}

extension BlockingObservable {
    /// Every element, once the sequence completed. Throws the sequence's error, or `RxError.timeout`.
    public func toArray() throws -> [Element] {
        let result = read(source)
        if let error = result.error { throw error }
        return result.elements
    }

    /// The first element, or `nil` when the sequence completed without one. Throws the sequence's error when it
    /// failed before its first element, or `RxError.timeout`.
    public func first() throws -> Element? {
        let result = read(source.take(1))
        if let error = result.error { throw error }
        return result.elements.first
    }

    /// The last element, or `nil` when the sequence completed without one. Throws the sequence's error, or
    /// `RxError.timeout`.
    public func last() throws -> Element? {
        let result = read(source)
        if let error = result.error { throw error }
        return result.elements.last
    }

    /// The one element of a sequence that has exactly one. Throws `RxError.noElements` for none,
    /// `RxError.moreThanOneElement` as soon as a second one arrives, the sequence's error, or `RxError.timeout`.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// The one element that satisfies `predicate`, with the errors of ``single()`` counted among those elements; an
    /// error `predicate` throws fails the read.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        // `take(2)` stops the source (even an endless synchronous one) as soon as a second match proves it not single.
        let result = read(source.filter(predicate).take(2))
        if let error = result.error { throw error }
        switch result.elements.count {
        case 0: throw RxError.noElements
        case 1: return result.elements[0]
        default: throw RxError.moreThanOneElement
        }
    }

    /// How the sequence ended and what it emitted before; never throws (a timeout is `.failed` with
    /// `RxError.timeout`).
    public func materialize() -> MaterializedSequenceResult<Element> {
        let result = read(source)
        if let error = result.error { return .failed(elements: result.elements, error: error) }
        return .completed(elements: result.elements)
    }
}

extension BlockingObservable {
    /// Subscribes to `sequence` and blocks until it ends or the timeout passes; then disposes the subscription.
    private func read(_ sequence: Observable<Element>) -> (elements: [Element], error: (any Error)?) {
        let state = ReadState<Element>()
        let subscription = sequence.subscribe { event in state.receive(event) }
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        if !state.wait(until: deadline) {
            state.fail(with: RxError.timeout)
        }
        subscription.dispose()
        return state.result
    }
}

/// What a blocking read has received so far, shared with the thread that delivers the events.
private final class ReadState<Element>: @unchecked Sendable {
    /// What `condition` guards.
    private struct Progress {
        var elements: [Element] = []
        var error: (any Error)?
        var isDone = false

        /// Ends the read, failed with `error` when there is one.
        mutating func finish(failing error: (any Error)?) {
            self.error = error
            isDone = true
        }
    }

    // An `NSCondition` rather than RxLite's `Lock`: the reading thread waits on it. Its lock guards `progress`.
    private let condition = NSCondition()
    private var progress = Progress()

    var result: (elements: [Element], error: (any Error)?) {
        update { ($0.elements, $0.error) }
    }

    func receive(_ event: Event<Element>) {
        update { progress in
            guard !progress.isDone else { return }
            switch event {
            case .next(let element): progress.elements.append(element)
            case .error(let error): progress.finish(failing: error)
            case .completed: progress.finish(failing: nil)
            }
        }
    }

    func fail(with error: any Error) {
        update { progress in
            if !progress.isDone { progress.finish(failing: error) }
        }
    }

    /// Runs `body` holding the condition's lock; once the lock is released, wakes the reading thread if `body` ended
    /// the read.
    private func update<Result>(_ body: (inout Progress) -> Result) -> Result {
        condition.lock()
        let wasDone = progress.isDone
        let result = body(&progress)
        let finished = !wasDone && progress.isDone
        condition.unlock()
        if finished { condition.broadcast() }
        return result
    }

    /// Waits until the read is done or `deadline` passes; `false` on the deadline. On the main thread it turns the
    /// run loop in short slices instead of sleeping, so main-queue deliveries go on.
    func wait(until deadline: Date?) -> Bool {
        if Thread.isMainThread {
            while !update({ $0.isDone }) {
                if let deadline, Date() >= deadline { return false }
                let slice = Date(timeIntervalSinceNow: 0.005)
                _ = RunLoop.current.run(mode: .default, before: deadline.map { min($0, slice) } ?? slice)
            }
            return true
        }
        condition.lock()
        defer { condition.unlock() }
        while !progress.isDone {
            if let deadline {
                if !condition.wait(until: deadline) { return progress.isDone }
            } else {
                condition.wait()
            }
        }
        return true
    }
}
