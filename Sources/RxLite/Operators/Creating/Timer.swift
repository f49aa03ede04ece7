extension ObservableType where Element: RxAbstractInteger {
    /// Emits `0` after `dueTime`; with a `period`, then `1`, `2`, ... every `period`, otherwise completes.
    ///
    /// ```
    /// timer(.seconds(2), period: .seconds(1)):  --0-1-2-3-...
    /// timer(.seconds(2)):                       --(0|)
    /// ```
    /// [timer](https://reactivex.io/documentation/operators/timer.html)
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: any SchedulerType
    ) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            if let period {
                lifetime.insert(
                    scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) { count in
                        guard lifetime.isActive else { return count }
                        sink.on(next: count)
                        return count &+ 1
                    })
            } else {
                lifetime.insert(
                    scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                        guard lifetime.isActive else { return Disposables.create() }
                        sink.on(next: Element.zero)
                        if lifetime.isActive { sink.onCompleted() }
                        return Disposables.create()
                    })
            }
        }
    }

    /// Emits `0`, `1`, `2`, ... every `period`, starting one period from now.
    ///
    /// [interval](https://reactivex.io/documentation/operators/interval.html)
    public static func interval(_ period: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        timer(period, period: period, scheduler: scheduler)
    }
}
