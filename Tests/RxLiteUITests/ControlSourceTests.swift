import RxLite
import RxLiteTest
import Testing

@testable import RxLiteUI

/// A stand-in for a control: it calls its handlers on each change, and holds a deallocation signal as a UIKit control
/// holds the one `rx.deallocated` attaches.
@MainActor
final class FakeControl {
    var value = 0
    let deallocation = DeallocationSignal()
    private var handlers: [(id: Int, handle: @MainActor () -> Void)] = []
    private var lastID = 0

    var handlerCount: Int { handlers.count }

    /// Sets the value as a user would, calling every handler.
    func change(to value: Int) {
        self.value = value
        for handler in handlers { handler.handle() }
    }

    /// The registration `ControlSource` takes: installs `handler`, returns its removal.
    static func register(_ control: FakeControl, _ handler: @escaping @MainActor (()) -> Void) -> ControlSource.Removal
    {
        control.lastID += 1
        let id = control.lastID
        control.handlers.append((id, { handler(()) }))
        return { [weak control] in control?.handlers.removeAll { $0.id == id } }
    }

    /// The control's value as RxCocoa's controls make a property: current value, then each change.
    var rxValue: ControlProperty<Int> {
        ControlProperty(
            values: ControlSource.values(
                of: self, deallocated: deallocation.released, getter: { $0.value }, register: Self.register),
            valueSink: Binder(self) { control, value in control.value = value })
    }

    /// The control's changes as RxCocoa's controls make an event: nothing on subscription, `()` per change.
    var rxChanged: ControlEvent<Void> {
        ControlEvent(
            events: ControlSource.events(of: self, deallocated: deallocation.released, register: Self.register))
    }
}

// Main-actor tests: the sequences subscribe on the main queue, at once when subscribed there.
@MainActor
@Suite(.checksResources) struct ControlSourceTests {
    @Test func aPropertyEmitsTheCurrentValueThenTheValueAfterEachChange() {
        let control = FakeControl()
        control.value = 3
        var seen: [Int] = []
        let subscription = control.rxValue.subscribe(onNext: { seen.append($0) })
        #expect(seen == [3])
        control.change(to: 4)
        control.change(to: 5)
        subscription.dispose()
        control.change(to: 6)
        #expect(seen == [3, 4, 5])
    }

    @Test func bindingToAPropertySetsTheControlWithoutEchoingBack() {
        let control = FakeControl()
        var seen: [Int] = []
        let reading = control.rxValue.subscribe(onNext: { seen.append($0) })
        let writing = Observable.just(9).bind(to: control.rxValue)
        #expect(control.value == 9)
        #expect(seen == [0])
        reading.dispose()
        writing.dispose()
    }

    @Test func anEventEmitsNothingOnSubscriptionThenOncePerChange() {
        let control = FakeControl()
        var count = 0
        let subscription = control.rxChanged.subscribe(onNext: { count += 1 })
        #expect(count == 0)
        control.change(to: 1)
        control.change(to: 2)
        subscription.dispose()
        #expect(count == 2)
    }

    @Test(.checksResources(.processWide)) func aPropertySubscribedOffTheMainQueueReadsAndDeliversOnTheMainQueue() async
    {
        let control = FakeControl()
        control.value = 5
        // After the control, whose deallocation signal lives as long as it does.
        let baseline = Resources.total
        let (value, onMain) = await Self.firstValueSubscribedFromABackgroundThread(of: control)
        #expect(value == 5)
        #expect(onMain)
        // The handler is removed on the main queue, maybe on a later turn: give it the turns it takes.
        var turns = 0
        while control.handlerCount > 0 && turns < 10_000 {
            await Task.yield()
            turns += 1
        }
        #expect(control.handlerCount == 0)
        // The main queue releases each dispatched action's handle just after running it.
        await expectResourcesReturn(to: baseline)
    }

    /// Subscribes to `control`'s value from a detached task, as a background thread of an app might; returns the
    /// first value and whether it arrived on the main queue, once the subscription is disposed.
    nonisolated static func firstValueSubscribedFromABackgroundThread(
        of control: FakeControl
    ) async -> (value: Int, onMainQueue: Bool) {
        let subscription = SingleAssignmentDisposable()
        let first = await withCheckedContinuation { (received: CheckedContinuation<(Int, Bool), Never>) in
            Task.detached {
                let values = ControlSource.values(
                    of: control, deallocated: control.deallocation.released, getter: { $0.value },
                    register: FakeControl.register)
                let property = ControlProperty(values: values, valueSink: AnyObserver<Int> { _ in })
                subscription.setDisposable(
                    property.take(1).subscribe(onNext: { received.resume(returning: ($0, MainScheduler.isOnMainQueue)) }
                    ))
            }
        }
        subscription.dispose()
        return first
    }

    @Test func disposingRemovesTheHandler() {
        let control = FakeControl()
        let first = control.rxValue.subscribe()
        let second = control.rxChanged.subscribe()
        #expect(control.handlerCount == 2)
        first.dispose()
        #expect(control.handlerCount == 1)
        second.dispose()
        #expect(control.handlerCount == 0)
    }

    @Test func theSequencesCompleteWhenTheControlIsDeallocated() {
        var control: FakeControl? = FakeControl()
        var events: [String] = []
        let property = control!.rxValue
        let changed = control!.rxChanged
        let bag = DisposeBag()
        property.subscribe(onNext: { events.append("value \($0)") }, onCompleted: { events.append("value |") })
            .disposed(by: bag)
        changed.subscribe(onNext: { events.append("changed") }, onCompleted: { events.append("changed |") })
            .disposed(by: bag)
        control?.change(to: 1)
        control = nil
        #expect(events == ["value 0", "value 1", "changed", "value |", "changed |"])
    }

    @Test func aSubscriptionAfterTheControlIsGoneCompletesAtOnce() {
        var control: FakeControl? = FakeControl()
        let property = control!.rxValue
        let changed = control!.rxChanged
        control = nil
        var events: [String] = []
        _ = property.subscribe(onNext: { events.append("value \($0)") }, onCompleted: { events.append("value |") })
        _ = changed.subscribe(onNext: { _ in events.append("changed") }, onCompleted: { events.append("changed |") })
        #expect(events == ["value |", "changed |"])
    }

    @Test func aControlGoneWithoutADeallocationSignalStillCompletesAtSubscription() {
        var control: FakeControl? = FakeControl()
        let values = ControlSource.values(
            of: control!, deallocated: .never(), getter: { $0.value }, register: FakeControl.register)
        control = nil
        var completed = false
        _ = ControlProperty(values: values, valueSink: AnyObserver<Int> { _ in })
            .subscribe(onNext: { _ in Issue.record("no value expected") }, onCompleted: { completed = true })
        #expect(completed)
    }
}
