import CRxAtomics

/// The ordering of an atomic load: `Synchronization.AtomicLoadOrdering`'s cases.
package struct AtomicLoadOrdering: Sendable {
    let order: memory_order

    init(_ order: memory_order) { self.order = order }

    /// No ordering: only the value itself is atomic.
    package static var relaxed: Self { Self(memory_order_relaxed) }
    /// Later reads and writes stay after the load; pairs with a releasing store.
    package static var acquiring: Self { Self(memory_order_acquire) }
    /// Acquiring, and in one total order with every other sequentially consistent operation.
    package static var sequentiallyConsistent: Self { Self(memory_order_seq_cst) }
}

/// The ordering of an atomic store: `Synchronization.AtomicStoreOrdering`'s cases.
package struct AtomicStoreOrdering: Sendable {
    let order: memory_order

    init(_ order: memory_order) { self.order = order }

    /// No ordering: only the value itself is atomic.
    package static var relaxed: Self { Self(memory_order_relaxed) }
    /// Earlier reads and writes stay before the store; pairs with an acquiring load.
    package static var releasing: Self { Self(memory_order_release) }
    /// Releasing, and in one total order with every other sequentially consistent operation.
    package static var sequentiallyConsistent: Self { Self(memory_order_seq_cst) }
}

/// The ordering of an atomic read-modify-write: `Synchronization.AtomicUpdateOrdering`'s cases.
package struct AtomicUpdateOrdering: Sendable {
    let order: memory_order

    init(_ order: memory_order) { self.order = order }

    /// No ordering: only the update itself is atomic.
    package static var relaxed: Self { Self(memory_order_relaxed) }
    /// The read acquires.
    package static var acquiring: Self { Self(memory_order_acquire) }
    /// The write releases.
    package static var releasing: Self { Self(memory_order_release) }
    /// The read acquires and the write releases.
    package static var acquiringAndReleasing: Self { Self(memory_order_acq_rel) }
    /// Acquiring and releasing, and in one total order with every other sequentially consistent operation.
    package static var sequentiallyConsistent: Self { Self(memory_order_seq_cst) }
}
