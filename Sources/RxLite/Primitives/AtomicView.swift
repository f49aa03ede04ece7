import CRxAtomics

/// The operations of an atomic whose word lives in memory someone else owns: a word of a ``LockedBuffer``'s or a
/// ``LifetimeNode``'s tail (an object that keeps its atomics and its lock in its own allocation), or of an
/// ``AtomicCells`` block. The owner must outlive every use; keep the view in the owner itself.
package struct AtomicView<Value: AtomicWordRepresentable>: @unchecked Sendable {
    let cell: UnsafeMutablePointer<rx_atomic_word>

    init(_ cell: UnsafeMutablePointer<rx_atomic_word>) { self.cell = cell }

    /// The atomic in the word at `word` (a word of a ``LockedBuffer``'s tail).
    init(_ word: UnsafeMutableRawPointer) { cell = word.assumingMemoryBound(to: rx_atomic_word.self) }

    /// The current value.
    package func load(ordering: AtomicLoadOrdering) -> Value {
        Value(atomicWord: rx_atomic_word_load(cell, ordering.order))
    }

    /// Replaces the value.
    package func store(_ desired: Value, ordering: AtomicStoreOrdering) {
        rx_atomic_word_store(cell, desired.atomicWord, ordering.order)
    }

    /// Replaces the value and returns the one it replaced.
    @discardableResult
    package func exchange(_ desired: Value, ordering: AtomicUpdateOrdering) -> Value {
        Value(atomicWord: rx_atomic_word_exchange(cell, desired.atomicWord, ordering.order))
    }

    /// Replaces the value with `desired` if it is `expected`. `original` is the value found; `exchanged` is `true` when
    /// it was `expected`. On failure the load has the strongest ordering C11 allows (`acquiring` for
    /// `.acquiringAndReleasing`, `relaxed` for `.releasing`), as in `Synchronization.Atomic`.
    @discardableResult
    package func compareExchange(
        expected: Value, desired: Value, ordering: AtomicUpdateOrdering
    ) -> (exchanged: Bool, original: Value) {
        let expectedWord = expected.atomicWord
        let found = rx_atomic_word_compare_exchange(cell, expectedWord, desired.atomicWord, ordering.order)
        return (found == expectedWord, Value(atomicWord: found))
    }
}

extension AtomicView where Value == Int {
    /// Adds `operand`, wrapping on overflow, and returns the values before and after.
    @discardableResult
    func add(_ operand: Int, ordering: AtomicUpdateOrdering) -> (oldValue: Int, newValue: Int) {
        let oldValue = rx_atomic_word_fetch_add(cell, operand, ordering.order)
        return (oldValue, oldValue &+ operand)
    }

    /// Subtracts `operand`, wrapping on overflow, and returns the values before and after.
    @discardableResult
    func subtract(_ operand: Int, ordering: AtomicUpdateOrdering) -> (oldValue: Int, newValue: Int) {
        let oldValue = rx_atomic_word_fetch_sub(cell, operand, ordering.order)
        return (oldValue, oldValue &- operand)
    }
}
