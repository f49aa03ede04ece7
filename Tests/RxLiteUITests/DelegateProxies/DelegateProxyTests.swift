import Foundation
import RxLite
import RxLiteTest
import Testing

@testable import RxLiteUI

// A parent object with a delegate, as a UIKit view has one, and a proxy for it written as an app's own proxy would be.

@MainActor
protocol CounterDelegate: AnyObject {
    func counter(_ counter: Counter, didCount value: Int)
}

@MainActor
class Counter: HasDelegate {
    typealias Delegate = CounterDelegate

    weak var delegate: CounterDelegate? {
        didSet { assignments += 1 }
    }
    /// How many times `delegate` was set.
    var assignments = 0

    func count(_ value: Int) { delegate?.counter(self, didCount: value) }
}

/// A counter class with a proxy class of its own.
@MainActor
class SpecialCounter: Counter {}

@MainActor
final class SpecialCounterSubclass: SpecialCounter {}

@MainActor
class RxCounterDelegateProxy: DelegateProxy<Counter, CounterDelegate>, DelegateProxyType, CounterDelegate {
    let counts = PublishSubject<Int>()

    init(counter: Counter) { super.init(parentObject: counter, delegateProxy: RxCounterDelegateProxy.self) }

    static func registerKnownImplementations() {
        register { RxCounterDelegateProxy(counter: $0) }
        register { (counter: SpecialCounter) in RxSpecialCounterDelegateProxy(counter: counter) }
    }

    func counter(_ counter: Counter, didCount value: Int) {
        last = value
        counts.onNext(value)
        forwardToDelegate()?.counter(counter, didCount: value)
    }

    var didCount: Observable<Int> { events(counts) }

    /// The last value counted, then each new one.
    var lastCount: Observable<Int> {
        events(counts) { [weak self] in self?.last }
    }
    private(set) var last: Int?
}

@MainActor
final class RxSpecialCounterDelegateProxy: RxCounterDelegateProxy {}

@MainActor
final class RecordingDelegate: CounterDelegate {
    var values: [Int] = []
    func counter(_ counter: Counter, didCount value: Int) { values.append(value) }
}

// Serialized: without the Objective-C runtime the registry keeps a released parent's proxy until it next installs one
// (or is told to drop it), and another test's leftovers would count against a test's resources.
@MainActor
@Suite(.checksResources, .serialized) struct DelegateProxyTests {
    init() { DelegateProxyRegistry.dropProxiesOfReleasedParents() }

    /// Runs `body`, then releases the proxies of the parents it made.
    private func releasingProxies(_ body: () -> Void) {
        body()
        DelegateProxyRegistry.dropProxiesOfReleasedParents()
    }

    @Test func installingMovesTheAppsDelegateBehindTheProxy() {
        releasingProxies {
            let counter = Counter()
            let appDelegate = RecordingDelegate()
            counter.delegate = appDelegate
            let proxy = RxCounterDelegateProxy.proxy(for: counter)
            #expect(counter.delegate === proxy)
            #expect(proxy.forwardToDelegate() === appDelegate)
            counter.count(1)
            #expect(appDelegate.values == [1])
            #expect(RxCounterDelegateProxy.proxy(for: counter) === proxy)
            #expect(RxCounterDelegateProxy.proxy(for: Counter()) !== proxy)
        }
    }

    @Test func subscribersAndTheAppsDelegateBothReceiveEachCall() {
        releasingProxies {
            let counter = Counter()
            let appDelegate = RecordingDelegate()
            counter.delegate = appDelegate
            let proxy = RxCounterDelegateProxy.proxy(for: counter)
            var seen: [Int] = []
            let subscription = proxy.didCount.subscribe(onNext: { seen.append($0) })
            counter.count(1)
            counter.count(2)
            #expect(seen == [1, 2])
            #expect(appDelegate.values == [1, 2])
            subscription.dispose()
            counter.count(3)
            #expect(seen == [1, 2])
            #expect(appDelegate.values == [1, 2, 3])
        }
    }

