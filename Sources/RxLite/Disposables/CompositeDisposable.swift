/// A key that removes one disposable from a ``CompositeDisposable``.
public struct BagKey: Hashable, Sendable {
    let rawValue: UInt64
}

/// A group of disposables disposed together.
///
/// A disposable inserted after the group was disposed is disposed at once.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
    @usableFromInline
    let live = LiveResource()
    private let lock = SpinLock()
    private let disposedFlag = Atomic<Bool>(false)
    // Guarded by `lock`; insertion order is disposal order.
    @exclusivity(unchecked) private var entries: [(key: UInt64, disposable: any Disposable)] = []
    @exclusivity(unchecked) private var nextKey: UInt64 = 0

    /// An empty group.
    public init() {
    }

    /// A group holding `disposables`.
    public init(disposables: [any Disposable]) {
        entries.reserveCapacity(disposables.count)
        for disposable in disposables {
            entries.append((nextKey, disposable))
            nextKey += 1
        }
    }

    /// A group holding the given disposables.
    public convenience init(_ disposables: any Disposable...) {
        self.init(disposables: disposables)
    }

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

    /// The number of disposables held.
    public var count: Int { lock.withLock { entries.count } }

    /// Adds `disposable`; returns its key, or `nil` when the group is already disposed (then `disposable` is
    /// disposed at once).
    @discardableResult
    public func insert(_ disposable: any Disposable) -> BagKey? {
        var key: UInt64 = 0
        let stored = storeUnlessDisposed(lock, disposedFlag) {
            key = nextKey
            nextKey += 1
            entries.append((key, disposable))
        }
        guard stored else {
            disposable.dispose()
            return nil
        }
        return BagKey(rawValue: key)
    }

    /// Removes the disposable under `key` and disposes it.
    public func remove(for key: BagKey) {
        let removed = lock.withLock { () -> (any Disposable)? in
            guard let index = entries.firstIndex(where: { $0.key == key.rawValue }) else { return nil }
            return entries.remove(at: index).disposable
        }
        removed?.dispose()
    }

    /// Disposes every disposable held, and every one inserted later.
    public func dispose() {
        let removed = takeOnFirstDispose(lock, disposedFlag) { () -> [(key: UInt64, disposable: any Disposable)]? in
            defer { entries = [] }
            return entries
        }
        for entry in removed ?? [] { entry.disposable.dispose() }
    }
}
