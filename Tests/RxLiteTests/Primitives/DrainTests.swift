import CRxAtomics
import Testing

@testable import RxLite

/// The drain's protocol, checked on every interleaving of a few producers: each step a thread takes under the owner's
/// lock (admitting an item, taking the next one) is one atomic step of the model, and so is each step it takes
/// without the lock (a delivery's start and end, the compare-and-swap that stops the emitter). Every schedule of those
/// steps is run, depth first, with the real `Drain` and `EmitState`.
@Suite(.checksResources) struct DrainTests {
    @Test func aLoneItemIsDeliveredAtOnceAndTheDrainGoesIdle() {
        let cell = AtomicCell()
        var drain = Drain<Int>()
        let becameEmitter = drain.admit(1, cell.view)
        #expect(becameEmitter)
        #expect(cell.view.load(ordering: .relaxed) == EmitState.emitting)
        #expect(EmitState.stop(cell.view))
        #expect(cell.view.load(ordering: .relaxed) == EmitState.idle)
        #expect(drain.isEmpty)
    }

    @Test func anItemAdmittedDuringADeliveryWaitsForTheEmitter() {
        let cell = AtomicCell()
        var drain = Drain<Int>()
        let firstDelivers = drain.admit(1, cell.view)
        let secondDelivers = drain.admit(2, cell.view)
        #expect(firstDelivers && !secondDelivers)
        #expect(cell.view.load(ordering: .relaxed) == EmitState.queued)
        // The emitter's stop fails: something was queued.
        #expect(!EmitState.stop(cell.view))
        let queued = drain.next(cell.view)
        #expect(queued == 2)
        #expect(cell.view.load(ordering: .relaxed) == EmitState.emitting)
        #expect(EmitState.stop(cell.view))
        let none = drain.next(cell.view)
        #expect(none == nil)
        #expect(cell.view.load(ordering: .relaxed) == EmitState.idle)
    }

    /// Producers (each sending `items` items) on every interleaving: every item is delivered exactly once, in the order
    /// the lock admitted it, never while another delivery runs, and the drain ends idle and empty.
    @Test(arguments: [(producers: 2, items: 2), (producers: 3, items: 1), (producers: 3, items: 2)])
    func everyInterleavingDeliversEachItemOnceInAdmissionOrder(producers: Int, items: Int) {
        var explorer = Explorer(producers: producers, items: items)
        explorer.run(World(producers: producers))
        #expect(explorer.schedules > 1)
        #expect(explorer.failures.isEmpty, "\(explorer.failures.prefix(3))")
    }
}

/// An atomic word of the test's own, for the drain's state.
private final class AtomicCell {
    let word = UnsafeMutablePointer<rx_atomic_word>.allocate(capacity: 1)

    init() { rx_atomic_word_init(word, 0) }

    deinit { word.deallocate() }

    var view: AtomicView<Int> { AtomicView(word) }
}

/// One producer: where it is in its program.
private enum Step: Equatable {
    /// Admit item `item` (under the lock).
    case admit(item: Int)
    /// Start delivering `item` (as the emitter, without the lock).
    case beginDelivery(item: Int)
    /// Finish delivering `item`.
    case endDelivery(item: Int)
    /// Try to stop emitting (the compare-and-swap, without the lock).
    case stop
    /// Take the next queued item (under the lock).
    case next
    case done
}

/// Everything the model's threads share, copied at every branch of the search.
private struct World {
    var drain = Drain<Int>()
    var emitState = EmitState.idle
    var steps: [Step]
    var itemsSent: [Int]
    var admitted: [Int] = []
    var delivered: [Int] = []
    var delivering: Int?

    init(producers: Int) {
        steps = Array(repeating: .done, count: producers)
        itemsSent = Array(repeating: 0, count: producers)
    }

    var isFinished: Bool { steps.allSatisfy { $0 == .done } }
}

private struct Explorer {
    let producers: Int
    let items: Int
    var schedules = 0
    var failures: [String] = []

    init(producers: Int, items: Int) {
        self.producers = producers
        self.items = items
    }

    mutating func run(_ start: World) {
        var world = start
        for producer in 0..<producers { world.steps[producer] = .admit(item: itemNumber(producer, 0)) }
        explore(world)
    }

    /// Item `index` of `producer`, numbered so that every item differs.
    func itemNumber(_ producer: Int, _ index: Int) -> Int { producer * 100 + index }

    mutating func explore(_ world: World) {
        if world.isFinished {
            schedules += 1
            check(world)
            return
        }
        for producer in 0..<producers where world.steps[producer] != .done {
            var next = world
            take(producer, in: &next)
            explore(next)
        }
    }

    /// Runs one step of `producer`, with the real drain on a scratch atomic holding the world's state word.
    func take(_ producer: Int, in world: inout World) {
        let cell = AtomicCell()
        rx_atomic_word_store(cell.word, world.emitState, memory_order_relaxed)
        defer { world.emitState = rx_atomic_word_load(cell.word, memory_order_relaxed) }
        switch world.steps[producer] {
        case .admit(let item):
            world.admitted.append(item)
            world.itemsSent[producer] += 1
            world.steps[producer] =
                world.drain.admit(item, cell.view) ? .beginDelivery(item: item) : afterSending(producer, world)
        case .beginDelivery(let item):
            if let other = world.delivering { world.delivered.append(-1 - other) }
            world.delivering = item
            world.steps[producer] = .endDelivery(item: item)
        case .endDelivery(let item):
            world.delivering = nil
            world.delivered.append(item)
            world.steps[producer] = .stop
        case .stop:
            world.steps[producer] = EmitState.stop(cell.view) ? afterSending(producer, world) : .next
        case .next:
            if let item = world.drain.next(cell.view) {
                world.steps[producer] = .beginDelivery(item: item)
            } else {
                world.steps[producer] = afterSending(producer, world)
            }
        case .done:
            break
        }
    }

    /// What `producer` does once it is not (or no longer) the emitter: its next item, or nothing.
    func afterSending(_ producer: Int, _ world: World) -> Step {
        world.itemsSent[producer] < items ? .admit(item: itemNumber(producer, world.itemsSent[producer])) : .done
    }

    mutating func check(_ world: World) {
        if world.delivered != world.admitted {
            failures.append("admitted \(world.admitted), delivered \(world.delivered) (negative: overlapping)")
        }
        if world.emitState != EmitState.idle || !world.drain.isEmpty {
            failures.append("ended with state \(world.emitState) and a backlog: \(!world.drain.isEmpty)")
        }
    }
}
