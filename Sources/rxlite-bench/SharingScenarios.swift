import RxLite

// The connectable path of sharing (Driver's `share(scope: .whileConnected)` is measured by the MapFilterDriver rows):
// - PublishRefCount: `publish().refCount()`, counted by the connectable's own storage: the first subscriber
//   connects, the last one's disposal disconnects.
// - ConnectableRefCount: `refCount()` over a connectable the program wrote itself (here one forwarding to
//   `publish()`), which `refCount()` counts in a storage of its own.
// - PublishConnectCreating: `publish()`, one subscriber, then `connect()` by hand, as RxSwift's docs show it.

@inline(__always)
nonisolated func publishRefCountChain(_ source: Observable<Int>) -> Observable<Int> {
    source.publish().refCount()
}

nonisolated func publishRefCountPumping(_ iterations: Int) -> Int {
    pump(iterations * 10, through: publishRefCountChain)
}

nonisolated func publishRefCountCreating(_ iterations: Int) -> Int {
    create(iterations, through: publishRefCountChain)
}

/// A connectable that is not a ``ConnectableObservable``: forwards to one, as a program's own wrapper would.
struct ForwardingConnectable: ConnectableObservableType {
    typealias Element = Int
    let connectable: ConnectableObservable<Int>

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
        connectable.subscribe(observer)
    }

    func asObservable() -> Observable<Int> { connectable }

    func connect() -> any Disposable { connectable.connect() }
}

@inline(__always)
nonisolated func connectableRefCountChain(_ source: Observable<Int>) -> Observable<Int> {
    ForwardingConnectable(connectable: source.publish()).refCount()
}

nonisolated func connectableRefCountPumping(_ iterations: Int) -> Int {
    pump(iterations * 10, through: connectableRefCountChain)
}

nonisolated func connectableRefCountCreating(_ iterations: Int) -> Int {
    create(iterations, through: connectableRefCountChain)
}

nonisolated func publishConnectCreating(_ iterations: Int) -> Int {
    var sum = 0
    for _ in 0..<iterations {
        let published = countingSource(1).publish()
        let subscription = published.subscribe(onNext: { sum += $0 })
        let connection = published.connect()
        connection.dispose()
        subscription.dispose()
    }
    return sum
}

let sharingScenarios: [Scenario] = [
    Scenario(
        name: "PublishRefCountPumping", unit: "event", units: { $0 * 10 },
        expectedChecksum: { $0 * 10 }, body: publishRefCountPumping),
    Scenario(
        name: "PublishRefCountCreating", unit: "subscription", units: { $0 },
        expectedChecksum: { $0 }, body: publishRefCountCreating),
    Scenario(
        name: "ConnectableRefCountPumping", unit: "event", units: { $0 * 10 },
        expectedChecksum: { $0 * 10 }, body: connectableRefCountPumping),
    Scenario(
        name: "ConnectableRefCountCreating", unit: "subscription", units: { $0 },
        expectedChecksum: { $0 }, body: connectableRefCountCreating),
    Scenario(
        name: "PublishConnectCreating", unit: "subscription", units: { $0 },
        expectedChecksum: { $0 }, body: publishConnectCreating),
]
