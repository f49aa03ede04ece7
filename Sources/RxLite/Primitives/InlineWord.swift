import CRxAtomics

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
