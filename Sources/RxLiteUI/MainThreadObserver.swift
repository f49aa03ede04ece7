import RxLite

/// Carries an observer into a callback that runs on the main thread, where the subscription made it (a `UIAction`
/// handler, a target's action method, a notification block on the main queue, a ``ControlSource`` handler): the
/// observer is never called anywhere else.
struct MainThreadObserver<Element>: @unchecked Sendable {
    let observer: AnyObserver<Element>
}
