/// What a subject remembers and replays: the part that differs between Publish, Behavior, Replay and Async.
///
/// The hub calls every method under its lock, from the thread currently emitting.
@usableFromInline
protocol SubjectMemory<Element> {
    associatedtype Element

    /// Records `event` and says whether current observers receive it as is.
    mutating func record(_ event: Event<Element>) -> Bool

    /// The events a new subscriber receives before anything else (for a live subject).
    func replay() -> [Event<Element>]

    /// The events a subscriber arriving after the end receives, ending with the terminal event.
    func replayAfterEnd(_ terminal: Event<Element>) -> [Event<Element>]

    /// The name of the subject type, for `RxError.disposed`.
    static var subjectName: String { get }
}

/// The shared engine of every subject and relay: a list of observers, fed one event at a time, in order.
///
/// Invariants:
/// - What the subject remembers (`memory`, `terminal`, `isDisposed`) changes when an event, or `dispose()`, is
///   *accepted*, under the lock, before `on(_:)` returns: `BehaviorSubject.value()` and `BehaviorRelay.value` are
///   the latest accepted element on every thread, also inside an observer of the same subject.
/// - At most one thread, the *emitter*, delivers events at any moment (`isEmitting`). A delivery, subscription,
///   removal or disposal that arrives while another thread (or the emitter itself, reentrantly) is delivering waits
///   in `pending` and is handled by the emitter in arrival order. So observers never see overlapping calls, even with
///   concurrent producers, and an observer that feeds its own subject sees that event after its current call.
/// - A subscriber's replay is taken from `memory` when it subscribes, in one critical section: it sees, through the
///   replay, exactly the events accepted before it, and receives exactly the ones accepted after it, each once and
///   in order.
/// - A replay arrives during `subscribe`, never while the lock is held (RxSwift's #2713 fix). When no one is
///   emitting, the subscribing thread becomes the emitter, attaches the subscriber and replays. When a delivery is
///   under way (on another thread, or on this one: a subscription from inside an observer), the subscriber goes on
///   `replaying`, its thread replays the snapshot at once, while `on(_:)` copies each event accepted meanwhile into
///   that subscriber's buffer; its thread delivers the buffer until it finds it empty, and only then (under the
///   lock) is the subscriber submitted for attaching, after which the emitter feeds it like any other. Until then
///   no other thread calls its sink. A subscriber of an ended or disposed subject is never attached, so its thread
///   replays at once in every case.
/// - Only the emitter changes `observers`, and only with the lock held; so while it delivers (lock released) it
///   walks the list in place, without copying it or retaining anything in it.
/// - The lock is never held while an observer runs, nor while a registration is released.
/// - After a terminal event is delivered the observer list is empty; later subscribers get the replay and the
///   terminal event at once.
/// - A registration whose lifetime is disposed is never added, and is removed when its lifetime ends.
/// - Ownership: the hub holds its registrations, a registration holds its subscription's lifetime, its sink and the
///   hub. When the hub lets a registration go for its own reasons (the end, `dispose()`, the owning subject going
///   away), it also takes it out of the subscription's lifetime, so no cycle remains: a subject nobody references
///   (its `asObservable()` sequences hold the subject, as in RxSwift) releases its observers in its deinit, and is
///   freed with its subscriptions and whatever their handlers capture.
@usableFromInline
final class SubjectHub<Memory: SubjectMemory>: RegistrationOwner, @unchecked Sendable {
    /// The word of `lock`, in this object's own memory (see ``InlineWord``): one allocation fewer for every subject.
    /// Must stay the first stored property.
    @usableFromInline
    var lockWord = InlineWord()
    @usableFromInline
    let live = LiveResource()
    @usableFromInline
    typealias Element = Memory.Element

    @usableFromInline
    typealias Registration = SinkRegistration<Element>

    @usableFromInline
    enum Action {
        /// Deliver an accepted element to the current observers.
        case event(Event<Element>)
        /// Deliver the accepted end: `delivered` is what each observer gets instead of the terminal event alone
        /// (an AsyncSubject's last element and its completion), `nil` for the terminal event as is.
        case end(Event<Element>, delivered: [Event<Element>]?)
        /// Add a subscriber (unless `attach` is false: the subject had ended) and send it `replay`.
        case subscribe(Registration, replay: [Event<Element>], attach: Bool)
        case remove(HubRegistration)
        case dispose
    }

