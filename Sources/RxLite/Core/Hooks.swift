import Foundation

/// Process-wide hooks, as in RxSwift: what happens to an error no subscriber handles, and whether subscriptions
/// record where they were made so that such an error can say so.
///
/// Every hook can be read and replaced from any thread; the values sit behind a lock. The closures are `@Sendable`
/// because RxLite calls them from whatever thread delivers the error (a difference from RxSwift forced by Swift 6;
/// see <doc:DifferencesFromRxSwift>).
public enum Hooks {
    /// Receives an error that reached a `subscribe(onNext:onError:onCompleted:onDisposed:)` without `onError`, with
    /// the call stack recorded when that subscription was made (empty unless ``recordCallStackOnError`` was set).
    public typealias DefaultErrorHandler = @Sendable (_ subscriptionCallStack: [String], _ error: any Error) -> Void

    /// Returns the current call stack, one frame a line; called at subscription time when
    /// ``recordCallStackOnError`` is set.
    public typealias CustomCaptureSubscriptionCallstack = @Sendable () -> [String]

    /// The handler for errors nobody handles. The default prints the error in debug builds and does nothing in
    /// release builds; it never crashes.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { storage.withLock { $0.defaultErrorHandler } }
        set {
            // The handler replaced is released after the lock: what it captured may run code as it goes.
            _ = storage.withLock { values in
                defer { values.defaultErrorHandler = newValue }
                return values.defaultErrorHandler
            }
        }
    }

    /// Whether `subscribe(onNext:onError:onCompleted:onDisposed:)` records the call stack (through
    /// ``customCaptureSubscriptionCallstack``) for ``defaultErrorHandler``. Off by default, because capturing a stack
    /// is slow; recording happens in debug builds only, as in RxSwift.
    public static var recordCallStackOnError: Bool {
        get { storage.withLock { $0.recordCallStackOnError } }
        set { storage.withLock { $0.recordCallStackOnError = newValue } }
    }

    /// How a subscription's call stack is captured when ``recordCallStackOnError`` is set. The default uses
    /// Foundation's `Thread.callStackSymbols`, which on Linux can be empty or hold unsymbolicated frames.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { storage.withLock { $0.customCaptureSubscriptionCallstack } }
        set {
            _ = storage.withLock { values in
                defer { values.customCaptureSubscriptionCallstack = newValue }
                return values.customCaptureSubscriptionCallstack
            }
        }
    }

    /// The call stack to hand to ``defaultErrorHandler`` for a subscription being made now: captured only in debug
    /// builds with ``recordCallStackOnError`` set, otherwise empty.
    static func captureSubscriptionCallStack() -> [String] {
        let capture = storage.withLock { $0.recordCallStackOnError ? $0.customCaptureSubscriptionCallstack : nil }
        return capture?() ?? []
    }

    /// The hooks, behind a lock.
    private static let storage = Locked(HooksValues())
}

/// The current hooks, the state of ``Hooks``' lock.
private struct HooksValues {
    var defaultErrorHandler: Hooks.DefaultErrorHandler = { _, error in
        #if DEBUG
            print("RxLite: unhandled error: \(error)")
        #endif
    }
    var recordCallStackOnError = false
    var customCaptureSubscriptionCallstack: Hooks.CustomCaptureSubscriptionCallstack = {
        // Drops this closure's own frame.
        Array(Thread.callStackSymbols.dropFirst())
    }
}
