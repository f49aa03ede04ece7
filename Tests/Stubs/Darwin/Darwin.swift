// A declaration-only stand-in for the part of Darwin that RxLite uses on Apple platforms (`os_unfair_lock`, in
// Sources/RxLite/Primitives/Lock.swift), so that `scripts/typecheck-darwin-lock` can type-check that branch on Linux.
// Signatures as Swift imports <os/lock.h> (iOS 10+; the functions are OS_NONNULL_ALL). Nothing here runs.

public struct os_unfair_lock_s {
    public var _os_unfair_lock_opaque: UInt32
    public init() { _os_unfair_lock_opaque = 0 }
    public init(_os_unfair_lock_opaque: UInt32) { self._os_unfair_lock_opaque = _os_unfair_lock_opaque }
}

public typealias os_unfair_lock = os_unfair_lock_s
public typealias os_unfair_lock_t = UnsafeMutablePointer<os_unfair_lock_s>

public func os_unfair_lock_lock(_ lock: os_unfair_lock_t) { fatalError("Darwin stub: declarations only") }
public func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) { fatalError("Darwin stub: declarations only") }
