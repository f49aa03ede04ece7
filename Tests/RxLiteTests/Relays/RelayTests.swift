import Dispatch
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct RelayTests {
    @Test func behaviorRelayHoldsAndReplaysItsValue() {
        expectNoLeaks {
            let relay = BehaviorRelay(value: "a")
            let log = EventLog<String>()
            let subscription = relay.subscribe(log)
            relay.accept("b")
            #expect(relay.value == "b")
            #expect(log.elements == ["a", "b"])
            subscription.dispose()
            relay.accept("c")
            #expect(log.elements == ["a", "b"])
        }
    }

    @Test func publishRelayForwardsOnlyLaterValues() {
        expectNoLeaks {
            let relay = PublishRelay<Int>()
            relay.accept(1)
            let log = EventLog<Int>()
            let subscription = relay.subscribe(log)
            relay.accept(2)
            #expect(log.elements == [2])
            subscription.dispose()
        }
    }

    @Test func replayRelayReplays() {
        expectNoLeaks {
            let relay = ReplayRelay<Int>.create(bufferSize: 2)
            for value in 1...3 { relay.accept(value) }
            let log = EventLog<Int>()
            relay.subscribe(log).dispose()
            #expect(log.elements == [2, 3])
        }
    }

    @Test func behaviorRelayFedConcurrently() {
        expectNoLeaks {
            let relay = BehaviorRelay(value: 0)
            let log = EventLog<Int>()
            let subscription = relay.subscribe(log)
            DispatchQueue.concurrentPerform(iterations: 8) { producer in
                for index in 1...2_000 { relay.accept(producer * 10_000 + index) }
            }
            #expect(log.count == 1 + 8 * 2_000)
            #expect(log.contractViolations == 0)
            #expect(log.elements.last == relay.value)
            subscription.dispose()
        }
    }
}
