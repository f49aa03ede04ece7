import CAllocationCounter
import Foundation
import RxLite

// Bytes retained per live subscription of the MapFilter chain: 10,000 subscriptions of `mapFilterChain` over one
// PublishSubject, all alive at once, against 10,000 plain `subject.subscribe(onNext:)` with the same observer, so
// the difference is what the chain's twelve operators keep. Printed under the table after MapFilterCreating and
// carried as `retainedBytes` in its --json entry.
//
// The source is a PublishSubject because it keeps each subscriber's sink, as any source that can still emit must.
// `Observable.never()` would not do: it drops the sink at once, so the chain's closures would be freed before the
// count. The subject's observer array is grown to 10,000 entries before counting (the source's storage, the same
// for any subscriber, and with a doubling array's slack it would make the figure depend on the count).

/// Heap bytes kept by live subscriptions, from glibc's count of bytes in use.
struct RetainedBytes: Codable {
    /// Subscriptions alive at once in each count.
    let subscriptions: Int
    /// Per `mapFilterChain(subject).subscribe(onNext:)`.
    let chainBytesPerSubscription: Double
    /// Per `subject.subscribe(onNext:)` with the same observer, without the chain.
    let plainBytesPerSubscription: Double
    /// What the chain's operators keep: the difference of the two.
    let operatorBytesPerSubscription: Double
    /// Bytes in use once everything was disposed and released, minus before (the larger of the two counts). Noise
    /// only (blocks cached for reuse); a leak shows as at least `subscriptions` times a 32-byte block.
    let bytesLeftAfterDispose: Int

    var note: String {
        String(
            format: "%.0f heap bytes retained per live subscription of the chain, %.0f per plain "
                + "subject.subscribe(onNext:), so %.0f for the 12 operators (%d live at once on a PublishSubject); "
                + "%+d bytes left after disposing all",
            chainBytesPerSubscription, plainBytesPerSubscription, operatorBytesPerSubscription, subscriptions,
            bytesLeftAfterDispose)
    }
}

/// Heap bytes in use now; `Int` so that differences can be negative.
private func heapBytes() -> Int { Int(rxlite_heap_bytes_in_use()) }

/// Disposes newest first, which is the order the subject removes observers in without a search.
private func disposeAll(_ subscriptions: inout [any Disposable]) {
    for subscription in subscriptions.reversed() { subscription.dispose() }
    subscriptions.removeAll(keepingCapacity: true)
}

/// Heap bytes per subscription while `count` subscriptions made by `subscribe` are alive, and the heap bytes left
/// once they are disposed and the subject is gone. Throws when one element sent to the subject does not reach every
/// subscription (`subscribe` returns what its observer has received so far).
private func liveSubscriptionBytes(
    _ name: String, count: Int, subscribe: (PublishSubject<Int>) -> any Disposable, delivered: () -> Int
) throws -> (perSubscription: Double, leftAfterDispose: Int) {
    let start = heapBytes()
    var subject: PublishSubject<Int>? = PublishSubject<Int>()
    var subscriptions: [any Disposable] = []
    subscriptions.reserveCapacity(count)
    for _ in 0..<count { subscriptions.append(subject!.subscribe(onNext: { _ in })) }
    disposeAll(&subscriptions)

    let deliveredBefore = delivered()
    let before = heapBytes()
    for _ in 0..<count { subscriptions.append(subscribe(subject!)) }
    let after = heapBytes()
    subject!.onNext(1)
    let reached = delivered() - deliveredBefore
    disposeAll(&subscriptions)
    subject = nil
    subscriptions = []
    let end = heapBytes()
    guard reached == count else {
        throw BenchmarkFailure.wrongChecksum(scenario: name, expected: count, actual: reached)
    }
    return (Double(after - before) / Double(count), end - start)
}

/// Counts the bytes that `count` live MapFilter chains keep, and as many plain subscriptions. Throws when the heap
/// does not return to where it started once they are disposed (4 bytes a subscription of slack).
nonisolated func mapFilterRetainedBytes(subscriptions count: Int) throws -> RetainedBytes {
    var sum = 0
    // Called through a function value, not inlined: a third inlined copy of the chain in this module made the
    // optimizer stop fusing MapFilterPumping's chain (236 to 307 instructions per event). The chain built is the same.
    let buildChain: (Observable<Int>) -> Observable<Int> = mapFilterChain
    func measureBoth(_ count: Int) throws -> RetainedBytes {
        let chain = try liveSubscriptionBytes(
            "MapFilter retained bytes", count: count,
            subscribe: { subject in buildChain(subject.asObservable()).subscribe(onNext: { sum += $0 }) },
            delivered: { sum })
        let plain = try liveSubscriptionBytes(
            "plain subscription retained bytes", count: count,
            subscribe: { subject in subject.subscribe(onNext: { sum += $0 }) },
            delivered: { sum })
        return RetainedBytes(
            subscriptions: count, chainBytesPerSubscription: chain.perSubscription,
            plainBytesPerSubscription: plain.perSubscription,
            operatorBytesPerSubscription: chain.perSubscription - plain.perSubscription,
            bytesLeftAfterDispose: max(chain.leftAfterDispose, plain.leftAfterDispose))
    }
    // A small round first, so that whatever the runtime caches on first use (metadata, a thread's free blocks) is
    // in place before counting.
    _ = try measureBoth(100)
    let result = try measureBoth(count)
    guard result.bytesLeftAfterDispose <= 4 * count else {
        throw BenchmarkFailure.heapNotReleased(
            scenario: "MapFilter retained bytes", bytes: result.bytesLeftAfterDispose, subscriptions: count)
    }
    return result
}
