/// A stand-in for a pointer that UIKit lends a delegate for the length of one call, such as the `targetContentOffset`
/// of `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: subscribers get a pointer to this cell
/// instead, which stays valid as long as the stand-in lives, so a subscriber that keeps the pointer, or uses it
/// after the call, touches this cell rather than memory UIKit has taken back.
///
/// Invariant: `pointer` addresses one initialized `Pointee`, owned by the stand-in, from `init` to `deinit`.
///
/// Used on the main thread only (the proxy that owns it is main-actor isolated); not `Sendable`.
final class PointerStandIn<Pointee> {
    /// The cell subscribers write to.
    let pointer: UnsafeMutablePointer<Pointee>

    /// A stand-in holding `initial` until its first call.
    init(_ initial: Pointee) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: initial)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// Runs `body` with the stand-in holding what `lent` points to, then copies what the stand-in holds back into
    /// `lent`: whatever `body` wrote through ``pointer`` reaches the lender, and nothing written later does.
    func lend(_ lent: UnsafeMutablePointer<Pointee>, _ body: () -> Void) {
        pointer.pointee = lent.pointee
        body()
        lent.pointee = pointer.pointee
    }
}
