import Foundation
import RxLite
import RxLiteTest
import Testing

@testable import RxLiteUI

/// The bookkeeping of message interception: which classes have which interceptions, and each observed object's
/// subjects, from the first observation to the object's deallocation.
@Suite(.checksResources) struct MessageInterceptionRegistryTests {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []
        var entries: [String] { lock.withLock { storage } }
        func append(_ entry: String) { lock.withLock { storage.append(entry) } }
    }

    final class FirstClass {}
    final class SecondClass {}

    @Test func installsOncePerClassAndSelector() {
        var installed = InstalledInterceptions<ObjectIdentifier>()
        let first = ObjectIdentifier(FirstClass.self)
        let second = ObjectIdentifier(SecondClass.self)
        #expect(installed.installation(of: "viewWillAppear:", in: first) == nil)
        let recorded = installed.record("viewWillAppear:", in: first, as: .wrapping)
        let recordedAgain = installed.record("viewWillAppear:", in: first, as: .forwarding)
        #expect(recorded)
        #expect(!recordedAgain)
        #expect(installed.installation(of: "viewWillAppear:", in: first) == .wrapping)
        // Another selector of the class, and the same selector of another class, are installations of their own.
        let otherSelector = installed.record("viewDidAppear:", in: first, as: .wrapping)
        let otherClass = installed.record("viewWillAppear:", in: second, as: .forwarding)
        #expect(otherSelector && otherClass)
        #expect(installed.selectors(in: first) == ["viewWillAppear:", "viewDidAppear:"])
        #expect(installed.selectors(in: second) == ["viewWillAppear:"])
        #expect(installed.installation(of: "viewWillAppear:", in: second) == .forwarding)
    }

    @Test func makesSubjectsOncePerObjectAndSelector() {
        let registry = MessageInterceptionRegistry()
        let first = registry.subjects(of: 1, for: "viewWillAppear:")
        #expect(first.isNewObject)
        let again = registry.subjects(of: 1, for: "viewWillAppear:")
        #expect(again.subjects === first.subjects)
        #expect(!again.isNewObject)
        let otherSelector = registry.subjects(of: 1, for: "viewDidAppear:")
        #expect(otherSelector.subjects !== first.subjects)
        #expect(!otherSelector.isNewObject)
        #expect(!registry.deallocatingSubject(of: 1).isNewObject)
        #expect(registry.subjects(of: 2, for: "viewWillAppear:").isNewObject)
        #expect(registry.observedObjectCount == 2)
        registry.objectWentAway(1)
        registry.objectWentAway(2)
    }

    @Test func sendsACallToItsObjectsSubscribersBeforeAndAfter() {
        let registry = MessageInterceptionRegistry()
        let log = Log()
        let subjects = registry.subjects(of: 7, for: "viewWillAppear:").subjects
        let sent = subjects.sent.subscribe(onNext: { log.append("sent \($0.first as? Bool ?? false)") })
        let invoked = subjects.invoked.subscribe(onNext: { log.append("invoked \($0.count)") })
        registry.messageSent(to: 7, "viewWillAppear:") { [NSNumber(value: true)] }
        log.append("method")
        registry.methodInvoked(on: 7, "viewWillAppear:") { [NSNumber(value: true)] }
        // Other objects and other selectors reach nobody here.
        registry.messageSent(to: 8, "viewWillAppear:") { [NSNumber(value: false)] }
        registry.messageSent(to: 7, "viewDidAppear:") { [NSNumber(value: false)] }
        #expect(log.entries == ["sent true", "method", "invoked 1"])
        sent.dispose()
        invoked.dispose()
        registry.objectWentAway(7)
    }

    @Test func readsTheArgumentsOnlyWhenSomeoneListens() {
        let registry = MessageInterceptionRegistry()
        let log = Log()
        _ = registry.subjects(of: 3, for: "layoutSubviews")
        registry.messageSent(to: 3, "layoutSubviews") {
            log.append("read")
            return []
        }
        registry.methodInvoked(on: 4, "layoutSubviews") {
            log.append("read")
            return []
        }
        #expect(log.entries.isEmpty)
        registry.objectWentAway(3)
    }

    @Test func deallocatingEmitsWhenDeallocIsSentAndCompletesWhenTheObjectGoes() {
        let registry = MessageInterceptionRegistry()
        let log = Log()
        let deallocating = registry.deallocatingSubject(of: 5).subject
        let early = deallocating.subscribe(
            onNext: { log.append("early next") }, onCompleted: { log.append("early end") })
        registry.messageSent(to: 5, MessageInterceptionRegistry.deallocSelectorName) { [] }
        // Between `dealloc` being sent and the object being gone, a subscriber still gets the element.
        let late = deallocating.subscribe(onNext: { log.append("late next") }, onCompleted: { log.append("late end") })
        #expect(log.entries == ["early next", "late next"])
        registry.objectWentAway(5)
        #expect(log.entries == ["early next", "late next", "early end", "late end"])
        #expect(registry.observedObjectCount == 0)
        early.dispose()
        late.dispose()
    }

    @Test func anObjectsSubjectsCompleteAndGoWithIt() {
        let registry = MessageInterceptionRegistry()
        let log = Log()
        let subjects = registry.subjects(of: 9, for: "viewWillAppear:").subjects
        let sent = subjects.sent.subscribe(onCompleted: { log.append("sent end") })
        let invoked = subjects.invoked.subscribe(onCompleted: { log.append("invoked end") })
        // What the runtime side arranges for an object's first subjects: its deallocation signal removes them.
        var signal: DeallocationSignal? = DeallocationSignal()
        _ = signal?.whenReleased { registry.objectWentAway(9) }
        #expect(log.entries.isEmpty)
        signal = nil
        #expect(log.entries == ["sent end", "invoked end"])
        #expect(registry.observedObjectCount == 0)
        #expect(!registry.isObserving(9, "viewWillAppear:"))
        // A new object at the same address starts afresh.
        #expect(registry.subjects(of: 9, for: "viewWillAppear:").isNewObject)
        registry.objectWentAway(9)
        sent.dispose()
        invoked.dispose()
    }

    @Test func subscribersMayUseTheRegistryWhileTheyRun() {
        // No lock is held while a subscriber runs: one that observes another object from inside its handler (as an
        // app's `sentMessage` handler may) does not deadlock.
        let registry = MessageInterceptionRegistry()
        let log = Log()
        let subjects = registry.subjects(of: 1, for: "viewWillAppear:").subjects
        let subscription = subjects.sent.subscribe(onNext: { _ in
            _ = registry.subjects(of: 2, for: "viewDidAppear:")
            log.append("observed another")
        })
        registry.messageSent(to: 1, "viewWillAppear:") { [] }
        let completing = subjects.sent.subscribe(onCompleted: {
            log.append("completed with \(registry.observedObjectCount) left")
        })
        registry.objectWentAway(1)
        #expect(log.entries == ["observed another", "completed with 1 left"])
        registry.objectWentAway(2)
        subscription.dispose()
        completing.dispose()
    }

    @Test func tellsWhetherAnObjectIsObservedForASelector() {
        let registry = MessageInterceptionRegistry()
        #expect(!registry.isObserving(1, "dealloc"))
        _ = registry.deallocatingSubject(of: 1)
        #expect(registry.isObserving(1, "dealloc"))
        #expect(!registry.isObserving(1, "viewWillAppear:"))
        registry.objectWentAway(1)
    }
}
