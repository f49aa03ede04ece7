import RxLite

/// The countdown popup of the "start and cancel a task" pattern: ``start()`` shows `3`, `2`, `1`, `0` one second
/// apart and then hides; ``cancel()`` hides it at once; starting again while it counts starts over.
///
/// ```
/// start() at 0:   text  nil-3-2-1-0-nil      (at 0, 1, 2, 3 seconds; hidden at 3, once 0 was shown)
/// cancel() at 1:  text  nil-3-2-nil          (hidden at 1, nothing later)
/// ```
///
/// The view draws ``text`` (an overlay when it is non-nil) and wires two buttons or keys to `start()` and
/// `cancel()`; all the logic is here. Each run is the task as apps write it by hand: an `Observable<Void>.create` around
/// `Observable<Int>.timer(.seconds(0), period: .seconds(1), scheduler:).take(count + 1)` whose
/// `Disposables.create { hide }` runs once, on completion or on cancel. A ``TaskSlot`` keeps one run at a time.
///
/// Thread-safe; ``text`` and ``isRunning`` deliver on the main scheduler (mock it with `SharingScheduler.mock`).
public final class Countdown: Sendable {
    /// The number counted down from.
    public let count: Int
    private let scheduler: any SchedulerType
    private let label: @Sendable (Int) -> String
    private let slot = TaskSlot()
    private let overlay = BehaviorRelay<String?>(value: nil)

    /// A countdown from `count` to 0, one step per second of `scheduler`; `label` turns the remaining count into
    /// the text shown (`"3"`, ..., `"0"` by default; return `"Go!"` for 0 to taste).
    public init(
        from count: Int = 3, scheduler: any SchedulerType = MainScheduler.instance,
        label: @escaping @Sendable (Int) -> String = { String($0) }
    ) {
        precondition(count >= 0, "a countdown starts at 0 or above")
        self.count = count
        self.scheduler = scheduler
        self.label = label
    }

    /// The overlay's text while counting, `nil` while hidden; the current value first.
    public var text: Driver<String?> { overlay.asDriver() }

    /// Whether a countdown is running.
    public var isRunning: Driver<Bool> { slot.isRunning }

    /// Starts counting from ``count``; a countdown already running is cancelled (and hidden) first.
    public func start() {
        slot.start(run())
    }

    /// Stops the countdown and hides the overlay; does nothing when none is running.
    public func cancel() {
        slot.cancel()
    }

    /// One run, written as apps write it by hand.
    private func run() -> Observable<Void> {
        let count = count
        let scheduler = scheduler
        let label = label
        let overlay = overlay
        return Observable<Void>.create { observer in
            let ticks = Observable<Int>.timer(.seconds(0), period: .seconds(1), scheduler: scheduler)
                .take(count + 1)
                .subscribe(
                    onNext: { elapsed in overlay.accept(label(count - elapsed)) },
                    onCompleted: { observer.onCompleted() })
            return Disposables.create {
                ticks.dispose()
                overlay.accept(nil)
            }
        }
    }
}