    @usableFromInline
    var lock: LockWord { LockWord(word: 0, of: self) }
    // Everything below is guarded by `lock`.
    @usableFromInline
    @exclusivity(unchecked) var memory: Memory
    @usableFromInline
    @exclusivity(unchecked) var observers = RegistrationList()
    @usableFromInline
    @exclusivity(unchecked) var isEmitting = false
    @usableFromInline
    @exclusivity(unchecked) var pending: [Action] = []
    @usableFromInline
    @exclusivity(unchecked) var pendingHead = 0
    /// Subscribers whose own thread is replaying to them, before they are attached (see the type's invariants).
    @usableFromInline
    @exclusivity(unchecked) var replaying: [ReplayInProgress<Element>] = []
    /// The accepted end, once there is one. `Event<Never>`, which has a fixed layout, rather than `Event<Element>`:
    /// the hub's `deinit` runs unspecialized and would look up `Optional<Event<Element>>`'s metadata to destroy it.
    @usableFromInline
    @exclusivity(unchecked) var terminal: Event<Never>?
    /// Set when `dispose()` is accepted.
    @usableFromInline
    @exclusivity(unchecked) var isDisposed = false

    @inlinable
    init(memory: Memory) {
        self.memory = memory
        assertFirstStoredProperty(of: self, &lockWord)
    }

    deinit {
        observers.releaseAll()
    }

    /// Accepts one event and feeds it to every observer: ``submit(_:)`` written out for elements, the hot path, with
    /// an early exit when nothing queued up. Going through `submit` cost 10% more instructions per event
    /// (PublishSubjectPumping 206 -> 229).
    @inlinable
    func on(_ event: Event<Element>) {
        lock.lock()
        guard terminal == nil, !isDisposed else {
            lock.unlock()
            return
        }
        let forward = memory.record(event)
        guard case .next = event else {
            terminal = event.terminal
            // A subject that holds elements back (AsyncSubject) releases them with the end.
            let delivered = forward ? nil : memory.replayAfterEnd(event)
            if !replaying.isEmpty { bufferForReplays(delivered ?? [event]) }
            submitLocked(.end(event, delivered: delivered))
            return
        }
        guard forward else {
            lock.unlock()
            return
        }
        if !replaying.isEmpty { bufferForReplays([event]) }
        if isEmitting {
            pending.append(.event(event))
            lock.unlock()
            return
        }
        isEmitting = true
        deliverLocked(event)
        if pendingHead == pending.count {
            isEmitting = false
            lock.unlock()
            return
        }
        runPending()
    }

    /// Subscribes `sink` for the lifetime `lifetime`.
    @inlinable
    func subscribe(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) {
        let registration = Registration(sink: sink, lifetime: lifetime, owner: self)
        // Into the lifetime first, so that the key is known before the hub can see the registration; a disposed
        // lifetime disposes it at once, which finds nothing to remove.
        guard let key = lifetime.insert(registration) else { return }
        registration.keyInLifetime = key
        lock.lock()
        if isDisposed {
            let error = RxError.disposed(object: "\(Memory.subjectName)<\(Element.self)>")
            replayToUnattached(registration, [.error(error)])
        } else if let terminal {
            replayToUnattached(registration, memory.replayAfterEnd(terminal.retyped()))
        } else {
            let replay = memory.replay()
            guard isEmitting && !replay.isEmpty else {
                submitLocked(.subscribe(registration, replay: replay, attach: true))
                return
            }
            let inProgress = ReplayInProgress(registration)
            replaying.append(inProgress)
            lock.unlock()
            deliverReplay(replay, to: inProgress)
        }
    }

    /// Sends an ended (or disposed) subject's replay to a subscriber that will never be attached, at once: nothing
    /// else will reach it. Entered with the lock held; releases it.
    @inlinable
    func replayToUnattached(_ registration: Registration, _ replay: [Event<Element>]) {
        if !isEmitting {
            submitLocked(.subscribe(registration, replay: replay, attach: false))
            return
        }
        lock.unlock()
        HeldLocks.checkNoneHeld("a subject's replay")
        for event in replay where registration.lifetime.isActive { registration.sink(event) }
        registration.leaveLifetime()
    }

