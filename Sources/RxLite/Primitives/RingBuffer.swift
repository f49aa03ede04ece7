/// A first-in, first-out queue: elements go in at the back and come out at the front, both in O(1) (amortized).
///
/// The elements sit in a ring of slots in one buffer (a `ManagedBuffer`, as swift-collections' `Deque` and
/// swift-nio's `CircularBuffer` keep theirs): the front moves forward as elements are taken, wrapping around, and the
/// buffer doubles when a new element finds it full. An empty queue holds no buffer; one that was emptied keeps its
/// buffer, since a queue that filled once (an emitter's backlog under contention) tends to fill again.
///
/// Every queue in RxLite is one of these: an emitter's backlog, a subject's pending actions, `zip`'s and
/// `concatMap`'s buffers, `merge`'s waiting sources, `delay`'s events, the current-thread trampoline. It is a value
/// with copy-on-write storage, as the standard library's collections are; the queues above live in one storage each
/// and are never copied, so a mutation finds its buffer uniquely referenced and copies nothing.
struct RingBuffer<Element> {
    private var storage: RingBufferStorage<Element>?

    /// An empty queue (no buffer yet).
    @inline(__always)
    init() {}

    /// The number of elements queued.
    var count: Int { storage?.state.count ?? 0 }

    /// Whether nothing is queued.
    var isEmpty: Bool { count == 0 }

    /// The element at the front (the next ``popFirst()`` returns it), or `nil` when the queue is empty.
    var first: Element? {
        guard let storage, storage.state.count > 0 else { return nil }
        return storage.withUnsafeMutablePointers { header, slots in slots[header.pointee.head] }
    }

    /// Adds `element` at the back.
    mutating func append(_ element: Element) {
        if storage == nil || storage!.state.isFull {
            grow()
        } else if !isKnownUniquelyReferenced(&storage) {
            storage = storage!.copy(capacity: storage!.state.capacity)
        }
        storage!.withUnsafeMutablePointers { header, slots in
            (slots + header.pointee.slot(after: header.pointee.count)).initialize(to: element)
            header.pointee.count += 1
            header.pointee._checkInvariants()
        }
    }

    /// Removes and returns the element at the front, or returns `nil` when the queue is empty.
    mutating func popFirst() -> Element? {
        guard storage != nil, storage!.state.count > 0 else { return nil }
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage!.copy(capacity: storage!.state.capacity)
        }
        return storage!.withUnsafeMutablePointers { header, slots in
            let element = (slots + header.pointee.head).move()
            header.pointee.head = header.pointee.slot(after: 1)
            header.pointee.count -= 1
            // An empty ring starts again at slot 0, so that a queue that fills and empties in turn (the usual
            // backlog) uses the same slots each time.
            if header.pointee.count == 0 { header.pointee.head = 0 }
            header.pointee._checkInvariants()
            return element
        }
    }

    /// Removes every element; the buffer stays for the next ones when `keepingCapacity` says so.
    mutating func removeAll(keepingCapacity: Bool = false) {
        guard storage != nil else { return }
        if !keepingCapacity || !isKnownUniquelyReferenced(&storage) {
            storage = nil
            return
        }
        storage!.withUnsafeMutablePointers { header, slots in
            header.pointee.deinitializeElements(in: slots)
            header.pointee.head = 0
            header.pointee.count = 0
        }
    }

    /// Calls `body` with each element, front to back, leaving the queue as it is.
    func forEach(_ body: (Element) throws -> Void) rethrows {
        guard let storage else { return }
        try storage.withUnsafeMutablePointers { header, slots in
            for offset in 0..<header.pointee.count { try body(slots[header.pointee.slot(after: offset)]) }
        }
    }

    /// Makes room for one more element: a buffer of twice the capacity (at least 4), the elements moved over in
    /// order, front first.
    private mutating func grow() {
        let capacity = Swift.max(4, (storage?.state.capacity ?? 0) * 2)
        guard let old = storage else {
            storage = RingBufferStorage.make(capacity: capacity)
            return
        }
        if isKnownUniquelyReferenced(&storage) {
            storage = old.moved(capacity: capacity)
        } else {
            storage = old.copy(capacity: capacity)
        }
    }
}

