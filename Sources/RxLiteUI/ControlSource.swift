import RxLite

/// The sequences behind the ``ControlEvent``s and ``ControlProperty``s of controls that report a change by calling a
/// handler (a `UIAction`, a target's action method): subscribing installs a handler, disposing removes it, and the
/// sequence completes at once when the control is already gone at subscription, or later when `deallocated` fires
/// (the control's `rx.deallocated` on Apple platforms), as RxCocoa's controls do.
///
/// Wrap the result in a ``ControlEvent`` or a ``ControlProperty``, which subscribe on the main queue: the handler is
/// installed, called and removed on the main actor. The control is held weakly. It compiles on every platform, so
/// that its behaviour is tested with a plain object standing in for a control.
enum ControlSource {
    /// Removes a handler that a ``Registration`` installed.
    typealias Removal = @MainActor @Sendable () -> Void

    /// Installs a handler on the control, to be called with each event, and returns what removes it.
    typealias Registration<Control, Argument> = @MainActor (Control, @escaping @MainActor (Argument) -> Void) -> Removal

    /// Each argument the control's handler is called with, from subscription until disposal or deallocation.
    static func events<Control: AnyObject & Sendable, Element>(
        of control: Control, deallocated: Observable<Void>, register: @escaping Registration<Control, Element>
    ) -> Observable<Element> {
        Observable<Element>.create { [weak control] observer in
            let sink = MainThreadObserver(observer: observer)
            // Subscribed on the main queue (by the ControlEvent or ControlProperty around it): the main actor.
            let removal = MainActor.assumeIsolated { () -> Removal? in
                guard let control else { return nil }
                return register(control) { sink.observer.onNext($0) }
            }
            guard let removal else {
                observer.onCompleted()
                return Disposables.create()
            }
            return Disposables.create {
                _ = MainScheduler.instance.schedule(()) { _ in
                    MainActor.assumeIsolated { removal() }
                    return Disposables.create()
                }
            }
        }
        .take(until: deallocated)
    }

    /// `getter`'s value at subscription, then after each call of the control's handler, until disposal or
    /// deallocation.
    static func values<Control: AnyObject & Sendable, Value>(
        of control: Control, deallocated: Observable<Void>, getter: @escaping @MainActor (Control) -> Value,
        register: @escaping Registration<Control, Void>
    ) -> Observable<Value> {
        events(of: control, deallocated: deallocated) { control, emit in
            emit(getter(control))
            return register(control) { [weak control] _ in
                if let control { emit(getter(control)) }
            }
        }
    }
}