    /// Delivers `replay`, then whatever was accepted since, to a subscriber that arrived during a delivery, outside
    /// the lock; then submits it for attaching (see the type's invariants).
    @inlinable
    func deliverReplay(_ replay: [Event<Element>], to inProgress: ReplayInProgress<Element>) {
        let registration = inProgress.registration
        var batch = replay
        while true {
            HeldLocks.checkNoneHeld("a subject's replay")
            for event in batch where registration.lifetime.isActive { registration.sink(event) }
            lock.lock()
            if !inProgress.buffer.isEmpty {
                batch = inProgress.buffer
                inProgress.buffer = []
                lock.unlock()
                continue
            }
            replaying.removeAll { $0 === inProgress }
            if terminal == nil && !isDisposed && registration.lifetime.isActive {
                submitLocked(.subscribe(registration, replay: [], attach: true))
            } else {
                lock.unlock()
                registration.leaveLifetime()
            }
            return
        }
    }

    /// Copies events just accepted to every subscriber still replaying. Called with the lock held.
    @usableFromInline
    func bufferForReplays(_ events: [Event<Element>]) {
        for inProgress in replaying { inProgress.buffer.append(contentsOf: events) }
    }

    /// Performs `action` now, as the emitter, or queues it for the thread that is emitting (see the type's
    /// invariants).
    @inlinable
    func submit(_ action: Action) {
        lock.lock()
        submitLocked(action)
    }

    /// ``submit(_:)`` entered with the lock held; releases it.
    @inlinable
    func submitLocked(_ action: Action) {
        if isEmitting {
            pending.append(action)
            lock.unlock()
            return
        }
        isEmitting = true
        perform(action)
        runPending()
    }

    /// Removes `registration` (when its subscription ends).
    @usableFromInline
    func remove(_ registration: HubRegistration) {
        lock.lock()
        if isEmitting {
            queueRemoval(registration)
            return
        }
        let removed = observers.remove(registration)
        lock.unlock()
        if removed { Unmanaged.passUnretained(registration).release() }
    }

    /// Kept out of `remove`, which runs unspecialized (through `any Disposable`): building an `Action` needs its
    /// generic metadata, a lookup `remove` would otherwise pay on every call. Releases the lock.
    @inline(never)
    @usableFromInline
    func queueRemoval(_ registration: HubRegistration) {
        pending.append(.remove(registration))
        lock.unlock()
    }

    /// Whether anyone is subscribed now.
    @usableFromInline
    var hasObservers: Bool { lock.withLock { observers.count > 0 } }

    @inlinable
    func perform(_ action: Action) {
        switch action {
        case .event(let event): deliverLocked(event)
        case .end(let event, let delivered): deliverEndLocked(event, delivered)
        case .subscribe(let registration, let replay, let attach): attachLocked(registration, replay, attach)
        case .remove(let registration):
            if observers.remove(registration) {
                lock.unlock()
                Unmanaged.passUnretained(registration).release()
                lock.lock()
            }
        case .dispose: disposeLocked()
        }
    }

    /// Handles everything queued while this thread was emitting; entered with the lock held and `isEmitting` set,
    /// leaves with the lock released and `isEmitting` cleared.
    @inlinable
    func runPending() {
        while pendingHead < pending.count {
            let action = pending[pendingHead]
            pendingHead += 1
            perform(action)
        }
        if !pending.isEmpty {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
        }
        isEmitting = false
        lock.unlock()
    }

    /// Delivers one accepted element. Entered and left with the lock held; drops it while delivering.
    @inlinable
    func deliverLocked(_ event: Event<Element>) {
        // `observers` cannot change until this thread clears `isEmitting` (see the type's invariants): walked in
        // place, borrowed, after the lock is released.
        lock.unlock()
        HeldLocks.checkNoneHeld("a subject's delivery")
        observers.forEach(as: Registration.self) { registration in
            if registration.lifetime.isActive { registration.sink(event) }
        }
        lock.lock()
    }

    /// Delivers the accepted end and lets every observer go. Entered and left with the lock held.
    @inlinable
    func deliverEndLocked(_ event: Event<Element>, _ delivered: [Event<Element>]?) {
        var targets = observers.take()
        lock.unlock()
        HeldLocks.checkNoneHeld("a subject's delivery of its end")
        targets.forEach(as: Registration.self) { registration in
            guard let delivered else {
                if registration.lifetime.isActive { registration.sink(event) }
                return
            }
            for item in delivered where registration.lifetime.isActive { registration.sink(item) }
        }
        targets.releaseAll()
        lock.lock()
    }