/// Where a ``RingBuffer``'s element slots start and how many are in use.
///
/// Invariants (checked in debug builds after every change):
/// - `0 <= count <= capacity`, and `0 <= head < capacity` (`head` is 0 when `capacity` is).
/// - The slots `head, head + 1, ...` (modulo `capacity`), `count` of them, hold initialized elements, front first;
///   the others are uninitialized.
struct RingBufferHeader {
    /// The number of slots.
    let capacity: Int
    /// The slot of the front element.
    var head = 0
    /// The number of elements.
    var count = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    var isFull: Bool { count == capacity }

    /// The slot `offset` places behind the front.
    func slot(after offset: Int) -> Int {
        let slot = head + offset
        return slot < capacity ? slot : slot - capacity
    }

    /// Deinitializes the elements held in `slots`.
    func deinitializeElements<Element>(in slots: UnsafeMutablePointer<Element>) {
        let firstRun = Swift.min(count, capacity - head)
        (slots + head).deinitialize(count: firstRun)
        slots.deinitialize(count: count - firstRun)
    }

    func _checkInvariants() {
        #if DEBUG
            precondition(
                count >= 0 && count <= capacity, "Internal inconsistency: a RingBuffer holds \(count) of \(capacity)")
            precondition(
                head >= 0 && (head < capacity || (capacity == 0 && head == 0)),
                "Internal inconsistency: a RingBuffer's front is slot \(head) of \(capacity)")
        #endif
    }
}

/// The buffer of a ``RingBuffer``: its ``RingBufferHeader`` and `capacity` element slots, in one allocation.
final class RingBufferStorage<Element>: ManagedBuffer<RingBufferHeader, Element> {
    /// The header, read through its address: ManagedBuffer's `header` property is a class's stored property, whose
    /// every access Swift checks for exclusivity at run time.
    var state: RingBufferHeader { withUnsafeMutablePointerToHeader { $0.pointee } }

    /// An empty buffer of `capacity` slots.
    static func make(capacity: Int) -> RingBufferStorage<Element> {
        let buffer = create(minimumCapacity: capacity) { _ in RingBufferHeader(capacity: capacity) }
        return unsafeDowncast(buffer, to: RingBufferStorage<Element>.self)
    }

    /// A buffer of `capacity` slots holding copies of this buffer's elements, front first from slot 0.
    func copy(capacity: Int) -> RingBufferStorage<Element> {
        transferElements(capacity: capacity) { target, source, count in target.initialize(from: source, count: count) }
    }

    /// A buffer of `capacity` slots to which this buffer's elements have been moved, front first from slot 0; this
    /// buffer is left empty.
    func moved(capacity: Int) -> RingBufferStorage<Element> {
        let target = transferElements(capacity: capacity) { target, source, count in
            target.moveInitialize(from: source, count: count)
        }
        withUnsafeMutablePointerToHeader { header in
            header.pointee.head = 0
            header.pointee.count = 0
        }
        return target
    }

    private func transferElements(
        capacity: Int,
        _ transfer: (UnsafeMutablePointer<Element>, UnsafeMutablePointer<Element>, Int) -> Void
    ) -> RingBufferStorage<Element> {
        let target = RingBufferStorage.make(capacity: capacity)
        withUnsafeMutablePointers { header, slots in
            let count = header.pointee.count
            precondition(count <= capacity, "Internal inconsistency: a RingBuffer moved to a smaller buffer")
            target.withUnsafeMutablePointers { targetHeader, targetSlots in
                let firstRun = Swift.min(count, header.pointee.capacity - header.pointee.head)
                transfer(targetSlots, slots + header.pointee.head, firstRun)
                transfer(targetSlots + firstRun, slots, count - firstRun)
                targetHeader.pointee.count = count
            }
        }
        return target
    }

    deinit {
        withUnsafeMutablePointers { header, slots in header.pointee.deinitializeElements(in: slots) }
    }
}
