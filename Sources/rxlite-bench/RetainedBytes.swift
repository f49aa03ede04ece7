import CAllocationCounter
import Foundation
import RxLite

// Bytes retained per live subscription of each creating scenario's chain: N subscriptions of the chain over one
// PublishSubject, all alive at once, against N plain `subject.subscribe(onNext:)` with the same observer, so the
// difference is what the chain's operators keep. Printed under the table after the scenario and carried as
// `retainedBytes` in its --json entry. (PublishSubjectCreating has no operators: its figure is the plain one.)
//
// The source is a PublishSubject because it keeps each subscriber's sink, as any source that can still emit must.
// `Observable.never()` would not do: it drops the sink at once, so the chain's closures would be freed before the
// count. The subject's observer array is grown to N entries before counting (the source's storage, the same
// for any subscriber, and with a doubling array's slack it would make the figure depend on the count).

/// Heap bytes kept by live subscriptions, from glibc's count of bytes in use.
struct RetainedBytes: Codable {
    /// What the chain is, for the note ("the 12 operators").
    let chain: String
    /// Subscriptions alive at once in each count.
    let subscriptions: Int
    /// Per subscription of the scenario's chain over the subject (`mapFilterChain(subject).subscribe(onNext:)`).
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
                + "subject.subscribe(onNext:), so %.0f for %@ (%d live at once on a PublishSubject); "
                + "%+d bytes left after disposing all",
            chainBytesPerSubscription, plainBytesPerSubscription, operatorBytesPerSubscription, chain, subscriptions,
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

/// What the observers of a count have received so far: each adds the elements it gets.
final class Delivered {
    var sum = 0
}

/// Subscribes a scenario's chain over `subject`, with an observer that adds what it gets to `delivered`. The
/// observer is written as a closure at the subscribe call, as a user's is: passed through as a closure value, it
/// cost another 48 bytes a subscription.
typealias ChainSubscriber = (_ subject: PublishSubject<Int>, _ delivered: Delivered) -> any Disposable

/// Counts the bytes that `count` live subscriptions of a scenario's chain keep, and as many plain subscriptions.
/// Throws when the heap does not return to where it started once they are disposed (4 bytes a subscription of
/// slack, at least 4 KiB: a leak of the chain is far more).
nonisolated func retainedBytes(
    _ scenario: String, chain description: String, subscriptions count: Int, subscribe: ChainSubscriber
) throws -> RetainedBytes {
    let delivered = Delivered()
    func measureBoth(_ count: Int) throws -> RetainedBytes {
        let chain = try liveSubscriptionBytes(
            "\(scenario) retained bytes", count: count, subscribe: { subject in subscribe(subject, delivered) },
            delivered: { delivered.sum })
        let plain = try liveSubscriptionBytes(
            "plain subscription retained bytes", count: count,
            subscribe: { subject in subject.subscribe(onNext: { delivered.sum += $0 }) },
            delivered: { delivered.sum })
        return RetainedBytes(
            chain: description, subscriptions: count, chainBytesPerSubscription: chain.perSubscription,
            plainBytesPerSubscription: plain.perSubscription,
            operatorBytesPerSubscription: chain.perSubscription - plain.perSubscription,
            bytesLeftAfterDispose: max(chain.leftAfterDispose, plain.leftAfterDispose))
    }
    // A small round first, so that whatever the runtime caches on first use (metadata, a thread's free blocks) is
    // in place before counting.
    _ = try measureBoth(min(100, count))
    let result = try measureBoth(count)
    guard result.bytesLeftAfterDispose <= max(4 * count, 4096) else {
        throw BenchmarkFailure.heapNotReleased(
            scenario: "\(scenario) retained bytes", bytes: result.bytesLeftAfterDispose, subscriptions: count)
    }
    return result
}

/// `retainedBytes` for an Observable chain around the subject.
nonisolated func retainedBytes(
    _ scenario: String, chain description: String, subscriptions count: Int,
    of chain: @escaping (Observable<Int>) -> Observable<Int>
) throws -> RetainedBytes {
    try retainedBytes(scenario, chain: description, subscriptions: count) { subject, delivered in
        chain(subject.asObservable()).subscribe(onNext: { delivered.sum += $0 })
    }
}

/// `retainedBytes` for MapFilterDriverCreating's chain, driven on the main thread as the scenario does.
nonisolated func driverRetainedBytes(subscriptions count: Int) throws -> RetainedBytes {
    try retainedBytes("MapFilterDriverCreating", chain: "asDriver and the 12 operators", subscriptions: count) {
        subject, delivered in
        let driver = MainThreadOnly((mapFilterDriverChain(subject.asDriver(onErrorJustReturn: -1)), delivered))
        return MainActor.assumeIsolated {
            MainThreadOnly(driver.value.0.drive(onNext: { driver.value.1.sum += $0 }))
        }.value
    }
}
