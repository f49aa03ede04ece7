import Foundation
import RxLite

/// One round's object under test, seen the same way whatever it is: what subscribers subscribe to, how elements go in
/// (the producer's, and other threads' "side" elements, which are negative), how it ends, how it connects.
final class HuntInstance: @unchecked Sendable {
    let observable: Observable<Int>
    let send: (Int) -> Void
    /// Ends the source: `true` completes it, `false` fails it. `nil` for a relay, which never ends.
    let finish: ((Bool) -> Void)?
    /// For a connectable connected by hand: the harness connects it before the round and threads call it again.
    let connect: (() -> any Disposable)?

    init(
        _ observable: Observable<Int>, send: @escaping (Int) -> Void, finish: ((Bool) -> Void)?,
        connect: (() -> any Disposable)? = nil
    ) {
        self.observable = observable
        self.send = send
        self.finish = finish
        self.connect = connect
    }

    /// The source is a subject: `send` feeds it, `finish` ends it.
    convenience init<Subject: ObserverType>(
        _ observable: Observable<Int>, source: Subject, connect: (() -> any Disposable)? = nil
    ) where Subject.Element == Int {
        self.init(
            observable, send: { source.onNext($0) },
            finish: { completes in completes ? source.onCompleted() : source.onError(HuntError.failed) },
            connect: connect)
    }
}

/// The error a hunt round may end its source with.
enum HuntError: Error { case failed }

/// The value a round's subjects hold before the round: below every element, never produced.
let huntSeedValue = -1_000_000

/// What the hunt runs against: every subject and relay, every operator that shares, replays, multicasts or merges.
/// Each says which of the round's checks hold for it (see `HuntRound.check`), so that no check flags a race the Rx
/// contract allows.
struct HuntTarget: Sendable {
    /// Who receives the source's end.
    enum Ending: Sendable {
        /// Every subscriber that is still subscribed, also one that arrives after the end (a subject's replay of
        /// it, or a new connection to the ended source).
        case toEverySubscriber
        /// Only subscribers whose `subscribe` returned before the end was sent: the subject of a connection made by
        /// hand is forgotten at the end, and a later subscriber waits for a connection nobody makes.
        case toEarlierSubscribers
        /// A relay: no end ever.
        case never
    }

    let name: String
    let ending: Ending
    /// A new subscriber always gets a replay, during `subscribe` (the memory is never empty).
    var replaysDuringSubscribe = false
    /// The source is subscribed by the subscriber that makes the connection: a subscriber that joins while another
    /// `subscribe` is under way may return before that one has connected (as in RxSwift), so only a subscription
    /// with no other `subscribe` in flight is sure to be fed from the moment it returns.
    var connectsThroughSubscribers = false
    /// AsyncSubject: nothing before the end, then the last element.
    var holdsLastUntilEnd = false
    /// The output interleaves this many sources, each fed the elements equal to its index modulo this count, with no
    /// order between them (`merge`): each keeps its own order.
    var interleavedSources = 1
    /// How many elements a subscriber may get from an earlier connection (a `.forever` subject kept across
    /// connections), with a gap after them: the source ran into nobody while no one was subscribed. The subject's
    /// replay, and one element the ending connection had in flight when the last subscriber left (it is silenced
    /// under the lock, but an element already past its check still arrives, before any of the next connection's).
    var staleReplay = 0
    /// The operator subscribes its sources one after the other (`zip`): an element sent into both while it does may
    /// reach one source and not the other, which shifts the pairs, so only a subscription during which nothing was
    /// sent is sure to get every later element. (`merge` needs no such care: its sources are independent.) Also,
    /// `merge` ends at the first error, which may overtake another source's element held by a busy subject: the
    /// rounds that end `merge` with an error check order only.
    var subscribesSourcesOneByOne = false
    /// Whether other threads and handlers may send side elements. Not for `zip`, which pairs by position: a side
    /// element sent into one source while the round ends the other is legitimately never paired.
    var acceptsSideElements = true
    let make: @Sendable () -> HuntInstance

    static let all: [HuntTarget] = subjectsAndRelays + sharing + merging

    static func named(_ name: String) -> HuntTarget {
        guard let target = all.first(where: { $0.name == name }) else { preconditionFailure("no target \(name)") }
        return target
    }

    static let subjectsAndRelays: [HuntTarget] = [
        HuntTarget(name: "PublishSubject", ending: .toEverySubscriber) {
            let subject = PublishSubject<Int>()
            return HuntInstance(subject.asObservable(), source: subject)
        },
        HuntTarget(name: "BehaviorSubject", ending: .toEverySubscriber, replaysDuringSubscribe: true) {
            let subject = BehaviorSubject(value: huntSeedValue)
            return HuntInstance(subject.asObservable(), source: subject)
        },
        HuntTarget(name: "ReplaySubject(2)", ending: .toEverySubscriber, replaysDuringSubscribe: true) {
            let subject = ReplaySubject<Int>.create(bufferSize: 2)
            subject.onNext(huntSeedValue)
            return HuntInstance(subject.asObservable(), source: subject)
        },
        HuntTarget(name: "ReplaySubject(unbounded)", ending: .toEverySubscriber, replaysDuringSubscribe: true) {
            let subject = ReplaySubject<Int>.createUnbounded()
            subject.onNext(huntSeedValue)
            return HuntInstance(subject.asObservable(), source: subject)
        },
        HuntTarget(name: "AsyncSubject", ending: .toEverySubscriber, holdsLastUntilEnd: true) {
            let subject = AsyncSubject<Int>()
            return HuntInstance(subject.asObservable(), source: subject)
        },
        HuntTarget(name: "PublishRelay", ending: .never) {
            let relay = PublishRelay<Int>()
            return HuntInstance(relay.asObservable(), send: { relay.accept($0) }, finish: nil)
        },
        HuntTarget(name: "BehaviorRelay", ending: .never, replaysDuringSubscribe: true) {
            let relay = BehaviorRelay(value: huntSeedValue)
            return HuntInstance(relay.asObservable(), send: { relay.accept($0) }, finish: nil)
        },
        HuntTarget(name: "ReplayRelay(1)", ending: .never, replaysDuringSubscribe: true) {
            let relay = ReplayRelay<Int>.create(bufferSize: 1)
            relay.accept(huntSeedValue)
            return HuntInstance(relay.asObservable(), send: { relay.accept($0) }, finish: nil)
        },
    ]

