import CRxAtomics

/// The memory of a subject's hub, in one allocation: what the subject remembers (`Memory`), its observers, its
/// ``SubjectHubStateMachine`` and the drain's ``EmitState``, all under one lock. `SubjectHub` is this buffer (a type
/// alias, with the hub's logic in an extension, `Subjects/SubjectHub.swift`); this type holds what touches memory by
/// hand, so that the code there does not.
///
/// Generic over the memory and constrained to ``SubjectMemory`` in its own signature: the hub calls the memory on
/// every event, and with the conformance read from the object no caller looks it up (a subject generic over its
/// element would, per call, for its memory's conformance). A subject takes one allocation for its hub, and every share
/// connection (a Driver's steps) one more subject.
///
/// The layout: the header is the memory. The tail: word 0 the lock, word 1 the drain's ``EmitState``, then the
/// observers (a ``RegistrationList``, whose zero bits are an empty list), the buffer's ``LiveResource`` and the state
/// machine, each at a word fixed when the code is compiled (the machine last: its layout depends on the element
/// type). The lock guards all of it; only the emitter changes the observers, so it alone walks them without the lock
/// (``forEachObserver(_:)``).
final class SubjectHubBuffer<Memory: SubjectMemory>: LockedBuffer<Memory> {
    typealias Machine = SubjectHubStateMachine<Memory.Element>

    /// A buffer for a subject that remembers with `memory`, with no observers and a fresh machine.
    static func make(memory: Memory) -> SubjectHubBuffer {
        let buffer = make(words: machineWord + tailWords(for: Machine.self), state: memory)
        buffer.placeFields(LiveResource(), at: liveWord)
        buffer.placeFields(Machine(), at: machineWord)
        return buffer
    }

    deinit {
        observers.pointee.releaseAll()
        removeFields(at: Self.machineWord, as: Machine.self)
        removeFields(at: Self.liveWord, as: LiveResource.self)
    }

    /// Where the ``LiveResource`` is: after the lock, the drain's state and the observers.
    @inline(__always)
    private static var liveWord: Int { 2 + tailWords(for: RegistrationList.self) }

    /// Where the state machine is: after the ``LiveResource``.
    @inline(__always)
    private static var machineWord: Int { liveWord + tailWords(for: LiveResource.self) }

    @inline(__always)
    private var machine: UnsafeMutablePointer<Machine> { fields(at: Self.machineWord, as: Machine.self) }

    @inline(__always)
    private var observers: UnsafeMutablePointer<RegistrationList> {
        word(2).assumingMemoryBound(to: RegistrationList.self)
    }

    /// The drain's ``EmitState``: whether a thread is delivering, and whether anything was queued for it since it
    /// last looked. Its emitter stops (``EmitState/stop(_:)``) without the lock.
    @inline(__always)
    var emitState: AtomicView<Int> { atomic(1) }

    /// Runs `transition` on the state machine, the memory and the observers, holding the lock. Always inlined, and
    /// with the lock taken here rather than through ``LockedBuffer/withLock(_:)``, so that `transition` is inlined
    /// too: through a second closure it stayed a call per element.
    @inline(__always)
    func locked<Result>(
        _ transition: (inout Machine, inout Memory, inout RegistrationList, AtomicView<Int>) -> Result
    ) -> Result {
        let lock = lock
        lock.lock()
        let result = transition(&machine.pointee, &state.pointee, &observers.pointee, emitState)
        lock.unlock()
        return result
    }

    /// As the emitter, without the lock: calls `body` with each observer, in subscription order, borrowed (no
    /// retain, no copy of the list). Only the emitter changes the list, and only holding the lock, so it cannot
    /// change while the emitter walks it.
    @inline(__always)
    func forEachObserver(_ body: (SinkRegistration<Memory.Element>) -> Void) {
        observers.pointee.forEach(as: SinkRegistration<Memory.Element>.self, body)
    }
}
