/// Disposes everything added to it when it is deallocated.
///
/// The usual owner of a screen's subscriptions: replacing the bag (`disposeBag = DisposeBag()`) cancels all of
/// them at once. Thread-safe, and `Sendable`: a `Sendable` service may keep one, and whichever thread releases the
/// bag last disposes its contents (RxLite's disposables may be disposed from any thread). A disposable added after
/// the bag was emptied by deallocation cannot happen, since adding needs a reference to the bag.
///
/// **It forgets what has ended.** A subscription (what `subscribe`, `bind`, `drive` and `emit` return) is let go
/// of as soon as it ends, by completing, failing or being disposed; one that has ended already when it is added
/// is not kept at all. So a long-lived bag that gathers one subscription per tap or per request holds only the
/// ones still running, never the million that finished. Other disposables stay until the bag goes away, as in
/// RxSwift. Adding a running subscription costs one small object and a lock in the subscription (see the
/// `DisposeBagInserting` benchmark row); events pay nothing.
public final class DisposeBag: EndedSubscriptionForgetting, @unchecked Sendable {
    let live = LiveResource()
    /// What the bag holds, and its lock, in one allocation of their own: a public class whose API needs `init()`
    /// cannot be a `ManagedBuffer` itself, so the bag is two allocations (made once per bag, not per insert).
    private let disposables = Locked(DisposableList<Lifetime.Resource>())

    /// An empty bag.
    public init() {}

    /// The disposables held now; a subscription that ended is not among them.
    package var count: Int { disposables.withLock { $0.count } }

    /// The slots the bag's storage uses (held disposables and holes not yet squeezed out), for tests of its size.
    package var slotsInUse: Int { disposables.withLock { $0.capacityInUse } }

    /// Adds `disposable`, to be disposed when the bag goes away. A subscription is forgotten as soon as it ends.
    // Always inlined, as every function handing an `any Disposable` to `heldAsObject(_:)` (see there).
    @inline(__always)
    public func insert(_ disposable: any Disposable) {
        let disposable = heldAsObject(disposable)
        guard let subscription = Lifetime.of(object: disposable) else {
            disposables.withLock { _ = $0.append(disposable) }
            return
        }
        // Ended already (`just(1).subscribe()`): disposing it again would do nothing, so nothing to keep.
        if subscription.isDisposed { return }
        // The disposable itself, not its lifetime: a subject's keeps the subject alive too.
        let key = disposables.withLock { $0.append(disposable) }
        // Outside the bag's lock: a subscription that ended meanwhile disposes the release at once, which takes it.
        subscription.insert(object: EndedSubscriptionRelease(owner: self, key: key))
    }

    func forgetEnded(key: UInt64) {
        // Released outside the lock: it may be the last reference to the subscription, whose deinit takes locks.
        _ = disposables.withLock { $0.remove(key: key) }
    }

    /// Adds all of `disposables`.
    public func insert(_ disposables: any Disposable...) {
        insert(disposables)
    }

    /// Adds all of `disposables` (RxSwift's `bag.insert([a, b])`).
    public func insert(_ disposables: [any Disposable]) {
        for disposable in disposables { insert(disposable) }
    }

    deinit {
        // Taken out under the lock and disposed after it (a disposal runs user code). A subscription disposed here
        // calls back `forgetEnded` through a weak reference that is already nil.
        disposables.withLock { exchange(&$0, with: DisposableList()) }.forEach { $0.dispose() }
    }
}

extension DisposeBag {
    /// Builds a bag that holds `disposables`.
    public convenience init(disposing disposables: any Disposable...) {
        self.init(disposing: disposables)
    }

    /// Builds a bag that holds `disposables`.
    public convenience init(disposing disposables: [any Disposable]) {
        self.init()
        insert(disposables)
    }

    /// Builds a bag from disposables listed one per line.
    public convenience init(@DisposableBuilder disposing disposables: () -> [any Disposable]) {
        self.init()
        for disposable in disposables() { insert(disposable) }
    }

    /// Adds the disposables listed one per line.
    public func insert(@DisposableBuilder _ builder: () -> [any Disposable]) {
        for disposable in builder() { insert(disposable) }
    }

    /// Collects disposables listed one per line.
    @resultBuilder
    public enum DisposableBuilder {
        /// The disposables in the order they are listed.
        public static func buildBlock(_ disposables: any Disposable...) -> [any Disposable] { disposables }
    }
}
