extension InfallibleType where Element: Sendable {
    /// The elements as an `AsyncStream`, for `for await` loops (an infallible never fails), as in RxSwift.
    ///
    /// Subscribes at once; the loop ends when the sequence completes. Breaking out of the loop, or cancelling the
    /// task that runs it, disposes the subscription. Elements that arrive faster than the loop takes them are
    /// buffered.
    public var values: AsyncStream<Element> {
        AsyncStream(subscribingTo: asObservable())
    }
}
