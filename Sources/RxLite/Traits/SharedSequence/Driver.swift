/// The strategy of ``Driver``: delivers on ``SharingScheduler/make()`` and shares with a replay of one element,
/// so a late subscriber gets the latest element at once.
public enum DriverSharingStrategy: SharingStrategyProtocol {
    public static var scheduler: any SchedulerType { SharingScheduler.make() }

    @inlinable
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
    @inlinable
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        Driver(delivering: asObservable()) { $0.catchAndReturn(onErrorJustReturn) }
    }

    /// This sequence as a ``Driver``: elements are delivered on the main scheduler; if it fails, the driver
    /// continues with `onErrorDriveWith`.
    @inlinable
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        Driver(delivering: asObservable()) { $0.catch { _ in onErrorDriveWith.asObservable() } }
    }

    /// This sequence as a ``Driver``: elements are delivered on the main scheduler; if it fails, the driver
    /// continues with the driver that `onErrorRecover` returns for the error.
    @inlinable
    public func asDriver(onErrorRecover: @escaping (_ error: any Error) -> Driver<Element>) -> Driver<Element> {
        Driver(delivering: asObservable()) { $0.catch { error in onErrorRecover(error).asObservable() } }
    }
}

extension BehaviorRelay where Element: Sendable {
    /// The relay as a ``Driver``: its current value first, then every accepted value, on the main scheduler.
    @inlinable
    public func asDriver() -> Driver<Element> {
        Driver(delivering: asObservable())
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Subscribes closures for elements, completion and disposal (a driver never fails). Call it on the main actor,
    /// where the driver delivers.
    ///
    /// `onDisposed` runs after `onCompleted`, or when the subscription is disposed.
    @MainActor
    @discardableResult
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes closures that receive `object` weakly; events after `object` is gone are ignored.
    @MainActor
    @discardableResult
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> any Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Sends every element and the completion to each of `observers` (a ``Binder``, a subject, ...).
    @MainActor
    @discardableResult
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable
    where Observer.Element == Element {
        asObservable().subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Sends every element, as an optional, and the completion to each of `observers`.
    @MainActor
    @discardableResult
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable
    where Observer.Element == Element? {
        asObservable().subscribe { event in observers.forEach { $0.on(event.map { $0 }) } }
    }

    /// Accepts every element into each of `relays`; the completion is not forwarded (a relay never ends).
    @MainActor
    @discardableResult
    public func drive(_ relays: BehaviorRelay<Element>...) -> any Disposable {
        drive(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every element, as an optional, into each of `relays`.
    @MainActor
    @discardableResult
    public func drive(_ relays: BehaviorRelay<Element?>...) -> any Disposable {
        drive(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every element into each of `relays`.
    @MainActor
    @discardableResult
    public func drive(_ relays: PublishRelay<Element>...) -> any Disposable {
        drive(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every element into each of `relays`.
    @MainActor
    @discardableResult
    public func drive(_ relays: ReplayRelay<Element>...) -> any Disposable {
        drive(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Calls `transformation` with the driver's elements and returns its result: for bindings written as functions.
    @MainActor
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        transformation(asObservable())
    }

    /// Calls the curried `binding` with the driver's elements and `curriedArgument`: `drive(tableView.rx.items(
    /// cellIdentifier: "Cell", cellType: Cell.self)) { row, item, cell in ... }`.
    @MainActor
    public func drive<R1, R2>(_ binding: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binding(asObservable())(curriedArgument)
    }
}
