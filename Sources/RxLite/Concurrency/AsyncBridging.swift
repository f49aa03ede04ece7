extension ObservableConvertibleType where Element: Sendable {
    /// The elements as an async sequence, for `for try await` loops.
    ///
    /// Subscribes when iteration starts; the loop ends when the sequence completes and throws its error. Breaking out
    /// of the loop, or cancelling the task that runs it, disposes the subscription; a loop whose task was cancelled
    /// before the sequence completed throws `CancellationError` (as RxSwift's does), so code after the loop never
    /// mistakes a cancellation for the end. Elements that arrive faster than the loop takes them are buffered.
    ///
    /// ```swift
    /// for try await page in pager.pages.values { render(page) }
    /// ```
    public var values: ObservableValues<Element> {
        ObservableValues(source: asObservable())
    }
}

extension ObservableConvertibleType {
    /// `values` for an element that is not `Sendable`, as RxSwift has it: the same sequence, without the compile-time
    /// check. The call warns (a deprecation) that nothing checks that the elements may cross from the subscription's
    /// thread to the awaiting task; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this hands elements from the subscription's thread to the awaiting task: \
            RxLite cannot check that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public var values: ObservableValues<Element> {
        ObservableValues(source: asObservable())
    }
}

/// The elements of an observable as an async sequence: what ``ObservableConvertibleType/values-7tzsr`` returns.
///
/// Each iteration subscribes once. It ends when the observable completes, throws its error, and throws
/// `CancellationError` when it stops before the observable completed (its task was cancelled, or the subscription
/// was disposed).
///
/// Not `Sendable`, as the ``Observable`` it holds is not: iterate it where it was made (a loop in the task that asked
/// for it). Its elements are `Sendable` unless it came from the unchecked `values`, which warns where it is used.
public struct ObservableValues<Element>: AsyncSequence {
    let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    /// Subscribes to the observable.
    public func makeAsyncIterator() -> AsyncIterator {
        let ending = ValuesEnding()
        let stream = AsyncThrowingStream<Element, any Error> { continuation in
            let subscription = SerialDisposable()
            continuation.onTermination = { _ in subscription.dispose() }
            subscription.disposable = source.subscribe { event in
                switch event {
                case .next(let element):
                    // What the element's type allows: the checked `values` only hands out Sendable elements; the
                    // deprecated one takes any and says so at its call site.
                    continuation.yield(UncheckedTransfer(value: element).value)
                case .error(let error): continuation.finish(throwing: error)
                case .completed:
                    ending.markCompleted()
                    continuation.finish()
                }
            }
        }
        return AsyncIterator(base: stream.makeAsyncIterator(), ending: ending)
    }

    /// Iterates the elements of one subscription.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Element, any Error>.AsyncIterator
        let ending: ValuesEnding
        var isFinished = false

        init(base: AsyncThrowingStream<Element, any Error>.AsyncIterator, ending: ValuesEnding) {
            self.base = base
            self.ending = ending
        }

        /// The next element; `nil` after the observable completed; throws its error, or `CancellationError` when
        /// the iteration stopped before it completed.
        public mutating func next() async throws -> Element? {
            if isFinished { return nil }
            let element: Element?
            do {
                element = try await base.next()
            } catch {
                isFinished = true
                throw error
            }
            if let element { return element }
            isFinished = true
            if ending.isCompleted { return nil }
            throw CancellationError()
        }
    }
}

/// Whether the observable behind an ``ObservableValues`` iteration completed (rather than being cut short): set by
/// the subscription's thread, read by the iterating task, under the lock. A value: the subscription's closure and the
/// iterator share its one lock box.
struct ValuesEnding: Sendable {
    private let completed = Locked(false)

    /// Not completed yet.
    init() {}

    func markCompleted() { completed.withLock { $0 = true } }

    var isCompleted: Bool { completed.withLock { $0 } }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// The elements of this async sequence as an ``Observable``.
    ///
    /// Each subscription iterates the sequence in its own detached `Task` of `priority`, as RxSwift's does, so a
    /// subscription made on the main thread does not iterate there; disposing cancels the task, which ends the
    /// iteration at its next suspension point. Elements are delivered from that task, one at a time: add
    /// `observe(on: MainScheduler.instance)` to deliver them on the main queue.
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        uncheckedAsObservable(priority: priority)
    }
}

extension AsyncSequence {
    /// `asObservable(priority:)` for a sequence or element that is not `Sendable`, as RxSwift has it: the same
    /// observable, without the compile-time check. The call warns (a deprecation) that nothing checks that the
    /// sequence may be iterated in another task and its elements handed from there to the subscriber; code whose
    /// sequence and element are `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            The sequence or its Element is not Sendable, and this iterates it in a task of its own that hands the \
            elements to the subscriber: RxLite cannot check that this is safe. Make both Sendable to use the checked \
            overload.
            """
    )
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        uncheckedAsObservable(priority: priority)
    }

    /// What both `asObservable(priority:)` overloads build.
    func uncheckedAsObservable(priority: TaskPriority?) -> Observable<Element> {
        // Formed here and handed over whole: the task's closure then uses no conformance of `Self`, whose metatype
        // (unlike a `Sendable` sequence's) may not be captured by a `@Sendable` closure.
        let iterate = UncheckedTransfer<(TaskReport<Element>) async throws -> Void> { [self] report in
            for try await element in self {
                guard report.next(element) else { break }
            }
        }
        return Observable { sink, lifetime, _ in
            TaskReport.run(priority: priority, detached: true, sink: sink, lifetime: lifetime) { report in
                try await iterate.value(report)
            }
        }
    }
}

extension SharedSequenceConvertibleType where Element: Sendable {
    /// The elements as an `AsyncStream`, for `for await` loops (a ``Driver`` or ``Signal`` never fails).
    ///
    /// Subscribes at once; the loop ends when the sequence completes. Breaking out of the loop, or cancelling the
    /// task that runs it, disposes the subscription. Elements are delivered on the sharing scheduler (the main
    /// queue) and buffered until the loop takes them; the loop body runs on the awaiting task's own isolation.
    public var values: AsyncStream<Element> {
        AsyncStream(subscribingTo: asObservable())
    }
}

extension SharedSequenceConvertibleType {
    /// `values` for an element that is not `Sendable`, as RxSwift has it: the same sequence, without the compile-time
    /// check. The call warns (a deprecation) that nothing checks that the elements may cross from the subscription's
    /// thread to the awaiting task; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this hands elements from the subscription's thread to the awaiting task: \
            RxLite cannot check that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public var values: AsyncStream<Element> {
        AsyncStream(subscribingTo: asObservable())
    }
}

extension AsyncStream {
    /// The elements of `source`, which never fails, for a `for await` loop: subscribes at once, buffers elements until
    /// the loop takes them, and ends the stream when `source` ends; ending the loop (or cancelling its task) disposes
    /// the subscription.
    init(subscribingTo source: Observable<Element>) {
        self.init { continuation in
            let subscription = SerialDisposable()
            continuation.onTermination = { _ in subscription.dispose() }
            subscription.disposable = source.subscribe { event in
                switch event {
                case .next(let element):
                    // What the element's type allows: the checked `values` only hands out Sendable elements; the
                    // deprecated one takes any and says so at its call site.
                    continuation.yield(UncheckedTransfer(value: element).value)
                case .error, .completed: continuation.finish()
                }
            }
        }
    }
}
