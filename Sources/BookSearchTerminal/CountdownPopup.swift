import RxLite
import RxLiteUI

/// What the app's countdown popup shows: `Countdown`'s "3", "2", "1", then "Done" held for a moment before the
/// popup closes, so that a user sees it finished rather than a box vanishing on "1"; a cancel closes it at once.
///
/// ```
/// countdown text  nil-3-2-1-Done-nil            (at 0, 1, 2, 3 s; Countdown hides at 3 s)
/// popup text      nil-3-2-1-Done------nil       (hidden `hold` after "Done")
/// cancelled at 1  nil-3-2-nil                   (at once)
/// ```
public enum CountdownPopup {
    /// The text shown when the count reaches zero.
    public static let finished = "Done"

    /// `Countdown`'s label: the remaining count, and ``finished`` for zero.
    @Sendable public static func label(_ remaining: Int) -> String {
        remaining == 0 ? finished : String(remaining)
    }

    /// `text` (a `Countdown`'s, labelled by ``label(_:)``) with its closing after ``finished`` put off by `hold`
    /// on `scheduler`; any other text, a cancel's `nil` included, passes at once, and a new start during the hold
    /// replaces the pending close.
    public static func texts(_ text: Observable<String?>, hold: RxTimeInterval, scheduler: some SchedulerType)
        -> Observable<String?>
    {
        text.scan((previous: String?.none, current: String?.none)) { pair, next in (pair.current, next) }
            .flatMapLatest { pair -> Observable<String?> in
                if pair.current == nil && pair.previous == finished {
                    return Observable.just(nil).delay(hold, scheduler: scheduler)
                }
                return .just(pair.current)
            }
    }
}
