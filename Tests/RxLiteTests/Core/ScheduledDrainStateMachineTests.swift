import Testing

@testable import RxLite

/// The queue-then-schedule-one-drain machine behind `observe(on:)` and isolated delivery.
@Suite(.checksResources)
struct ScheduledDrainStateMachineTests {
    @Test func aBurstSchedulesOneDrainThatTakesItInOrder() {
        var machine = ScheduledDrainStateMachine<Int>()
        let step1 = machine.enqueue(.next(1))
        #expect(step1)
        let step2 = machine.enqueue(.next(2))
        #expect(!step2)
        let step3 = machine.enqueue(.completed)
        #expect(!step3)
        let step4 = machine.takeBatch()
        #expect(elements(step4) == ["1", "2", "|"])
        #expect(machine.isDraining)
        let step5 = machine.takeBatch()
        #expect(step5 == nil)
        #expect(!machine.isDraining)
        let step6 = machine.enqueue(.next(3))
        #expect(step6, "the next event after a finished drain schedules another")
    }

    @Test func anEventDeliveredHereHoldsTheDrainUntilItFinishes() {
        var machine = ScheduledDrainStateMachine<Int>()
        let step7 = machine.beginsDrainingHere()
        #expect(step7)
        let step8 = machine.beginsDrainingHere()
        #expect(!step8, "a second thread may not deliver beside the first")
        let step9 = machine.enqueue(.next(2))
        #expect(!step9, "an event that arrives meanwhile waits for the thread delivering")
        let step10 = machine.finishesDrain()
        #expect(!step10)
        let step11 = machine.takeBatch()
        #expect(elements(step11) == ["2"])
        let step12 = machine.finishesDrain()
        #expect(step12)
        let step13 = machine.beginsDrainingHere()
        #expect(step13)
    }

    @Test func discardingDropsWhatWaitsAndEndsTheDrain() {
        var machine = ScheduledDrainStateMachine<Int>()
        let step14 = machine.enqueue(.next(1))
        #expect(step14)
        let step15 = machine.enqueue(.next(2))
        #expect(!step15)
        let step16 = machine.takeBatch(discarding: true)
        #expect(step16 == nil)
        #expect(!machine.hasQueued)
        #expect(!machine.isDraining)
    }

    @Test func oneEventPerActionOnAVirtualClock() {
        var machine = ScheduledDrainStateMachine<Int>()
        let step17 = machine.enqueue(.next(1))
        #expect(step17)
        let step18 = machine.enqueue(.next(2))
        #expect(!step18)
        let step19 = machine.takeFirst()
        #expect(elements(step19.map { [$0] }) == ["1"])
        #expect(machine.hasQueued)
        let step20 = machine.takeFirst()
        #expect(elements(step20.map { [$0] }) == ["2"])
        let step21 = machine.takeFirst()
        #expect(step21 == nil)
        #expect(!machine.isDraining)
    }

    @Test func aRecycledBufferIsTheQueuesNext() {
        var machine = ScheduledDrainStateMachine<Int>()
        _ = machine.enqueue(.next(1))
        var batch = machine.takeBatch() ?? []
        batch.removeAll(keepingCapacity: true)
        machine.recycle(batch)
        machine._checkInvariants()
        let step22 = machine.enqueue(.next(2))
        #expect(!step22, "the drain that recycled is still running")
        let step23 = machine.takeBatch()
        #expect(elements(step23) == ["2"])
    }

    /// Every order of up to seven steps of a producer that queues, a producer that delivers at once when it may, the
    /// scheduled drain running, and a dispose: at most one drain is ever scheduled, an event waits only while one is
    /// scheduled or running, and every event is delivered once, in order, unless a dispose dropped it.
    @Test func everyOrderOfProducersDrainAndDispose() {
        for length in 0...7 {
            var steps = [Step](repeating: .queue, count: length)
            repeat {
                check(steps)
            } while next(&steps)
        }
    }

    private enum Step: CaseIterable {
        case queue, deliverHere, runDrain, dispose
    }

    private func check(_ steps: [Step]) {
        var machine = ScheduledDrainStateMachine<Int>()
        var scheduled = 0
        var produced: [Int] = []
        var delivered: [Int] = []
        var dropped: Set<Int> = []
        func drainAll() {
            while let batch = machine.takeBatch() {
                for case .next(let value) in batch { delivered.append(value) }
            }
        }
        for step in steps {
            let value = produced.count
            switch step {
            case .queue:
                produced.append(value)
                if machine.enqueue(.next(value)) { scheduled += 1 }
            case .deliverHere:
                produced.append(value)
                if machine.beginsDrainingHere() {
                    delivered.append(value)
                    drainAll()
                } else if machine.enqueue(.next(value)) {
                    scheduled += 1
                }
            case .runDrain:
                guard scheduled > 0 else { continue }
                scheduled -= 1
                drainAll()
            case .dispose:
                dropped.formUnion(produced.filter { !delivered.contains($0) })
                machine.removeAll()
            }
            machine._checkInvariants()
            #expect(scheduled <= 1, "two drains scheduled at once: \(steps)")
            #expect(scheduled == 1 || !machine.hasQueued, "events wait with no drain to take them: \(steps)")
        }
        if scheduled == 1 { drainAll() }
        #expect(!machine.isDraining, "the drain never ended: \(steps)")
        #expect(delivered == produced.filter { !dropped.contains($0) }, "delivered out of order or lost: \(steps)")
    }

    /// The next sequence of steps of the same length, counting in base `Step.allCases.count`; `false` after the last.
    private func next(_ steps: inout [Step]) -> Bool {
        let all = Step.allCases
        for index in steps.indices {
            let position = all.firstIndex(of: steps[index])! + 1
            if position < all.count {
                steps[index] = all[position]
                return true
            }
            steps[index] = all[0]
        }
        return false
    }

    private func elements(_ events: [Event<Int>]?) -> [String]? {
        events?.map { event in
            switch event {
            case .next(let value): "\(value)"
            case .error: "#"
            case .completed: "|"
            }
        }
    }
}
