import CRxAtomics

/// The debug-build check that no user code runs while a lock is held (INTERNALS, the rule "One lock per storage"):
/// every RxLite lock counts itself in a thread-local while the calling thread holds it, and the places that call user
/// code (leaf observers, a subject's delivery, `create`'s subscribe handler, `dispose()` of a cleanup action, a
/// scheduler's action) trap when that count is not zero. Release builds compile all of it away: the pumping paths
/// pay nothing.
package enum HeldLocks {
    /// The calling thread took an RxLite lock.
    package static func acquired() {
        #if DEBUG
            rx_held_lock_count_add(1)
        #endif
    }

    /// The calling thread released an RxLite lock.
    package static func released() {
        #if DEBUG
            rx_held_lock_count_add(-1)
        #endif
    }

    /// Traps (debug builds) when the calling thread holds an RxLite lock: `site` is about to run user code.
    package static func checkNoneHeld(_ site: StaticString) {
        #if DEBUG
            if rx_held_lock_count_get() != 0 { lockHeldWhileCallingUserCode(site) }
        #endif
    }

    /// How many RxLite locks the calling thread holds (always 0 in release builds).
    package static var count: Int {
        #if DEBUG
            rx_held_lock_count_get()
        #else
            0
        #endif
    }
}

func lockHeldWhileCallingUserCode(_ site: StaticString) -> Never {
    preconditionFailure(
        "RxLite: \(site) entered while this thread holds \(HeldLocks.count) RxLite lock(s): never call user code "
            + "while holding a lock (INTERNALS, the rule \"One lock per storage\")")
}
