// The time operators of Driver and Signal. As in RxCocoa they take no scheduler: they run on the sequence's own
// (the main scheduler, or the one `SharingScheduler.mock` installed when the sequence was created). Elements wait
// for a timer on that scheduler, so they must be `Sendable`, as for the Observable forms.

extension SharedSequenceConvertibleType where Element: Sendable {
    /// Emits the first element, then at most one element per `dueTime` (with `latest`, the last one held back
    /// during a window is emitted when the window ends).
    ///
    /// ```
    /// dueTime 3 frames, latest: true
    /// in:  ab-c----d-|
    /// out: a--c----d-|
    /// ```
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
    }

    /// Emits an element only once `dueTime` has passed without another one.
    ///
    /// ```
    /// dueTime 2 frames
    /// in:  ab---c-d---|
    /// out: ---b-----d-|
    /// ```
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
    }

    /// Emits each element (and the completion) `dueTime` later.
    ///
    /// ```
    /// dueTime 2 frames
    /// in:  a-b--|
    /// out: --a-b--|
    /// ```
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType {
    /// This operator for an element that is not `Sendable`, as RxSwift has it: what the checked overload does, without
    /// the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
    }

    /// This operator for an element that is not `Sendable`, as RxSwift has it: what the checked overload does, without
    /// the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
    }

    /// This operator for an element that is not `Sendable`, as RxSwift has it: what the checked overload does, without
    /// the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequence where Element: FixedWidthInteger & Sendable {
    /// Emits 0, 1, 2, ... every `period` on the strategy's scheduler; never completes.
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// Emits 0 after `dueTime`, then (with a `period`) 1, 2, ... every `period`; without one it completes after
    /// the first element.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil)
        -> SharedSequence<SharingStrategy, Element>
    {
        SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}
