#if canImport(UIKit)
    import RxLite

    /// Carries an observer into a UIKit callback (a `UIAction` handler, a target's action method, a notification
    /// block on the main queue) that UIKit runs on the main thread, where the subscription made it: the observer is
    /// never called anywhere else.
    struct MainThreadObserver<Element>: @unchecked Sendable {
        let observer: AnyObserver<Element>
    }
#endif
