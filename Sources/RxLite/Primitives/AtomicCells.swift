import CRxAtomics

/// Heap cells for atomics (and lock words), one machine word each, in one allocation that this value owns. Not
/// generic, so that destroying one (in the `deinit` of any object that holds it, generic or not) calls this `deinit`
/// directly rather than through generic metadata.
struct AtomicCells: ~Copyable {
    let base: UnsafeMutablePointer<rx_atomic_word>

    /// `count` words, not yet initialized: initialize each before use.
    init(count: Int) {
        base = .allocate(capacity: count)
    }

    /// Initializes word `index` as an atomic holding `value`, and returns its view.
    @discardableResult
    func initializeAtomic<Value: AtomicWordRepresentable>(at index: Int, to value: Value) -> AtomicView<Value> {
        rx_atomic_word_init(base + index, value.atomicWord)
        return AtomicView(base + index)
    }

    deinit {
        base.deallocate()
    }
}