    @inlinable
    func attachLocked(_ registration: Registration, _ replay: [Event<Element>], _ attach: Bool) {
        // A registration disposed before it was attached is dropped; see the type's invariants.
        guard registration.lifetime.isActive else { return }
        if attach { observers.append(registration) }
        if replay.isEmpty { return }
        lock.unlock()
        HeldLocks.checkNoneHeld("a subject's replay")
        for event in replay where registration.lifetime.isActive { registration.sink(event) }
        // A subscriber of an ended subject is never attached: nothing of the hub's needs to stay in its lifetime.
        if !attach { registration.leaveLifetime() }
        lock.lock()
    }

    @inlinable
    func disposeLocked() {
        // As the emitter, this thread alone changes `observers`; releasing them takes the lock on its own.
        lock.unlock()
        releaseObservers()
        lock.lock()
    }

    /// Lets every observer go and marks the hub disposed: for `dispose()` (as the emitter) and for a subject's deinit
    /// (nothing can reach the hub through the subject any more, so no thread is emitting). Kept free of `Action`,
    /// whose generic metadata an unspecialized deinit would look up.
    @usableFromInline
    func releaseObservers() {
        lock.lock()
        isDisposed = true
        var released = observers.take()
        lock.unlock()
        released.releaseAll()
    }

    /// Ends the subject: observers are released and later subscribers get `RxError.disposed`. Accepted at once:
    /// events sent after this returns are dropped.
    @inlinable
    func dispose() {
        lock.lock()
        isDisposed = true
        submitLocked(.dispose)
    }
}

/// Where a registration goes to leave: its hub, seen without its element type, so that ending a subscription
/// (which runs through `any Disposable`, in unspecialized code) needs no generic metadata lookups.
@usableFromInline
protocol RegistrationOwner: AnyObject {
    func remove(_ registration: HubRegistration)
}

/// One subscriber of a subject, as the hub's list and the subscription's lifetime see it: inserted into the
/// lifetime, it removes itself from the hub when the subscription ends.
@usableFromInline
class HubRegistration: Disposable {
    /// Counts ``SinkRegistration``s too: the subclass adds none of its own.
    @usableFromInline
    let live = LiveResource()
    @usableFromInline
    let lifetime: Lifetime
    /// Strong: the hub and its registrations do keep each other alive while any of them is listed; the subject
    /// that owns the hub breaks that when it goes away (``SubjectHub/releaseObservers()``). A weak reference cost a
    /// side-table allocation per subject.
    @usableFromInline
    let owner: any RegistrationOwner
    /// This registration's key among `lifetime`'s resources; set before the hub ever sees the registration.
    /// (Unchecked exclusivity here and on `slot`: each is written once or twice per subscription, under the rules
    /// just stated; the runtime check cost PublishSubjectCreating about 60 instructions per access.)
    @usableFromInline
    @exclusivity(unchecked) var keyInLifetime: UInt64 = 0
    /// Its index in the hub's ``RegistrationList`` while listed, -1 otherwise. Guarded by the hub's lock.
    @usableFromInline
    @exclusivity(unchecked) var slot = -1

    @inlinable
    init(lifetime: Lifetime, owner: any RegistrationOwner) {
        self.lifetime = lifetime
        self.owner = owner
    }

    @usableFromInline
    final func dispose() { owner.remove(self) }

    /// Takes this registration out of its subscription's lifetime, for a hub that lets it go on its own (the end,
    /// `dispose()`, deinit): the lifetime and the registration (through its sink) would otherwise keep each other
    /// alive.
    @usableFromInline
    final func leaveLifetime() { lifetime.remove(key: keyInLifetime) }
}

/// A subscriber whose own thread replays to it before it is attached, and the events its hub accepted since its
/// replay was taken. `buffer` is guarded by the hub's lock.
@usableFromInline
final class ReplayInProgress<Element> {
    @usableFromInline
    let registration: SinkRegistration<Element>
    @usableFromInline
    var buffer: [Event<Element>] = []

    @inlinable
    init(_ registration: SinkRegistration<Element>) {
        self.registration = registration
    }
}

/// A registration with where its events go.
@usableFromInline
final class SinkRegistration<Element>: HubRegistration {
    @usableFromInline
    let sink: EventSink<Element>

    @inlinable
    init(sink: @escaping EventSink<Element>, lifetime: Lifetime, owner: any RegistrationOwner) {
        self.sink = sink
        super.init(lifetime: lifetime, owner: owner)
    }
}

