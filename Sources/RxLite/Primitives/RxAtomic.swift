import CRxAtomics

/// An atomic value: RxLite's replacement for `Synchronization.Atomic`, which needs iOS 18 / macOS 15.
///
/// It has the methods and argument labels of the part of `Synchronization.Atomic` RxLite uses, under a name of its
/// own so that neither shadows the other; a call site reads the same (`status.load(ordering: .acquiring)`), but it
/// needs nothing from the OS: the operations are the C11 `static inline` functions of the `CRxAtomics` target, which
/// Swift inlines, so each compiles to a single instruction after one load of the cell's address. ThreadSanitizer instruments C11 atomics and
/// understands their orderings.
///
/// The value lives in a heap cell (one machine word) owned by this struct, because an atomic needs a stable address and
/// Swift gives a stored property one only through an `inout` access, which ThreadSanitizer reports as a race when two
/// threads make it at once. That costs one allocation per `RxAtomic` when its owner is made. Every value is stored
/// through `atomicWord`, so equal values have equal words (`compareExchange` relies on it). Do not
/// `import Synchronization` next to RxLite's own `RxAtomic`: `scripts/check-availability` fails the build on it.
package struct RxAtomic<Value: AtomicWordRepresentable>: ~Copyable, @unchecked Sendable {
    let storage: AtomicCells

    /// The operations, on the cell this atomic owns.
    var view: AtomicView<Value> { AtomicView(storage.base) }

    /// An atomic holding `initialValue`.
    package init(_ initialValue: Value) {
        storage = AtomicCells(count: 1)
        storage.initializeAtomic(at: 0, to: initialValue)
    }

    /// The current value.
    package func load(ordering: AtomicLoadOrdering) -> Value { view.load(ordering: ordering) }

    /// Replaces the value.
    package func store(_ desired: Value, ordering: AtomicStoreOrdering) { view.store(desired, ordering: ordering) }

    /// Replaces the value and returns the one it replaced.
    @discardableResult
    package func exchange(_ desired: Value, ordering: AtomicUpdateOrdering) -> Value {
        view.exchange(desired, ordering: ordering)
    }

    /// See ``AtomicView/compareExchange(expected:desired:ordering:)``.
    @discardableResult
    package func compareExchange(
        expected: Value, desired: Value, ordering: AtomicUpdateOrdering
    ) -> (exchanged: Bool, original: Value) {
        view.compareExchange(expected: expected, desired: desired, ordering: ordering)
    }
}

extension RxAtomic where Value == Int {
    /// Adds `operand`, wrapping on overflow, and returns the values before and after.
    @discardableResult
    package func add(_ operand: Int, ordering: AtomicUpdateOrdering) -> (oldValue: Int, newValue: Int) {
        view.add(operand, ordering: ordering)
    }

    /// Subtracts `operand`, wrapping on overflow, and returns the values before and after.
    @discardableResult
    package func subtract(_ operand: Int, ordering: AtomicUpdateOrdering) -> (oldValue: Int, newValue: Int) {
        view.subtract(operand, ordering: ordering)
    }
}