    @Test func theLastSubscriptionEndingGivesTheSlotBackToTheAppsDelegate() {
        releasingProxies {
            let counter = Counter()
            let appDelegate = RecordingDelegate()
            counter.delegate = appDelegate
            let proxy = RxCounterDelegateProxy.proxy(for: counter)
            let first = proxy.didCount.subscribe()
            let second = proxy.didCount.subscribe()
            first.dispose()
            #expect(counter.delegate === proxy)
            second.dispose()
            #expect(counter.delegate === appDelegate)
            counter.count(1)
            #expect(appDelegate.values == [1])
        }
    }

    @Test func aDelegateTheAppSetsAfterInstallingBecomesTheForwardDelegateOnTheNextSubscription() {
        releasingProxies {
            let counter = Counter()
            let proxy = RxCounterDelegateProxy.proxy(for: counter)
            var seen: [Int] = []
            let first = proxy.didCount.subscribe(onNext: { seen.append($0) })
            let lateDelegate = RecordingDelegate()
            counter.delegate = lateDelegate
            counter.count(1)
            #expect(lateDelegate.values == [1])
            let second = proxy.didCount.subscribe(onNext: { seen.append($0 * 10) })
            #expect(counter.delegate === proxy)
            #expect(proxy.forwardToDelegate() === lateDelegate)
            counter.count(2)
            #expect(seen == [2, 20])
            #expect(lateDelegate.values == [1, 2])
            first.dispose()
            second.dispose()
            #expect(counter.delegate === lateDelegate)
        }
    }

    @Test func proxyForTakesTheSlotBackFromADelegateSetSinceWithoutLosingIt() {
        releasingProxies {
            let counter = Counter()
            let proxy = RxCounterDelegateProxy.proxy(for: counter)
            let lateDelegate = RecordingDelegate()
            counter.delegate = lateDelegate
            #expect(RxCounterDelegateProxy.proxy(for: counter) === proxy)
            #expect(counter.delegate === proxy)
            counter.count(5)
            #expect(lateDelegate.values == [5])
        }
    }

    @Test func theForwardDelegateIsHeldWeaklyUnlessRetained() {
        releasingProxies {
            let counter = Counter()
            let proxy = RxCounterDelegateProxy.proxy(for: counter)
            var weakDelegate: RecordingDelegate? = RecordingDelegate()
            weak let weakReference = weakDelegate
            proxy.setForwardToDelegate(weakDelegate, retainDelegate: false)
            weakDelegate = nil
            #expect(weakReference == nil)
            #expect(proxy.forwardToDelegate() == nil)

            var retained: RecordingDelegate? = RecordingDelegate()
            weak let retainedReference = retained
            proxy.setForwardToDelegate(retained, retainDelegate: true)
            retained = nil
            #expect(retainedReference != nil)
            #expect(proxy.forwardToDelegate() === retainedReference)
        }
    }

    @Test func changingTheForwardDelegateReassignsTheParentsSlot() {
        releasingProxies {
            // UIKit reads what a delegate responds to when it is assigned: the proxy's answer changes with its forward
            // delegate, so the parent must be told.
            let counter = Counter()
            let proxy = RxCounterDelegateProxy.proxy(for: counter)
            let before = counter.assignments
            proxy.setForwardToDelegate(RecordingDelegate(), retainDelegate: true)
            #expect(counter.assignments > before)
            #expect(counter.delegate === proxy)
        }
    }

    @Test func aProxyNeverForwardsToItself() {
        releasingProxies {
            let counter = Counter()
            let proxy = RxCounterDelegateProxy.proxy(for: counter)
            proxy.setForwardToDelegate(proxy, retainDelegate: false)
            #expect(proxy.forwardToDelegate() == nil)
            counter.count(1)  // would recurse forever if the proxy forwarded to itself
        }
    }

    @Test func installForwardDelegateLastsUntilDisposed() {
        releasingProxies {
            let counter = Counter()
            var delegate: RecordingDelegate? = RecordingDelegate()
            weak let reference = delegate
            let installation = RxCounterDelegateProxy.installForwardDelegate(
                delegate!, retainDelegate: true, onProxyForObject: counter)
            delegate = nil
            let proxy = RxCounterDelegateProxy.proxy(for: counter)
            #expect(counter.delegate === proxy)
            #expect(reference != nil)
            var seen: [Int] = []
            let subscription = proxy.didCount.subscribe(onNext: { seen.append($0) })
            counter.count(7)
            #expect(seen == [7])
            #expect(reference?.values == [7])
            installation.dispose()
            #expect(reference == nil)
            #expect(proxy.forwardToDelegate() == nil)
            // The subscription still observes the proxy, so it keeps the slot.
            #expect(counter.delegate === proxy)
            subscription.dispose()
            #expect(counter.delegate == nil)
        }
    }

