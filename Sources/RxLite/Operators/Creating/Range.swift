/// The integers `range`, `interval` and `timer` count in (RxSwift's name for `FixedWidthInteger`).
public typealias RxAbstractInteger = FixedWidthInteger

extension ObservableType where Element: RxAbstractInteger {
    /// Emits `count` consecutive integers from `start`, then completes, one element per action of the current-thread
    /// trampoline (see ``CurrentThreadScheduler``), as RxSwift does.
    ///
    /// [range](https://reactivex.io/documentation/operators/range.html)
    public static func range(start: Element, count: Element) -> Observable<Element> {
        precondition(count >= 0, "range needs a count of zero or more")
        return trampolined {
            var offset: Element = 0
            return {
                guard offset < count else { return nil }
                defer { offset += 1 }
                return start + offset
            }
        }
    }

    /// Emits `count` consecutive integers from `start` on `scheduler`, then completes.
    public static func range(start: Element, count: Element, scheduler: any ImmediateSchedulerType)
        -> Observable<Element>
    {
        precondition(count >= 0, "range needs a count of zero or more")
        return from(0..<count, scheduler: scheduler).map { start + $0 }
    }
}
