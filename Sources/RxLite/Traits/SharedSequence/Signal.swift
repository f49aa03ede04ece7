/// The strategy of ``Signal``: delivers on ``SharingScheduler/make()`` and shares without replay, so a late
/// subscriber gets only what comes after it.
public enum SignalSharingStrategy: SharingStrategyProtocol {
    public static var scheduler: any SchedulerType { SharingScheduler.make() }

    @inlinable
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
    @inlinable
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        Signal(delivering: asObservable()) { $0.catchAndReturn(onErrorJustReturn) }
    }

    /// This sequence as a ``Signal``: if it fails, the signal continues with `onErrorSignalWith`.
    @inlinable
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        Signal(delivering: asObservable()) { $0.catch { _ in onErrorSignalWith.asObservable() } }
    }

    /// This sequence as a ``Signal``: if it fails, the signal continues with the signal that `onErrorRecover`
    /// returns for the error.
    @inlinable
    public func asSignal(onErrorRecover: @escaping (_ error: any Error) -> Signal<Element>) -> Signal<Element> {
        Signal(delivering: asObservable()) { $0.catch { error in onErrorRecover(error).asObservable() } }
    }
}

extension PublishRelay where Element: Sendable {
    /// The relay as a ``Signal``: every accepted value, on the main scheduler.
    @inlinable
    public func asSignal() -> Signal<Element> {
        Signal(delivering: asObservable())
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Subscribes closures for elements, completion and disposal (a signal never fails). Call it on the main actor,
    /// where the signal delivers.
    @MainActor
    @discardableResult
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes closures that receive `object` weakly; events after `object` is gone are ignored.
    @MainActor
    @discardableResult
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> any Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Sends every element and the completion to each of `observers`.
    @MainActor
    @discardableResult
    public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where Observer.Element == Element {
        asObservable().subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Sends every element, as an optional, and the completion to each of `observers`.
    @MainActor
    @discardableResult
    public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where Observer.Element == Element? {
        asObservable().subscribe { event in observers.forEach { $0.on(event.map { $0 }) } }
    }

    /// Accepts every element into each of `relays`; the completion is not forwarded.
    @MainActor
    @discardableResult
    public func emit(to relays: PublishRelay<Element>...) -> any Disposable {
        emit(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every element, as an optional, into each of `relays`.
    @MainActor
    @discardableResult
    public func emit(to relays: PublishRelay<Element?>...) -> any Disposable {
        emit(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every element into each of `relays`.
    @MainActor
    @discardableResult
    public func emit(to relays: BehaviorRelay<Element>...) -> any Disposable {
        emit(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every element, as an optional, into each of `relays`.
    @MainActor
    @discardableResult
    public func emit(to relays: BehaviorRelay<Element?>...) -> any Disposable {
        emit(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every element into each of `relays`.
    @MainActor
    @discardableResult
    public func emit(to relays: ReplayRelay<Element>...) -> any Disposable {
        emit(onNext: { element in relays.forEach { $0.accept(element) } })
    }
}
