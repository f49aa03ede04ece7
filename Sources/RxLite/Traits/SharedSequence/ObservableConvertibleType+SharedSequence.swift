// RxCocoa's conversion to a shared sequence of any strategy, which `asDriver` and `asSignal` are the two cases of:
// for code generic over its SharingStrategyProtocol.

extension ObservableConvertibleType where Element: Sendable {
    /// This sequence as a shared sequence of strategy `S`: delivered on `S`'s scheduler, shared as `S` shares; if it
    /// fails, `onErrorJustReturn` is emitted and the sequence completes. The elements cross to `S`'s scheduler, so
    /// they must be `Sendable`.
    public func asSharedSequence<S: SharingStrategyProtocol>(
        sharingStrategy _: S.Type = S.self, onErrorJustReturn: Element
    ) -> SharedSequence<S, Element> {
        SharedSequence(delivering: asObservable()) { $0.catchAndReturn(onErrorJustReturn) }
    }

    /// This sequence as a shared sequence of strategy `S`; if it fails, it continues with `onErrorDriveWith`.
    public func asSharedSequence<S: SharingStrategyProtocol>(
        sharingStrategy _: S.Type = S.self, onErrorDriveWith: SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        SharedSequence(delivering: asObservable()) { $0.catch { _ in onErrorDriveWith.asObservable() } }
    }

    /// This sequence as a shared sequence of strategy `S`; if it fails, it continues with what `onErrorRecover`
    /// returns for the error.
    public func asSharedSequence<S: SharingStrategyProtocol>(
        sharingStrategy _: S.Type = S.self, onErrorRecover: @escaping (_ error: any Error) -> SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        SharedSequence(delivering: asObservable()) { $0.catch { error in onErrorRecover(error).asObservable() } }
    }
}

extension ObservableConvertibleType {
    /// `asSharedSequence(sharingStrategy:onErrorJustReturn:)` for an element that is not `Sendable`, as RxCocoa has
    /// it: the same conversion, without the compile-time check. The call warns (a deprecation) that nothing checks
    /// that the elements may cross to the strategy's scheduler.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and a shared sequence hands elements to its scheduler's thread: RxLite cannot \
            check that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func asSharedSequence<S: SharingStrategyProtocol>(
        sharingStrategy _: S.Type = S.self, onErrorJustReturn: Element
    ) -> SharedSequence<S, Element> {
        SharedSequence(delivering: asObservable()) { $0.catchAndReturn(onErrorJustReturn) }
    }

    /// `asSharedSequence(sharingStrategy:onErrorDriveWith:)` for an element that is not `Sendable`, without the
    /// compile-time check; the call warns.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and a shared sequence hands elements to its scheduler's thread: RxLite cannot \
            check that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func asSharedSequence<S: SharingStrategyProtocol>(
        sharingStrategy _: S.Type = S.self, onErrorDriveWith: SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        SharedSequence(delivering: asObservable()) { $0.catch { _ in onErrorDriveWith.asObservable() } }
    }

    /// `asSharedSequence(sharingStrategy:onErrorRecover:)` for an element that is not `Sendable`, without the
    /// compile-time check; the call warns.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and a shared sequence hands elements to its scheduler's thread: RxLite cannot \
            check that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func asSharedSequence<S: SharingStrategyProtocol>(
        sharingStrategy _: S.Type = S.self, onErrorRecover: @escaping (_ error: any Error) -> SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        SharedSequence(delivering: asObservable()) { $0.catch { error in onErrorRecover(error).asObservable() } }
    }
}
