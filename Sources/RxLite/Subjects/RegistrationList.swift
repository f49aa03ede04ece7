/// The observers of a subject: retained references kept by hand, so that delivering an event walks them with no
/// retain, release or copy (an array property would be retained for the walk, and each element loaded with a
/// retain). The first observer sits inline; a buffer is allocated only for a second. Not generic, so removal and
/// release from unspecialized code look up no metadata. Not thread-safe; the hub guards it.
///
/// It owns its buffer and a retain of each listed registration, by hand: it is a plain value of raw pointers and
/// counts, whose zero bits are an empty list, so that it lives in words of its hub's tail (see ``SubjectHub``) with no
/// placing and nothing for Swift to release. The hub is the one owner, and lets the list go with ``releaseAll()`` (in
/// its `deinit`, or after moving the list out with ``take()``). A copy that outlived the hub's would point at a freed
/// buffer: nothing copies it.
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
struct RegistrationList {
    /// The only registration while there is no buffer and `count` is 1.
    var inline: Unmanaged<HubRegistration>?
    var base: UnsafeMutablePointer<Unmanaged<HubRegistration>?>?
    /// The registrations listed.
    var count = 0
    /// One past the last slot in use (holes included); with no buffer, equal to `count`.
    var end = 0
    var capacity = 0

    init() {}

    /// Moves the whole list out, leaving this one empty: for a hub that lets every observer go outside its lock.
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
    ///
    /// Always inlined: `type` is only the target of `unsafeDowncast`, which checks nothing in release builds, so
    /// inlined it is never materialized; called, the hub's delivery looked up `SinkRegistration<Element>`'s metadata
    /// for every event.
    @inline(__always)
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
        inline = nil
        base = nil
        count = 0
        end = 0
        capacity = 0
    }

    /// Traps (debug builds only) when an invariant of the type is broken. The constant-time ones always; with
    /// `walkingEverySlot`, also those that need every slot (each listed registration's `slot`, `count`), which only
    /// the operations that walk every slot anyway ask for.
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
