import RxLite
import RxLiteTest
import RxLiteUI
import Testing

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
