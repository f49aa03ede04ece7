import CRxAtomics
import Dispatch
import Foundation

/// Runs actions on the main queue: the scheduler for UI work.
///
/// `MainScheduler.instance.schedule` runs the action at once when called on the main queue with nothing of its own
/// waiting there, so a binding on the main thread updates the UI synchronously; otherwise it dispatches to the main
/// queue. `MainScheduler.asyncInstance` always dispatches.
///
/// A ``SerialDispatchQueueScheduler`` on the main queue, as in RxSwift: it only adds the immediate run.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    /// The shared main-queue scheduler that runs at once when already on the main queue.
    public static let instance = MainScheduler(alwaysAsync: false)
    /// The shared main-queue scheduler that always dispatches asynchronously.
    public static let asyncInstance = MainScheduler(alwaysAsync: true)

    private static let mainQueueKey = DispatchSpecificKey<UInt8>()
    private static let markMainQueue: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: 1)

    private let alwaysAsync: Bool
    // Actions dispatched to the main queue and not yet started; an immediate run must not overtake them.
    private let enqueuedCount = RxAtomic<Int>(0)

    /// Whether ``schedule(_:action:)`` called now would run its action at once, on the calling thread: for
    /// `observe(on:)`, which then delivers without scheduling anything.
    var runsActionsInlineNow: Bool {
        !alwaysAsync && MainScheduler.isOnMainQueue && enqueuedCount.load(ordering: .acquiring) == 0
    }

    private init(alwaysAsync: Bool) {
        self.alwaysAsync = alwaysAsync
        super.init(serialQueue: .main, leeway: .nanoseconds(0))
        _ = MainScheduler.markMainQueue
    }

    /// `true` when the calling code runs on the main queue.
    ///
    /// The queue, not the thread: under `swift test` on Linux the main queue may be drained on another thread, and
    /// counting the main thread too would let two threads run "main" work at once.
    public static var isOnMainQueue: Bool {
        #if canImport(Glibc) || canImport(Musl)
            // libdispatch's own check, under the key's address, which is where swift-corelibs-libdispatch's
            // `setSpecific` files the value. `DispatchQueue.getSpecific` is generic and not inlinable: it looked up
            // generic metadata and made a dynamic cast on every call, that is on every element a Driver delivers. A
            // test checks the two agree, on and off the main queue.
            return rx_queue_has_specific(mainQueueKeyAddress)
        #else
            _ = markMainQueue
            return DispatchQueue.getSpecific(key: mainQueueKey) != nil
        #endif
    }

    /// The address `setSpecific` files ``mainQueueKey``'s value under, once the main queue is marked: one lazy
    /// global to initialize per check instead of two (a Driver element checks twice).
    /// Unchecked: the pointer is only compared by libdispatch, never dereferenced.
    private nonisolated(unsafe) static let mainQueueKeyAddress = {
        _ = markMainQueue
        return UnsafeRawPointer(Unmanaged.passUnretained(mainQueueKey).toOpaque())
    }()

    /// What `DispatchQueue.getSpecific` says, for the test that the fast check agrees with it.
    package static var isOnMainQueueBySpecificValue: Bool {
        _ = markMainQueue
        return DispatchQueue.getSpecific(key: mainQueueKey) != nil
    }

    /// Stops the program with `errorMessage` (or a default one) when called off the main queue: for code that
    /// must run on the main scheduler.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        precondition(
            isOnMainQueue,
            errorMessage ?? "Not on the main queue: schedule this work with MainScheduler.instance.")
    }

    /// Stops the program with `errorMessage` (or a default one) when called neither on the main thread nor on the
    /// main queue: the check RxCocoa's `drive` makes, which the main-actor APIs (`drive`, `emit`, the UI bindings)
    /// make for callers in Swift 5 language mode, where the compiler lets nonisolated code call them.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        if isOnMainQueue || Thread.isMainThread { return }
        preconditionFailure(errorMessage ?? "Running on a background thread: this must run on the main thread.")
    }

    /// Runs `action` at once when called on the main queue with nothing of this scheduler's waiting there (never
    /// for ``asyncInstance``); otherwise dispatches it to the main queue.
    public override func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        if runsActionsInlineNow {
            HeldLocks.checkNoneHeld("a scheduled action")
            return action(state)
        }
        enqueuedCount.add(1, ordering: .acquiringAndReleasing)
        let counter = UncheckedTransfer(value: self)
        return engine.schedule(state) { state in
            counter.value.enqueuedCount.subtract(1, ordering: .acquiringAndReleasing)
            return action(state)
        }
    }
}
