import Foundation
import RxLite
import RxLiteTest
import RxLiteUI
import Testing

// Main-actor tests: a control property subscribes on the main queue, at once when subscribed there.
@MainActor
@Suite(.checksResources) struct ControlPropertyTests {
    @Test func readsValuesAndWritesThroughItsSink() {
        let values = BehaviorRelay<String?>(value: "a")
        var sunk: [String?] = []
        // A sink like a Binder: it sets the property and ignores completion.
        let written = AnyObserver<String?> { event in
            if case .next(let text) = event { sunk.append(text) }
        }
        let property = ControlProperty(values: values, valueSink: written)
        let bag = DisposeBag()
        var read: [String?] = []
        var changed: [String?] = []
        var orEmpty: [String] = []
        property.subscribe(onNext: { read.append($0) }).disposed(by: bag)
        property.changed.subscribe(onNext: { changed.append($0) }).disposed(by: bag)
        property.orEmpty.subscribe(onNext: { orEmpty.append($0) }).disposed(by: bag)
        values.accept(nil)
        Observable.just("x").bind(to: property).disposed(by: bag)
        Observable.just("y").bind(to: property.orEmpty).disposed(by: bag)
        #expect(read == ["a", nil])
        #expect(changed == [nil])
        #expect(orEmpty == ["a", ""])
        #expect(sunk == ["x", "y"])
    }

    @Test func orEmptyWorksOnAnyControlPropertyType() {
        let values = BehaviorRelay<String?>(value: nil)
        var sunk: [String?] = []
        let written = AnyObserver<String?> { event in
            if case .next(let text) = event { sunk.append(text) }
        }
        let text = emptyWhenNil(ControlProperty(values: values, valueSink: written))
        var read: [String] = []
        let subscription = text.subscribe(onNext: { read.append($0) })
        values.accept("Dune")
        text.onNext("Emma")
        subscription.dispose()
        #expect(read == ["", "Dune"])
        #expect(sunk == ["Emma"])
    }

    @Test func completionReachesTheSinkAsABinderExpectsIt() {
        var sunk: [String] = []
        let written = AnyObserver<Int> { event in
            switch event {
            case .next(let value): sunk.append("\(value)")
            case .completed: sunk.append("|")
            case .error: sunk.append("error")
            }
        }
        let property = ControlProperty(values: Observable<Int>.never(), valueSink: written)
        Observable.of(1, 2).bind(to: property).dispose()
        #expect(sunk == ["1", "2", "|"])
    }

    @Test(.checksResources(.processWide)) func subscribingOffTheMainQueueSubscribesTheValuesOnTheMainQueue() async {
        let baseline = Resources.total
        let (values, subscribedOnMain) = await Self.subscribeFromABackgroundThread()
        #expect(values == [7])
        #expect(subscribedOnMain)
        // The main queue releases each dispatched action's handle just after running it.
        await expectResourcesReturn(to: baseline)
    }

    /// Subscribes to a control property from a detached task; returns what the subscriber saw and whether its values
    /// were subscribed to on the main queue. Everything it built is out of scope once it returns.
    nonisolated static func subscribeFromABackgroundThread() async -> (values: [Int], subscribedOnMain: Bool) {
        let subscribedOnMain = Locked(false)
        let subscription = SingleAssignmentDisposable()
        let value = await withCheckedContinuation { (received: CheckedContinuation<Int, Never>) in
            Task.detached {
                let property = ControlProperty(
                    values: Observable<Int>.create { observer in
                        subscribedOnMain.withLock { $0 = MainScheduler.isOnMainQueue }
                        observer.onNext(7)
                        return Disposables.create()
                    },
                    valueSink: AnyObserver<Int> { _ in })
                subscription.setDisposable(property.subscribe(onNext: { received.resume(returning: $0) }))
            }
        }
        subscription.dispose()
        return ([value], subscribedOnMain.withLock { $0 })
    }

    private func emptyWhenNil<Property: ControlPropertyType>(_ property: Property) -> ControlProperty<String>
    where Property.Element == String? {
        property.orEmpty
    }
}

@Suite(.checksResources) struct ListUpdateTests {
    @Test func anAppendRightAfterTheShownRowsInsertsOnlyTheNewRows() {
        let page1 = ListUpdate.appending([1, 2], to: [])
        let page2 = ListUpdate.appending([3, 4, 5], to: page1.items)
        #expect(page2.items == [1, 2, 3, 4, 5])
        #expect(page2.change == .appended(2..<5))
        #expect(page2.insertedRows(afterShowing: 2) == 2..<5)
    }

    @Test func anythingElseReloads() {
        let page2 = ListUpdate.appending([3], to: [1, 2])
        // A view that missed page 1 (a late subscriber to a Driver's replay) reloads.
        #expect(page2.insertedRows(afterShowing: 0) == nil)
        #expect(ListUpdate(items: [1, 2]).insertedRows(afterShowing: 0) == nil)
        #expect(ListUpdate(items: [1], change: .appended(0..<2)).insertedRows(afterShowing: 0) == nil)
    }
}
