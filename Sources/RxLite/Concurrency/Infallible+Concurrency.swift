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

extension InfallibleType {
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