    @Test func disposingAnInstallationKeepsADelegateInstalledAfterIt() {
        releasingProxies {
            let counter = Counter()
            let first = RecordingDelegate()
            let second = RecordingDelegate()
            let firstInstallation = RxCounterDelegateProxy.installForwardDelegate(
                first, retainDelegate: false, onProxyForObject: counter)
            let secondInstallation = RxCounterDelegateProxy.installForwardDelegate(
                second, retainDelegate: false, onProxyForObject: counter)
            firstInstallation.dispose()
            let proxy = RxCounterDelegateProxy.proxy(for: counter)
            #expect(proxy.forwardToDelegate() === second)
            secondInstallation.dispose()
            #expect(proxy.forwardToDelegate() == nil)
        }
    }

    @Test func aCurrentValueComesFirst() {
        releasingProxies {
            let counter = Counter()
            let proxy = RxCounterDelegateProxy.proxy(for: counter)
            var seen: [Int] = []
            let before = proxy.lastCount.subscribe(onNext: { seen.append($0) })
            counter.count(4)
            var later: [Int] = []
            let after = proxy.lastCount.subscribe(onNext: { later.append($0) })
            counter.count(5)
            #expect(seen == [4, 5])
            #expect(later == [4, 5])
            before.dispose()
            after.dispose()
        }
    }

    @Test func theRegistrationOfTheNearestClassMakesTheProxy() {
        releasingProxies {
            let special = SpecialCounter()
            // Proxy classes of one delegate type share their registrations and the parent's slot.
            #expect(RxSpecialCounterDelegateProxy.proxy(for: special) === RxCounterDelegateProxy.proxy(for: special))
            #expect(type(of: RxCounterDelegateProxy.proxy(for: Counter())) == RxCounterDelegateProxy.self)
            #expect(type(of: RxCounterDelegateProxy.proxy(for: SpecialCounter())) == RxSpecialCounterDelegateProxy.self)
            #expect(
                type(of: RxCounterDelegateProxy.proxy(for: SpecialCounterSubclass()))
                    == RxSpecialCounterDelegateProxy.self)
        }
    }

    @Test func sequencesCompleteWhenTheProxyGoesAway() {
        releasingProxies {
            var counter: Counter? = Counter()
            var completed = false
            let subscription = RxCounterDelegateProxy.proxy(for: counter!).didCount
                .subscribe(onCompleted: { completed = true })
            weak let proxy = counter?.delegate as AnyObject?
            #expect(proxy != nil)
            counter = nil
            // Without the Objective-C runtime the registry drops a released parent's proxy when it next installs one.
            let other = Counter()
            _ = RxCounterDelegateProxy.proxy(for: other)
            #expect(proxy == nil)
            #expect(completed)
            subscription.dispose()
        }
    }

    @Test func subscribingToTheProxyOfAParentThatIsGoneCompletes() {
        releasingProxies {
            var counter: Counter? = Counter()
            let events = RxCounterDelegateProxy.proxy(for: counter!).didCount
            counter = nil
            DelegateProxyRegistry.dropProxiesOfReleasedParents()
            var completed = false
            _ = events.subscribe(onCompleted: { completed = true })
            #expect(completed)
        }
    }

    @Test func theRegistryReleasesTheProxiesOfReleasedParents() {
        releasingProxies {
            let before = DelegateProxyRegistry.installedCount
            var counter: Counter? = Counter()
            _ = RxCounterDelegateProxy.proxy(for: counter!)
            #expect(DelegateProxyRegistry.installedCount == before + 1)
            counter = nil
            DelegateProxyRegistry.dropProxiesOfReleasedParents()
            #expect(DelegateProxyRegistry.installedCount == before)
        }
    }
}
