import CRxAtomics

/// A state and the words of its lock and atomics, in one allocation: the state in the header of a `ManagedBuffer`,
/// the words in its tail (swift-nio's `LockStorage` and swift-async-algorithms' `LockedBuffer` have this shape). The
/// locked boxes a storage holds its state machine in are built on it: ``Locked`` and ``SerializedEmitter``; a storage
/// holds one as a `let` beside what it was made with, or, when it holds nothing else, is one (a type alias, with its
/// methods in an extension constrained to its state: `AnonymousDisposable`, `LazyShare`, `MergeStorage`).
///
/// The words' addresses are stable for the object's life, so the C11 atomics that make up ``LockWord`` and
/// ``AtomicView`` can work on them in place; and the state is reached through the header's address (``state``),
/// outside Swift's exclusivity model: the lock, not a run-time check, keeps accesses apart. Word 0 is the lock; the
/// words after it are laid out by the primitive built on this class (``SerializedEmitter``'s delivery fields), each
/// a struct of fixed layout placed at a fixed word. Every word starts at zero: an unlocked lock, and `0` / `false`
/// for an atomic.
///
/// Why the emitter keeps its fields in the tail rather than the header: this code is compiled once, in RxLite, for
/// every element type, and there a field of a generic struct that comes after a field whose layout depends on the
/// type parameters (an element, a generic machine) sits at an offset only the struct's metadata knows, a hash-table
/// lookup per access. The header is one such state, the operator's own, which starts at offset 0; the emitter's
/// fields sit at word offsets known when the code is compiled.
///
/// A subclass adds methods, never stored properties: a `ManagedBuffer` subclass's fields would overlap the tail words
/// (`scripts/check-unsafe-code` checks that no subclass declares one). Only this folder's primitives subclass it:
/// ``SerializedEmitter``, ``SerializedEventQueue`` and ``SubjectHubBuffer``, each final. It is not `Sendable` (no
/// `ManagedBuffer` is): ``Locked`` is the `Sendable` form, for a state that is.
class LockedBuffer<State>: ManagedBuffer<State, rx_atomic_word> {
    /// A buffer of the dynamic type this is called on, holding `state`, with `words` words in its tail (the lock's
    /// included), all zero.
    final class func make(words: Int = 1, state: State) -> Self {
        let buffer = unsafeDowncast(create(minimumCapacity: words) { _ in state }, to: self)
        buffer.withUnsafeMutablePointerToElements { first in
            for index in 0..<words { rx_atomic_word_init(first + index, 0) }
        }
        return buffer
    }

    /// The state's address. Use it holding the lock (or where the storage's own invariants say no other thread can
    /// touch the fields used), and while the storage is alive.
    @inline(__always)
    final var state: UnsafeMutablePointer<State> { withUnsafeMutablePointerToHeader { $0 } }

    /// The lock that guards the state (word 0).
    @inline(__always)
    final var lock: LockWord { withUnsafeMutablePointerToElements { LockWord($0) } }

    /// The address of word `index` of the tail (0 is the lock).
    @inline(__always)
    final func word(_ index: Int) -> UnsafeMutableRawPointer {
        withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0 + index) }
    }

    /// The atomic in word `index` of the tail.
    @inline(__always)
    final func atomic<Value: AtomicWordRepresentable>(_ index: Int) -> AtomicView<Value> {
        AtomicView(word(index))
    }

    /// Places `fields`, a layer's struct of fixed layout, in the tail at word `index` (and the words after it that
    /// its size takes), in the words that ``make(words:state:)`` zeroed.
    ///
    /// The words hold an `Optional<Fields>` from then on: zero bits are `nil` for such a struct (its optional and
    /// function references have no zero value of their own; debug builds check it), so the assignment below is an
    /// ordinary one over `nil`, and ``removeFields(at:as:)`` assigns `nil` back. Assigning through a typed pointer is
    /// done in place, with the struct's fixed layout: the generic `initialize(to:)` and `deinitialize(count:)` would
    /// look the struct's metadata up, a hash-table search, every time a storage is made or freed.
    @inline(__always)
    final func placeFields<Fields>(_ fields: Fields, at index: Int) {
        let slot = word(index).assumingMemoryBound(to: Fields?.self)
        #if DEBUG
            precondition(
                MemoryLayout<Fields?>.size == MemoryLayout<Fields>.size,
                "Internal inconsistency: \(Fields.self) has no spare bits for a tail slot's nil")
            if case .some = slot.pointee {
                preconditionFailure("Internal inconsistency: zeroed words are not a nil \(Fields.self)")
            }
        #endif
        slot.pointee = fields
    }

    /// The fields placed at word `index` by ``placeFields(_:at:)``.
    @inline(__always)
    final func fields<Fields>(at index: Int, as type: Fields.Type) -> UnsafeMutablePointer<Fields> {
        word(index).assumingMemoryBound(to: Fields.self)
    }

    /// Releases the fields placed at word `index`, for the layer's `deinit`.
    @inline(__always)
    final func removeFields<Fields>(at index: Int, as type: Fields.Type) {
        word(index).assumingMemoryBound(to: Fields?.self).pointee = nil
    }

    /// Runs `body` on the state, holding the lock.
    @inline(__always)
    final func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        let lock = lock
        lock.lock()
        defer { lock.unlock() }
        return try body(&state.pointee)
    }
}

/// How many words of a ``LockedBuffer``'s tail a value of `type` takes (it must not need more than a word's
/// alignment).
@inline(__always)
func tailWords<Fields>(for type: Fields.Type) -> Int {
    (MemoryLayout<Fields>.stride + MemoryLayout<Int>.stride - 1) / MemoryLayout<Int>.stride
}
