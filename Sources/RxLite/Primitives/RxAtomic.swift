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

/// The operations of an atomic whose word lives in memory someone else owns: one of the words of an
/// ``AtomicCells`` block, for an object that keeps several atomics (and a lock) in one allocation, as `Lifetime`
/// does. The owner must outlive every use; keep the view in the owner itself.
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

/// A word that an object keeps in its own memory for an atomic or a lock: one allocation for the object and its
/// atomics together, where a heap cell of their own (``AtomicCells``) costs a second allocation and a second free
/// for every object made (every subscription makes at least one such object).
///
/// An object keeps its words as a tuple of `InlineWord`s declared as the *first* stored property of a *root* class:
/// Swift lays a root class's stored properties out in declaration order right after the object header, and
/// `_getUnsafePointerToStoredProperties` finds that place (swift-atomics' `ManagedAtomic` reaches its storage the same
/// way). The words are reached only through ``inlineWord(_:of:)`` (never read or written as Swift properties after
/// `init`, which would be an `inout` access that ThreadSanitizer reports as a race), and they start zeroed: zero is
/// `0`, `false` and an unlocked ``LockWord`` on every platform. Debug builds check the placement in the owner's `init`
/// with ``assertFirstStoredProperty(of:_:)``.
struct InlineWord {
    var word = rx_atomic_word()

    /// A zeroed word.
    init() {}
}

/// Word `index` of the ``InlineWord``s that `object` keeps as its first stored property.
func inlineWord(_ index: Int, of object: AnyObject) -> UnsafeMutablePointer<rx_atomic_word> {
    _getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: rx_atomic_word.self) + index
}

/// Debug builds: traps unless `words` is the first stored property of `object` (where ``inlineWord(_:of:)`` looks).
/// Call it from the owner's `init`, before `self` is shared.
func assertFirstStoredProperty<Words>(of object: AnyObject, _ words: inout Words) {
    #if DEBUG
        withUnsafeMutablePointer(to: &words) { pointer in
            precondition(
                UnsafeMutableRawPointer(pointer) == _getUnsafePointerToStoredProperties(object),
                "Internal inconsistency: an object's inline words are not its first stored property")
        }
    #endif
}

extension AtomicView {
    /// The atomic in word `index` of `object`'s ``InlineWord``s.
    init(word index: Int, of object: AnyObject) {
        self.init(inlineWord(index, of: object))
    }
}

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

/// A value that fits in the machine word of an ``RxAtomic`` cell.
package protocol AtomicWordRepresentable {
    /// The value stored as a word.
    var atomicWord: Int { get }
    /// The value a word read back from the cell stands for.
    init(atomicWord: Int)
}

extension Int: AtomicWordRepresentable {
    package var atomicWord: Int { self }
    package init(atomicWord: Int) { self = atomicWord }
}

extension UInt8: AtomicWordRepresentable {
    package var atomicWord: Int { Int(self) }
    package init(atomicWord: Int) { self = UInt8(truncatingIfNeeded: atomicWord) }
}

extension Bool: AtomicWordRepresentable {
    package var atomicWord: Int { self ? 1 : 0 }
    package init(atomicWord: Int) { self = atomicWord != 0 }
}

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
