/// The strategy of ``Driver``: delivers on ``SharingScheduler/make()`` and shares with a replay of one element,
/// so a late subscriber gets the latest element at once.
public enum DriverSharingStrategy: SharingStrategyProtocol {
    public static var scheduler: any SchedulerType { SharingScheduler.make() }

    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

/// A sequence for driving UI state: it never fails, delivers on the main scheduler, and replays its latest element
/// to each new subscriber while it has subscribers (`share(replay: 1, scope: .whileConnected)`).
///
/// Build one with `asDriver(onErrorJustReturn:)`, `asDriver(onErrorDriveWith:)` or `asDriver(onErrorRecover:)`;
/// consume it with `drive(...)` from the main actor.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

extension ObservableConvertibleType where Element: Sendable {
    /// This sequence as a ``Driver``: elements are delivered on the main scheduler; if it fails, `onErrorJustReturn`
    /// is emitted and the driver completes.
    ///
    /// The elements cross to the main thread here, so they must be `Sendable`.
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        Driver(delivering: asObservable()) { $0.catchAndReturn(onErrorJustReturn) }
    }

    /// This sequence as a ``Driver``: elements are delivered on the main scheduler; if it fails, the driver
    /// continues with `onErrorDriveWith`.
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        Driver(delivering: asObservable()) { $0.catch { _ in onErrorDriveWith.asObservable() } }
    }

    /// This sequence as a ``Driver``: elements are delivered on the main scheduler; if it fails, the driver
    /// continues with the driver that `onErrorRecover` returns for the error.
    public func asDriver(onErrorRecover: @escaping (_ error: any Error) -> Driver<Element>) -> Driver<Element> {
        Driver(delivering: asObservable()) { $0.catch { error in onErrorRecover(error).asObservable() } }
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
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        Driver(delivering: asObservable()) { $0.catchAndReturn(onErrorJustReturn) }
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
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        Driver(delivering: asObservable()) { $0.catch { _ in onErrorDriveWith.asObservable() } }
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
    public func asDriver(onErrorRecover: @escaping (_ error: any Error) -> Driver<Element>) -> Driver<Element> {
        Driver(delivering: asObservable()) { $0.catch { error in onErrorRecover(error).asObservable() } }
    }
}

extension BehaviorRelay where Element: Sendable {
    /// The relay as a ``Driver``: its current value first, then every accepted value, on the main scheduler.
    public func asDriver() -> Driver<Element> {
        Driver(delivering: asObservable())
    }
}

extension BehaviorRelay {
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
    public func asDriver() -> Driver<Element> {
        Driver(delivering: asObservable())
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// The sequence as the ``Driver`` it already is: for a type of one's own that implements only
    /// ``SharedSequenceConvertibleType/asSharedSequence()`` with Driver's strategy (RxSwift's `ActivityIndicator`,
    /// used as `indicator.asDriver()`), and for a ``Driver`` itself. Nothing is added: same elements, same scheduler,
    /// same sharing.
    public func asDriver() -> Driver<Element> {
        asSharedSequence()
    }
}

// `drive(onNext:...)`, `drive(with:...)` and `drive` into observers and relays are generated with Signal's `emit`
// forms into GENERATED-SharedSequence+DriveEmit.swift (scripts/generate-drive-emit.py).
extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Calls `transformation` with the driver's elements and returns its result: for bindings written as functions.
    @preconcurrency @MainActor
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        MainScheduler.ensureRunningOnMainThread(errorMessage: "drive must be called on the main thread")
        return transformation(asObservable())
    }

    /// Calls the curried `binding` with the driver's elements and `curriedArgument`: `drive(tableView.rx.items(
    /// cellIdentifier: "Cell", cellType: Cell.self)) { row, item, cell in ... }`.
    @preconcurrency @MainActor
    public func drive<R1, R2>(_ binding: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        MainScheduler.ensureRunningOnMainThread(errorMessage: "drive must be called on the main thread")
        return binding(asObservable())(curriedArgument)
    }
}
