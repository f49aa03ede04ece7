import RxLite

#if canImport(Observation)
    import Observation
#endif

/// A value a view model exposes and a view binds to: the hand-made `Observable<T>` of MVVM code without RxSwift
/// (`bind` / `lazyBind`), with any number of observers, unbinding by disposing, and a thread rule.
///
/// ```swift
/// struct Input { let text = ObservableValue<String?>(nil) }
/// viewModel.output.message.bind { [weak self] in self?.label.text = $0 }.disposed(by: disposeBag)
/// ```
///
/// **Thread rule: the main actor.** `value`, `bind` and `lazyBind` are `@MainActor`, so the compiler rejects a
/// read or write from another thread, and every observer runs on the main actor, synchronously: after
/// `value = x` returns, every bound label already shows `x`, exactly as with the hand-made type. This was chosen
/// over a thread-safe type that delivers on a scheduler because the values are UI state, written and read by
/// main-actor view models and views; a scheduler hop would make `value = x` asynchronous (the label would lag one
/// run-loop turn) and give tests a scheduler to drive for no benefit. Code on other threads reaches it through the
/// stream side: `bind(to:)`/`drive` feed it (the element is applied on the main queue), and
/// ``asObservable()``/``asDriver()`` read it from anywhere. Those paths move elements between threads, so
/// `Value` is `Sendable`.
///
/// **Observers.** `bind` calls the observer at once with the current value, then on every change; `lazyBind`
/// only on changes. Each returns a disposable: dispose it (or put it in a `DisposeBag`) to unbind. A binding whose
/// disposable is discarded lives as long as the `ObservableValue`, as in the hand-made type. An observer that sets
/// `value` sees that change after its current call returns, and so does every other observer, in order.
///
/// **Observation.** Where the `Observation` module is available (iOS 17, macOS 14, tvOS 17, watchOS 10, and
/// every Linux toolchain), it is an `Observation.Observable`: a SwiftUI view that reads ``value`` redraws when it
/// changes, and `withObservationTracking` sees the change, as for an `@Observable` class.
///
/// **Memory.** The value holds its observers; an observer that captures its owner strongly while the owner holds
/// the value (directly or through a view model) is a retain cycle. Capture `[weak self]` or use
/// ``bind(with:_:file:line:)``.
@preconcurrency @MainActor
public final class ObservableValue<Value: Sendable>: ObservableType, ObserverType {
    /// The type of the value, which is also the element of the sequence.
    public typealias Element = Value

    // The latest value set on the main actor. The relay below delivers in order; a value set by an observer
    // reaches the relay's memory only after the current delivery, but reads here see it at once.
    private var current: Value
    private nonisolated let relay: BehaviorRelay<Value>
    /// Observation's registrar (an `ObservationRegistrar`, in a box because that type is newer than the package's
    /// floor); `nil` where Observation is not available.
    private nonisolated let registrar: (any Sendable)?

    /// A value holding `value`; it may be created anywhere (a view model's `Input` struct, a background loader).
    public nonisolated init(_ value: Value) {
        current = value
        relay = BehaviorRelay(value: value)
        #if canImport(Observation)
            if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *) {
                registrar = ObservationRegistrar()
            } else {
                registrar = nil
            }
        #else
            registrar = nil
        #endif
    }

    /// The current value. Setting it calls every observer with the new value before returning (the setter is not
    /// deduplicated: setting an equal value calls them again, as the hand-made type did).
    public var value: Value {
        get {
            #if canImport(Observation)
                if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *),
                    let registrar = registrar as? ObservationRegistrar
                {
                    registrar.access(self, keyPath: \.value)
                }
            #endif
            return current
        }
        set {
            #if canImport(Observation)
                if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *),
                    let registrar = registrar as? ObservationRegistrar
                {
                    registrar.withMutation(of: self, keyPath: \.value) { current = newValue }
                    relay.accept(newValue)
                    return
                }
            #endif
            current = newValue
            relay.accept(newValue)
        }
    }

    /// Calls `observer` at once with the current value, then with every later value, on the main actor.
    @discardableResult
    public func bind(
        _ observer: @escaping @MainActor (Value) -> Void, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        relay.subscribe(onNext: { value in MainActor.assumeIsolated { observer(value) } }, file: file, line: line)
    }

    /// Calls `observer` with every later value (not the current one), on the main actor.
    @discardableResult
    public func lazyBind(
        _ observer: @escaping @MainActor (Value) -> Void, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        relay.skip(1).subscribe(
            onNext: { value in MainActor.assumeIsolated { observer(value) } }, file: file, line: line)
    }

    /// `bind`, passing `owner` to `observer` and holding it weakly: no retain cycle, and nothing is called once
    /// `owner` is gone.
    @discardableResult
    public func bind<Owner: AnyObject>(
        with owner: Owner, _ observer: @escaping @MainActor (Owner, Value) -> Void, file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        bind(
            { [weak owner] value in
                guard let owner else { return }
                observer(owner, value)
            }, file: file, line: line)
    }

    /// The current value, then every later value. It may be subscribed from any thread: the current value is
    /// delivered on the subscribing thread, later values on the main actor, where they are set.
    public nonisolated func asObservable() -> Observable<Value> {
        relay.asObservable()
    }

    /// The value as a `Driver`: the current value, then every later one, on the main scheduler.
    public nonisolated func asDriver() -> Driver<Value> {
        relay.asDriver()
    }

    /// Sets `value` to each element, on the main queue, so `bind(to:)` and `drive` can feed it from any thread.
    /// Completion is ignored; an error stops a debug build, as for every `Binder`.
    public nonisolated func on(_ event: Event<Value>) {
        Binder(self) { target, value in
            MainActor.assumeIsolated { target.value = value }
        }.on(event)
    }
}

#if canImport(Observation)
    /// Lets SwiftUI and `withObservationTracking` observe ``ObservableValue/value``.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    extension ObservableValue: Observation.Observable {}
#endif