/// The observers of a subject: retained references kept by hand, so that delivering an event walks them with no
/// retain, release or copy (an array property would be retained for the walk, and each element loaded with a
/// retain). The first observer sits inline; a buffer is allocated only for a second. Not generic, so removal and
/// release from unspecialized code look up no metadata. Not thread-safe; the hub guards it.
///
/// `~Copyable`: it owns its buffer and a retain of each listed registration, so exactly one value may hold them. A
/// list is moved out with ``take()``, emptied with ``releaseAll()``, and frees its buffer when it goes away; it must
/// then list nothing (debug builds check), or those registrations would never be released.
///
/// Removing any observer is O(1) (amortized), whichever its age: each registration knows its slot
/// (``HubRegistration/slot``), a removal leaves a hole there, and the holes are squeezed out, in one pass that keeps
/// the order, once they outnumber the observers. A removal at the end shortens the list instead. So a walk visits at
/// most twice as many slots as there are observers, and disposing N subscribers in any order costs O(N).
///
/// Invariants (``_checkInvariants()`` checks them in debug builds after every change; the walk over every slot only
/// where the change itself walks them, so the checks keep each operation's complexity):
/// - With no buffer, `capacity` is 0, `end == count <= 1`, and `inline` holds the one registration exactly when
///   `count` is 1. With a buffer, `inline` is `nil` and `count <= end <= capacity`.
/// - Slots `0..<end` hold the observers in subscription order, with `nil` holes; `count` is the number of non-`nil`
///   slots, and the slot before `end` is never a hole.
/// - A listed registration's `slot` is its index; an unlisted one's is -1.
/// - `end - count <= max(count, 8)`.
@usableFromInline
struct RegistrationList: ~Copyable {
    /// The only registration while there is no buffer and `count` is 1.
    @usableFromInline
    var inline: Unmanaged<HubRegistration>?
    @usableFromInline
    var base: UnsafeMutablePointer<Unmanaged<HubRegistration>?>?
    /// The registrations listed.
    @usableFromInline
    var count = 0
    /// One past the last slot in use (holes included); with no buffer, equal to `count`.
    @usableFromInline
    var end = 0
    @usableFromInline
    var capacity = 0

    @inlinable
    init() {}

    @inlinable
    deinit {
        assert(count == 0, "Internal inconsistency: a RegistrationList went away listing \(count) registration(s)")
        base?.deallocate()
    }

    /// Moves the whole list out, leaving this one empty: for a hub that lets every observer go outside its lock.
    @inlinable
    mutating func take() -> RegistrationList {
        var taken = RegistrationList()
        swap(&inline, &taken.inline)
        swap(&base, &taken.base)
        swap(&count, &taken.count)
        swap(&end, &taken.end)
        swap(&capacity, &taken.capacity)
        return taken
    }

    /// Adds `registration` at the end, retaining it.
    @inlinable
    mutating func append(_ registration: HubRegistration) {
        let reference = Unmanaged.passRetained(registration)
        if base == nil && count == 0 {
            inline = reference
            registration.slot = 0
            count = 1
            end = 1
            _checkInvariants()
            return
        }
        if base == nil || end == capacity { grow() }
        base.unsafelyUnwrapped[end] = reference
        registration.slot = end
        end += 1
        count += 1
        _checkInvariants()
    }

