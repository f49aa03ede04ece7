/// Where each source's latest element lives in a ``LatestElementsBlock``: the offsets, in the order the sources are
/// placed, and the block's size and alignment.
struct LatestElementsLayout {
    private(set) var byteCount = 0
    private(set) var alignment = 1
    #if DEBUG
        /// The type placed at each offset, for the block's checks.
        private(set) var placed: [Int: ObjectIdentifier] = [:]
    #endif

    init() {}

    /// Reserves room for an element of `type` and returns its offset.
    mutating func place<Element>(_ type: Element.Type) -> Int {
        let elementAlignment = MemoryLayout<Element>.alignment
        let offset = (byteCount + elementAlignment - 1) / elementAlignment * elementAlignment
        byteCount = offset + MemoryLayout<Element>.stride
        alignment = max(alignment, elementAlignment)
        #if DEBUG
            placed[offset] = ObjectIdentifier(type)
        #endif
        return offset
    }
}

/// The latest element of each source of a `combineLatest`, in one block of raw memory, each at the offset its
/// ``LatestElementsLayout`` chose; the only code that touches that memory.
///
/// Not a tuple or an array of optionals: RxLite is compiled once for every element type, and there each access to an
/// `(E1?, E2?, ...)` looked up the tuple's and the optionals' type metadata, a hash-table search each, many times
/// per event. A slot is reached as an `E`, whose metadata the caller already has.
///
/// The memory is the emitter's (``SerializedEmitter/latestElements(_:)``), in the emitter's own allocation. Whether a
/// slot holds an element is the owner's to know (its machine's `withValue`): a slot is initialized once, then
/// replaced, and deinitialized by the owner before the emitter goes away. Debug builds check every access against
/// the layout: the offset was placed, for that very type, and the slot is initialized (or not) as the access needs.
///
/// Storing and reading an element are always inlined: called, each was a call per element that passed the element's
/// metadata.
struct LatestElementsBlock {
    private let base: UnsafeMutableRawPointer
    #if DEBUG
        private let layout: LatestElementsLayout
        /// The offsets whose slot holds an element.
        private let initialized = Locked(Set<Int>())
    #endif

    /// The block of `layout` at `base`, uninitialized, aligned as the layout asks.
    init(base: UnsafeMutableRawPointer, layout: LatestElementsLayout) {
        self.base = base
        #if DEBUG
            self.layout = layout
            precondition(
                Int(bitPattern: base) % layout.alignment == 0, "Internal inconsistency: a misaligned block of elements")
        #endif
    }

    /// Stores `element` in the slot at `offset`: initializes it, or (`replacing`) replaces the element there.
    @inline(__always)
    func store<Element>(_ element: Element, at offset: Int, replacing: Bool) {
        check(offset, Element.self, isInitialized: replacing)
        if replacing {
            (base + offset).assumingMemoryBound(to: Element.self).pointee = element
        } else {
            (base + offset).initializeMemory(as: Element.self, to: element)
            #if DEBUG
                initialized.withLock { _ = $0.insert(offset) }
            #endif
        }
    }

    /// The element in the slot at `offset`, which holds one.
    @inline(__always)
    func element<Element>(at offset: Int, as type: Element.Type) -> Element {
        check(offset, Element.self, isInitialized: true)
        return (base + offset).assumingMemoryBound(to: Element.self).pointee
    }

    /// The `count` elements of a block whose slots all hold an `Element`, one after another from offset 0.
    func elements<Element>(count: Int, as type: Element.Type) -> [Element] {
        for index in 0..<count { check(index * MemoryLayout<Element>.stride, Element.self, isInitialized: true) }
        return Array(UnsafeBufferPointer(start: base.assumingMemoryBound(to: Element.self), count: count))
    }

    /// Deinitializes the element in the slot at `offset`, which holds one.
    func deinitialize<Element>(at offset: Int, as type: Element.Type) {
        check(offset, Element.self, isInitialized: true)
        (base + offset).assumingMemoryBound(to: Element.self).deinitialize(count: 1)
        #if DEBUG
            initialized.withLock { _ = $0.remove(offset) }
        #endif
    }

    /// Debug builds: traps unless no slot holds an element any more, for the owner's `deinit`, after it deinitialized
    /// them.
    func checkEmpty() {
        #if DEBUG
            precondition(
                initialized.withLock { $0.isEmpty },
                "Internal inconsistency: a block of latest elements released holding some")
        #endif
    }

    /// Debug builds: traps unless `offset` was placed for `type`, and its slot is initialized exactly when
    /// `isInitialized`.
    @inline(__always)
    private func check<Element>(_ offset: Int, _ type: Element.Type, isInitialized: Bool) {
        #if DEBUG
            precondition(
                layout.placed[offset] == ObjectIdentifier(type),
                "Internal inconsistency: no \(type) was placed at offset \(offset) of a block of latest elements")
            precondition(
                initialized.withLock { $0.contains(offset) } == isInitialized,
                "Internal inconsistency: the slot at offset \(offset) is \(isInitialized ? "not " : "")initialized")
        #endif
    }
}
