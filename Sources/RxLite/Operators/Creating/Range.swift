extension Observable where Element: FixedWidthInteger {
    /// Emits `count` consecutive integers from `start`, then completes.
    ///
    /// [range](https://reactivex.io/documentation/operators/range.html)
    @inlinable
    public static func range(start: Element, count: Element) -> Observable<Element> {
        precondition(count >= 0, "range needs a count of zero or more")
        return Observable { sink, lifetime, _ in
            var offset: Element = 0
            while offset < count {
                guard lifetime.isActive else { return }
                sink(.next(start + offset))
                offset += 1
            }
            if lifetime.isActive { sink(.completed) }
        }
    }

    /// Emits `count` consecutive integers from `start` on `scheduler`, then completes.
    @inlinable
    public static func range(start: Element, count: Element, scheduler: some ImmediateSchedulerType)
        -> Observable<Element>
    {
        precondition(count >= 0, "range needs a count of zero or more")
        return from(0..<count, scheduler: scheduler).map { start + $0 }
    }
}