    /// Makes room for one more slot: squeezes out the holes when they are at least half the slots, else doubles.
    @usableFromInline
    mutating func grow() {
        if let base, end - count >= end / 2 {
            compact(base)
            return
        }
        let newCapacity = Swift.max(4, capacity * 2)
        let newBase = UnsafeMutablePointer<Unmanaged<HubRegistration>?>.allocate(capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: end)
            base.deallocate()
        } else if let inline {
            newBase.initialize(to: inline)
            self.inline = nil
        }
        base = newBase
        capacity = newCapacity
        _checkInvariants(walkingEverySlot: true)
    }

    /// Moves the observers down over the holes, in order, and renumbers their slots.
    @usableFromInline
    mutating func compact(_ base: UnsafeMutablePointer<Unmanaged<HubRegistration>?>) {
        var kept = 0
        for index in 0..<end {
            guard let reference = base[index] else { continue }
            if kept != index {
                base[kept] = reference
                reference._withUnsafeGuaranteedRef { $0.slot = kept }
            }
            kept += 1
        }
        end = kept
        _checkInvariants(walkingEverySlot: true)
    }

    /// Takes `registration` out, keeping the order of the others; `true` when it was there, and then the caller
    /// owns the reference the list held (release it outside the lock).
    @usableFromInline
    mutating func remove(_ registration: HubRegistration) -> Bool {
        let slot = registration.slot
        guard slot >= 0, slot < end else { return false }
        let target = Unmanaged.passUnretained(registration).toOpaque()
        guard let base else {
            guard inline?.toOpaque() == target else { return false }
            inline = nil
            count = 0
            end = 0
            registration.slot = -1
            _checkInvariants()
            return true
        }
        guard base[slot]?.toOpaque() == target else { return false }
        base[slot] = nil
        registration.slot = -1
        count -= 1
        if slot == end - 1 {
            // The last slot: drop it and any holes before it.
            end -= 1
            while end > 0 && base[end - 1] == nil { end -= 1 }
        }
        // Also after dropping the last slot: one fewer registration can leave too many holes for the rest (the
        // deadlock hunt found 10 holes for 9 registrations).
        if end - count > Swift.max(count, 8) { compact(base) }
        _checkInvariants()
        return true
    }

    /// Calls `body` with each registration, in order of subscription, borrowed from the list. Every registration
    /// must be a `Registration`.
    @inlinable
    func forEach<Registration: HubRegistration>(as type: Registration.Type, _ body: (Registration) -> Void) {
        guard let base else {
            if count == 1 { inline.unsafelyUnwrapped._withUnsafeGuaranteedRef { body(unsafeDowncast($0, to: type)) } }
            return
        }
        for index in 0..<end {
            base[index]?._withUnsafeGuaranteedRef { body(unsafeDowncast($0, to: type)) }
        }
    }

    /// Takes every registration out of its subscription's lifetime and releases it, then the buffer, leaving the
    /// list empty (a hub letting its observers go; see ``HubRegistration/leaveLifetime()``).
    @usableFromInline
    mutating func releaseAll() {
        if let base {
            for index in 0..<end {
                guard let reference = base[index] else { continue }
                reference._withUnsafeGuaranteedRef {
                    $0.slot = -1
                    $0.leaveLifetime()
                }
                reference.release()
            }
            base.deallocate()
        } else if count == 1 {
            inline.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                $0.slot = -1
                $0.leaveLifetime()
            }
            inline.unsafelyUnwrapped.release()
        }
        // Field by field, not `self = RegistrationList()`: that would run the deinit on the buffer just freed.
        inline = nil
        base = nil
        count = 0
        end = 0
        capacity = 0
    }

    /// Traps (debug builds only) when an invariant of the type is broken. The constant-time ones always; with
    /// `walkingEverySlot`, also those that need every slot (each listed registration's `slot`, `count`), which only
    /// the operations that walk every slot anyway ask for.
    @inlinable
    func _checkInvariants(walkingEverySlot: Bool = false) {
        #if DEBUG
            func check(_ condition: Bool, _ message: @autoclosure () -> String) {
                if !condition { preconditionFailure("Internal inconsistency: RegistrationList \(message())") }
            }
            check(count >= 0 && end >= count, "count \(count), end \(end)")
            check(end - count <= Swift.max(count, 8), "has \(end - count) holes for \(count) registrations")
            guard let base else {
                check(capacity == 0 && end == count && count <= 1, "without a buffer: count \(count), end \(end)")
                check((inline != nil) == (count == 1), "inline slot and count \(count) disagree")
                if let inline { check(inline._withUnsafeGuaranteedRef { $0.slot } == 0, "inline registration's slot") }
                return
            }
            check(inline == nil && end <= capacity, "with a buffer: inline set, or end \(end) > capacity \(capacity)")
            check(end == 0 || base[end - 1] != nil, "slot before end \(end) is a hole")
            guard walkingEverySlot else { return }
            var listed = 0
            for index in 0..<end {
                guard let reference = base[index] else { continue }
                listed += 1
                let slot = reference._withUnsafeGuaranteedRef { $0.slot }
                check(slot == index, "registration in slot \(index) says it is in slot \(slot)")
            }
            check(listed == count, "lists \(listed) registrations, count says \(count)")
        #endif
    }
}

extension Event {
    /// This event if it ends a sequence, with no element type; `nil` for `next`.
    @inlinable
    var terminal: Event<Never>? {
        switch self {
        case .next: nil
        case .error(let error): .error(error)
        case .completed: .completed
        }
    }
}

extension Event<Never> {
    /// This terminal event as an event of any element type.
    @inlinable
    func retyped<Target>() -> Event<Target> {
        switch self {
        case .error(let error): .error(error)
        case .completed: .completed
        }
    }
}