    static let sharing: [HuntTarget] = [
        shared("share()") { $0.share() },
        shared("share(replay: 1)") { $0.share(replay: 1) },
        shared("share(replay: 2)") { $0.share(replay: 2) },
        shared("share(scope: .forever)") { $0.share(scope: .forever) },
        shared("share(replay: 1, scope: .forever)", staleReplay: 2) { $0.share(replay: 1, scope: .forever) },
        shared("publish().refCount()") { $0.publish().refCount() },
        shared("replay(1).refCount()") { $0.replay(1).refCount() },
        connectedByHand("publish() + connect()", ending: .toEarlierSubscribers) { $0.publish() },
        connectedByHand("replay(2) + connect()", ending: .toEarlierSubscribers) { $0.replay(2) },
        connectedByHand("multicast(PublishSubject) + connect()", ending: .toEverySubscriber) {
            $0.multicast(PublishSubject<Int>())
        },
    ]

    /// A sharing operator over a subject, connected by its subscribers.
    static func shared(
        _ name: String, ending: Ending = .toEverySubscriber, staleReplay: Int = 0,
        _ share: @escaping @Sendable (Observable<Int>) -> Observable<Int>
    ) -> HuntTarget {
        HuntTarget(name: name, ending: ending, connectsThroughSubscribers: true, staleReplay: staleReplay) {
            let source = PublishSubject<Int>()
            return HuntInstance(share(source.asObservable()), source: source)
        }
    }

    /// A connectable over a subject, connected by hand.
    static func connectedByHand(
        _ name: String, ending: Ending,
        _ makeConnectable: @escaping @Sendable (Observable<Int>) -> ConnectableObservable<Int>
    ) -> HuntTarget {
        HuntTarget(name: name, ending: ending) {
            let source = PublishSubject<Int>()
            let connectable = makeConnectable(source.asObservable())
            return HuntInstance(connectable.asObservable(), source: source, connect: { connectable.connect() })
        }
    }

    /// An inner sequence that emits `element` and completes: `just`, or a `create` that subscribes for real.
    static func inner(_ element: Int) -> Observable<Int> {
        if element & 1 == 0 { return Observable.just(element) }
        return Observable.create { observer in
            observer.onNext(element)
            observer.onCompleted()
            return Disposables.create()
        }
    }

    static let merging: [HuntTarget] = [
        HuntTarget(name: "merge", ending: .toEverySubscriber, interleavedSources: 2) {
            let (even, odd) = (PublishSubject<Int>(), PublishSubject<Int>())
            return HuntInstance(
                Observable.merge(even.asObservable(), odd.asObservable()),
                send: { $0 & 1 == 0 ? even.onNext($0) : odd.onNext($0) },
                finish: { completes in
                    // Both end, so that a later subscriber gets the end from whichever it subscribes first.
                    for source in [even, odd] { completes ? source.onCompleted() : source.onError(HuntError.failed) }
                })
        },
        HuntTarget(name: "flatMap", ending: .toEverySubscriber) {
            let source = PublishSubject<Int>()
            return HuntInstance(source.flatMap { inner($0) }, source: source)
        },
        HuntTarget(name: "flatMapLatest", ending: .toEverySubscriber) {
            let source = PublishSubject<Int>()
            return HuntInstance(source.flatMapLatest { inner($0) }, source: source)
        },
        HuntTarget(name: "switchLatest", ending: .toEverySubscriber) {
            let source = PublishSubject<Int>()
            return HuntInstance(Observable.just(source.asObservable()).switchLatest(), source: source)
        },
        HuntTarget(name: "combineLatest", ending: .toEverySubscriber) {
            let source = PublishSubject<Int>()
            return HuntInstance(
                Observable.combineLatest(source.asObservable(), Observable.just(0)) { element, _ in element },
                source: source)
        },
        HuntTarget(
            name: "zip", ending: .toEverySubscriber, subscribesSourcesOneByOne: true, acceptsSideElements: false
        ) {
            let (left, right) = (PublishSubject<Int>(), PublishSubject<Int>())
            return HuntInstance(
                Observable.zip(left.asObservable(), right.asObservable()) { element, _ in element },
                send: {
                    left.onNext($0)
                    right.onNext($0)
                },
                finish: { completes in
                    guard completes else { return left.onError(HuntError.failed) }
                    left.onCompleted()
                    right.onCompleted()
                })
        },
        HuntTarget(name: "withLatestFrom", ending: .toEverySubscriber) {
            let source = PublishSubject<Int>()
            let latest = BehaviorRelay(value: 0)
            return HuntInstance(source.withLatestFrom(latest) { element, _ in element }, source: source)
        },
        HuntTarget(name: "concat", ending: .toEverySubscriber) {
            let source = PublishSubject<Int>()
            return HuntInstance(Observable.concat(Observable.just(-1), source.asObservable()), source: source)
        },
        HuntTarget(name: "amb", ending: .toEverySubscriber) {
            let source = PublishSubject<Int>()
            return HuntInstance(Observable.amb([source.asObservable(), Observable.never()]), source: source)
        },
    ]
}
