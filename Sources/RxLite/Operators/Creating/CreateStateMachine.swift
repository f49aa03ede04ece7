/// The logic of `create`'s observer (``CreateStorage``), without locks or deliveries: which events it accepts, and
/// who disposes what `subscribe` returned (the resource), the end or the subscription's lifetime, exactly once.
///
/// The resource reaches the lifetime in three steps, with the lock taken for the first and the last only (the
/// insertion itself may dispose at once, which runs code): ``hasEnded`` (the end came first: dispose it now, never
/// insert it), the insertion, then ``held(key:)``. The end, once delivered, calls ``ended()``. Whichever of the two
/// comes second takes the key and removes the resource from the lifetime.
///
/// Invariants (debug builds check them after every transition):
/// - Once `isStopped`, no event is accepted.
/// - `resourceKey` is set only while the end has not been delivered (`hasEnded` is `false`).
struct CreateStateMachine {
    /// A terminal event was accepted: nothing after it is.
    private(set) var isStopped = false
    /// The resource's key in the lifetime, between ``held(key:)`` and ``ended()``.
    private var resourceKey: UInt64?
    /// Set when the end was delivered: a resource held after that is removed at once.
    private(set) var hasEnded = false
    /// Whether delivering the end disposes the resource (RxSwift's `create` does); otherwise it stays until the
    /// subscription's lifetime ends (RxLiteTest's testable observables).
    let releasesOnEnd: Bool

    init(releasesOnEnd: Bool = true) {
        self.releasesOnEnd = releasesOnEnd
    }

    /// Whether an event is accepted (after a terminal one, none is); `isStopEvent` says whether it is a terminal one.
    mutating func accept(isStopEvent: Bool) -> Bool {
        if isStopped { return false }
        if isStopEvent { isStopped = true }
        _checkInvariants()
        return true
    }

    /// The resource went into the lifetime under `key` (`nil`: the lifetime had ended, and disposed it). Returns the
    /// key to remove it by when the end was delivered meanwhile (the caller removes and disposes it), else `nil`.
    mutating func held(key: UInt64?) -> UInt64? {
        if hasEnded { return key }
        resourceKey = key
        _checkInvariants()
        return nil
    }

    /// The end was delivered. Returns the key of the resource to remove and dispose, if it is held and released on the
    /// end; without ``releasesOnEnd`` nothing changes.
    mutating func ended() -> UInt64? {
        guard releasesOnEnd else { return nil }
        hasEnded = true
        defer { _checkInvariants() }
        return resourceKey.take()
    }

    func _checkInvariants() {
        #if DEBUG
            precondition(
                !(hasEnded && resourceKey != nil), "Internal inconsistency: create's resource is held after its end")
        #endif
    }
}
