import Synchronization

/// The shared state of one subscription: whether it is still active, and what to release when it ends.
///
/// A chain of operators subscribed once shares one `Lifetime`; operators that subscribe to more than one source
/// over time (`flatMap`, `concat`, `catch`, `retry`, ...) give each inner subscription a child lifetime that they
/// insert into their own. It is the `Disposable` that `subscribe` returns.
///
/// Invariants:
/// - `status` only moves forward: `active` → `stopped` (a terminal event is being delivered) → `disposed`, or
///   `active` → `disposed`.
/// - Sources check ``isActive`` before every emission, so once `dispose()` has set `disposed` no new event enters
///   the chain. The leaf observer checks it too, which covers an emission that raced the dispose.
/// - A resource inserted after disposal is disposed at once, never stored.
/// - Resources are disposed outside the lock, in insertion order, exactly once.
@usableFromInline
final class Lifetime: Disposable, Cancelable, @unchecked Sendable {
    @usableFromInline
    static let active: UInt8 = 0
    @usableFromInline
    static let stopped: UInt8 = 1
    @usableFromInline
    static let disposed: UInt8 = 2

    @usableFromInline
    let status = Atomic<UInt8>(Lifetime.active)

    private let lock = SpinLock()
    // Guarded by `lock`. Most lifetimes hold one resource, so the first lives outside the array.
    @exclusivity(unchecked) private var firstResource: (any Disposable)?
    @exclusivity(unchecked) private var firstKey: UInt64 = 0
    @exclusivity(unchecked) private var moreResources: [(key: UInt64, resource: any Disposable)] = []
    @exclusivity(unchecked) private var nextKey: UInt64 = 1

    @usableFromInline
    init() {
        #if DEBUG
            Resources.increment()
        #endif
    }

    deinit {
        #if DEBUG
            Resources.decrement()
        #endif
    }

    /// `true` until a terminal event starts or the subscription is disposed.
    @inlinable
    var isActive: Bool { status.load(ordering: .acquiring) == Lifetime.active }

    /// `true` once disposed.
    @inlinable
    public var isDisposed: Bool { status.load(ordering: .acquiring) == Lifetime.disposed }

    /// Moves from active to stopped; `false` when a terminal event already went out or the lifetime is disposed.
    @inlinable
    func beginStop() -> Bool {
        status.compareExchange(
            expected: Lifetime.active, desired: Lifetime.stopped, ordering: .acquiringAndReleasing
        ).exchanged
    }

    /// Ties `resource` to this lifetime; returns a key for ``remove(_:)``, or `nil` when the lifetime is already
    /// disposed (then `resource` has been disposed).
    @usableFromInline
    @discardableResult
    func insert(_ resource: any Disposable) -> UInt64? {
        lock.lock()
        if status.load(ordering: .acquiring) == Lifetime.disposed {
            lock.unlock()
            resource.dispose()
            return nil
        }
        let key = nextKey
        nextKey &+= 1
        if firstResource == nil {
            firstResource = resource
            firstKey = key
        } else {
            moreResources.append((key, resource))
        }
        lock.unlock()
        return key
    }

    /// Ties a cleanup action to this lifetime.
    @usableFromInline
    func insert(_ action: @escaping () -> Void) {
        insert(AnonymousDisposable(action))
    }

    /// Forgets the resource under `key` without disposing it; returns it when it was still held.
    @usableFromInline
    @discardableResult
    func remove(_ key: UInt64) -> (any Disposable)? {
        lock.lock()
        defer { lock.unlock() }
        if firstResource != nil && firstKey == key {
            let resource = firstResource
            firstResource = nil
            return resource
        }
        guard let index = moreResources.firstIndex(where: { $0.key == key }) else { return nil }
        return moreResources.remove(at: index).resource
    }

    /// Creates a lifetime that ends when this one does, for an inner subscription that may also end on its own.
    /// Returns the child and its key here (`nil` when this lifetime is already disposed).
    @usableFromInline
    func makeChild() -> (child: Lifetime, key: UInt64?) {
        let child = Lifetime()
        return (child, insert(child))
    }

    /// Ends the subscription: no event is delivered after this returns (from this thread's point of view) and
    /// every resource is released. Idempotent and thread-safe.
    @usableFromInline
    func dispose() {
        if status.exchange(Lifetime.disposed, ordering: .acquiringAndReleasing) == Lifetime.disposed { return }
        lock.lock()
        let first = firstResource
        let more = moreResources
        firstResource = nil
        moreResources = []
        lock.unlock()
        first?.dispose()
        for entry in more { entry.resource.dispose() }
    }

    /// The observer at the end of a chain: drops anything after the end, and releases the chain once a terminal
    /// event has been delivered.
    @inlinable
    func leafSink<Observer: ObserverType>(_ observer: Observer) -> (Event<Observer.Element>) -> Void {
        { [self] event in
            if case .next = event {
                if isActive { observer.on(event) }
            } else if beginStop() {
                observer.on(event)
                dispose()
            }
        }
    }
}
