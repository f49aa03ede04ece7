/// A key that removes one disposable from a ``CompositeDisposable``.
public struct BagKey: Hashable, Sendable {
    let rawValue: UInt64
}

/// A group of disposables disposed together.
///
/// A disposable inserted after the group was disposed is disposed at once. Like ``DisposeBag``, it forgets a
/// subscription (what `subscribe` returns) once that ends, by completing, failing or being disposed, so ``count``
/// and the group's memory follow the subscriptions still running; other disposables stay until removed or disposed.
public final class CompositeDisposable: Cancelable, EndedSubscriptionForgetting, @unchecked Sendable {
    /// RxSwift's name for the key ``insert(_:)`` returns.
    public typealias DisposeKey = BagKey

    let live = LiveResource()
    /// The disposables held, in insertion order (which is disposal order), and whether the group was disposed, under
    /// one lock.
    private let entries = DisposedFlagGuard(DisposableList<Lifetime.Resource>())

    /// An empty group.
    public init() {}

    /// A group holding `disposables`.
    public init(disposables: [any Disposable]) {
        for disposable in disposables { insert(disposable) }
    }

    /// A group holding the given disposables.
    public convenience init(_ disposables: any Disposable...) {
        self.init(disposables: disposables)
    }

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { entries.isDisposed }

    /// The number of disposables held; a subscription that ended is not counted.
    public var count: Int { entries.withLock { $0.count } }

    /// The slots the group's storage uses (held disposables and holes not yet squeezed out), for tests of its size.
    package var slotsInUse: Int { entries.withLock { $0.capacityInUse } }

    /// Adds `disposable`; returns its key, or `nil` when the group is already disposed (then `disposable` is
    /// disposed at once). A subscription that has ended already is not kept (its key removes nothing).
    // Always inlined, as every function handing an `any Disposable` to `heldAsObject(_:)` (see there).
    @discardableResult
    @inline(__always)
    public func insert(_ disposable: any Disposable) -> BagKey? {
        let disposable = heldAsObject(disposable)
        let subscription = Lifetime.of(object: disposable)
        var key: UInt64 = 0
        let stored = entries.storeUnlessDisposed { key = $0.append(disposable) }
        guard stored else {
            disposable.dispose()
            return nil
        }
        // Outside the lock: a subscription that ended meanwhile disposes the release at once, which takes it out.
        subscription?.insert(object: EndedSubscriptionRelease(owner: self, key: key))
        return BagKey(rawValue: key)
    }

    /// Removes the disposable under `key` and disposes it.
    public func remove(for key: BagKey) {
        let removed = entries.withLock { $0.remove(key: key.rawValue) }
        removed?.dispose()
    }

    func forgetEnded(key: UInt64) {
        // The subscription is released after the lock: it may be the last reference, and its deinit takes locks.
        _ = entries.withLock { $0.remove(key: key) }
    }

    /// Disposes every disposable held, and every one inserted later.
    public func dispose() {
        let removed = entries.takeOnFirstDispose { $0.removeAll() }
        for disposable in removed ?? [] { disposable.dispose() }
    }
}
