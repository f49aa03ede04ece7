import RxLite
import RxLiteTest
import Testing

@testable import RxLiteUI

/// The stand-in behind `scrollView.rx.willEndDragging`'s `targetContentOffset`, driven as the scroll view's proxy
/// drives it: UIKit lends a pointer for one call, subscribers get the stand-in's.
@MainActor
@Suite(.checksResources) struct PointerStandInTests {
    struct Offset: Equatable {
        var x: Double
        var y: Double
    }

    /// A delegate call lending `value` to subscribers of `calls`, as UIKit lends the target offset: returns what the
    /// call leaves in the lent memory.
    private func lend(
        _ value: Offset, through standIn: PointerStandIn<Offset>, to calls: PublishSubject<Double>, velocity: Double
    ) -> Offset {
        var lent = value
        withUnsafeMutablePointer(to: &lent) { pointer in standIn.lend(pointer) { calls.onNext(velocity) } }
        return lent
    }

    @Test func subscribersReadTheLentValueAndWhatTheyWriteReachesTheLender() {
        let standIn = PointerStandIn(Offset(x: 0, y: 0))
        let calls = PublishSubject<Double>()
        var seen: [Offset] = []
        let subscription = calls.map { velocity in (velocity, standIn.pointer) }
            .subscribe(onNext: { velocity, target in
                seen.append(target.pointee)
                if velocity > 1 { target.pointee.y = 800 }
            })
        #expect(lend(Offset(x: 0, y: 120), through: standIn, to: calls, velocity: 0.5) == Offset(x: 0, y: 120))
        #expect(lend(Offset(x: 0, y: 300), through: standIn, to: calls, velocity: 2) == Offset(x: 0, y: 800))
        #expect(seen == [Offset(x: 0, y: 120), Offset(x: 0, y: 300)])
        subscription.dispose()
    }

    @Test func everySubscriberSeesWhatTheOnesBeforeItWrote() {
        let standIn = PointerStandIn(Offset(x: 0, y: 0))
        let calls = PublishSubject<Double>()
        let first = calls.subscribe(onNext: { _ in standIn.pointer.pointee.y += 10 })
        let second = calls.subscribe(onNext: { _ in standIn.pointer.pointee.y *= 2 })
        #expect(lend(Offset(x: 0, y: 5), through: standIn, to: calls, velocity: 1) == Offset(x: 0, y: 30))
        first.dispose()
        second.dispose()
    }

    @Test func aPointerKeptAfterTheCallStaysValidAndChangesNothingLent() {
        let standIn = PointerStandIn(Offset(x: 0, y: 0))
        let calls = PublishSubject<Double>()
        var kept: UnsafeMutablePointer<Offset>?
        let subscription = calls.subscribe(onNext: { _ in kept = standIn.pointer })
        var lent = Offset(x: 1, y: 2)
        withUnsafeMutablePointer(to: &lent) { pointer in standIn.lend(pointer) { calls.onNext(0) } }
        // After the call: the kept pointer is the stand-in's, still readable and writable, and the lender's memory is
        // no longer involved.
        #expect(kept?.pointee == Offset(x: 1, y: 2))
        kept?.pointee = Offset(x: 9, y: 9)
        #expect(lent == Offset(x: 1, y: 2))
        subscription.dispose()
    }
}
