extension ObservableConvertibleType where Element: Sendable {
    /// The elements as an `AsyncThrowingStream`, for `for try await` loops.
    ///
    /// Subscribes at once; the loop ends when the sequence completes and throws its error. Breaking out of the
    /// loop, or cancelling the task that runs it, disposes the subscription. Elements that arrive faster than the
    /// loop takes them are buffered.
    ///
    /// ```swift
    /// for try await page in pager.pages.values { render(page) }
    /// ```
    public var values: AsyncThrowingStream<Element, any Error> {
        AsyncThrowingStream { continuation in
            let subscription = SerialDisposable()
            continuation.onTermination = { _ in subscription.dispose() }
            subscription.disposable = asObservable().subscribe { event in
                switch event {
                case .next(let element): continuation.yield(element)
                case .error(let error): continuation.finish(throwing: error)
                case .completed: continuation.finish()
                }
            }
        }
    }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// The elements of this async sequence as an ``Observable``.
    ///
    /// Each subscription iterates the sequence in its own `Task`; disposing cancels the task, which ends the
    /// iteration at its next suspension point. Elements are delivered from that task, one at a time.
    public func asObservable() -> Observable<Element> {
        Observable { sink, lifetime, _ in
            let report = TaskReport(sink: sink, lifetime: lifetime)
            lifetime.insert(report)
            report.attach(
                Task {
                    do {
                        for try await element in self {
                            guard report.isActive else { break }
                            report.next(element)
                        }
                        report.finish(nil)
                    } catch {
                        report.finish(error)
                    }
                })
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
        AsyncStream { continuation in
            let subscription = SerialDisposable()
            continuation.onTermination = { _ in subscription.dispose() }
            subscription.disposable = asObservable().subscribe { event in
                switch event {
                case .next(let element): continuation.yield(element)
                case .error, .completed: continuation.finish()
                }
            }
        }
    }
}
