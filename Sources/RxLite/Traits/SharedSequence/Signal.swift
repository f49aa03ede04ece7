/// The strategy of ``Signal``: delivers on ``SharingScheduler/make()`` and shares without replay, so a late
/// subscriber gets only what comes after it.
public enum SignalSharingStrategy: SharingStrategyProtocol {
    public static var scheduler: any SchedulerType { SharingScheduler.make() }

    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

/// A sequence of UI events (taps, notices): it never fails, delivers on the main scheduler, and shares one
/// subscription without replay. A ``Driver`` is for state; a signal is for things that happen.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

extension ObservableConvertibleType where Element: Sendable {
    /// This sequence as a ``Signal``: elements are delivered on the main scheduler; if it fails,
    /// `onErrorJustReturn` is emitted and the signal completes.
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        Signal(delivering: asObservable()) { $0.catchAndReturn(onErrorJustReturn) }
    }

    /// This sequence as a ``Signal``: if it fails, the signal continues with `onErrorSignalWith`.
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        Signal(delivering: asObservable()) { $0.catch { _ in onErrorSignalWith.asObservable() } }
    }

    /// This sequence as a ``Signal``: if it fails, the signal continues with the signal that `onErrorRecover`
    /// returns for the error.
    public func asSignal(onErrorRecover: @escaping (_ error: any Error) -> Signal<Element>) -> Signal<Element> {
        Signal(delivering: asObservable()) { $0.catch { error in onErrorRecover(error).asObservable() } }
    }
}

extension ObservableConvertibleType {
    /// This conversion for an element that is not `Sendable`, as RxSwift has it: what the checked overload does,
    /// without the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross
    /// to the main thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and a Driver or Signal hands elements to the main thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        Signal(delivering: asObservable()) { $0.catchAndReturn(onErrorJustReturn) }
    }

    /// This conversion for an element that is not `Sendable`, as RxSwift has it: what the checked overload does,
    /// without the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross
    /// to the main thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and a Driver or Signal hands elements to the main thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        Signal(delivering: asObservable()) { $0.catch { _ in onErrorSignalWith.asObservable() } }
    }

    /// This conversion for an element that is not `Sendable`, as RxSwift has it: what the checked overload does,
    /// without the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross
    /// to the main thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and a Driver or Signal hands elements to the main thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func asSignal(onErrorRecover: @escaping (_ error: any Error) -> Signal<Element>) -> Signal<Element> {
        Signal(delivering: asObservable()) { $0.catch { error in onErrorRecover(error).asObservable() } }
    }
}

extension PublishRelay where Element: Sendable {
    /// The relay as a ``Signal``: every accepted value, on the main scheduler.
    public func asSignal() -> Signal<Element> {
        Signal(delivering: asObservable())
    }
}

extension PublishRelay {
    /// This conversion for an element that is not `Sendable`, as RxSwift has it: what the checked overload does,
    /// without the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross
    /// to the main thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and a Driver or Signal hands elements to the main thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func asSignal() -> Signal<Element> {
        Signal(delivering: asObservable())
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// The sequence as the ``Signal`` it already is: for a type of one's own that implements only
    /// ``SharedSequenceConvertibleType/asSharedSequence()`` with Signal's strategy, and for a ``Signal`` itself.
    /// Nothing is added: same elements, same scheduler, same sharing.
    public func asSignal() -> Signal<Element> {
        asSharedSequence()
    }
}

// `emit(onNext:...)`, `emit(with:...)` and `emit(to:)` are generated with Driver's `drive` forms into
// GENERATED-SharedSequence+DriveEmit.swift (scripts/generate-drive-emit.py).
