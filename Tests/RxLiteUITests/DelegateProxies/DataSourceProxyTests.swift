import Foundation
import RxLite
import RxLiteTest
import Testing

@testable import RxLiteUI

// A parent with a data source, as a table has one, and a data-source proxy written as the UIKit ones are
// (RxTableViewDataSourceProxy): a bound data source in front of the app's, a required call answered empty with
// neither, and a call the proxy implements only to observe it. What UIKit would ask through `responds(to:)` is asked
// here through `BoundDataSourceSlot.responds`, with a protocol standing for each optional method.

@MainActor
protocol ShelfDataSource: AnyObject {
    /// Required, as a table's number of rows is.
    func numberOfBooks(on shelf: Shelf) -> Int
}

/// An optional call the proxy does not implement (a table's section titles).
@MainActor
protocol ShelfTitling: ShelfDataSource {
    func title(of shelf: Shelf) -> String
}

/// An optional call the proxy implements only to observe it (a table's `commit` of an edit).
@MainActor
protocol ShelfEditing: ShelfDataSource {
    func shelf(_ shelf: Shelf, removeBookAt index: Int)
}

@MainActor
final class Shelf: HasDataSource {
    typealias DataSource = ShelfDataSource

    weak var dataSource: ShelfDataSource? {
        didSet { assignments += 1 }
    }
    /// How many times `dataSource` was set: UIKit reads what a data source implements at each assignment.
    var assignments = 0
    /// How many times the shelf reloaded.
    var reloads = 0
}

@MainActor
final class RxShelfDataSourceProxy: DelegateProxy<Shelf, ShelfDataSource>, DelegateProxyType, ShelfDataSource,
    ShelfEditing
{
    let boundDataSource = BoundDataSourceSlot()
    let removals = ObservedCall<Int>()

    init(shelf: Shelf) { super.init(parentObject: shelf, delegateProxy: RxShelfDataSourceProxy.self) }

    static func registerKnownImplementations() { register { RxShelfDataSourceProxy(shelf: $0) } }

    override func forwardToDelegate() -> ShelfDataSource? {
        (boundDataSource.dataSource as? ShelfDataSource) ?? super.forwardToDelegate()
    }

    func numberOfBooks(on shelf: Shelf) -> Int { forwardToDelegate()?.numberOfBooks(on: shelf) ?? 0 }

    func shelf(_ shelf: Shelf, removeBookAt index: Int) {
        removals.calls.onNext(index)
        let editor = boundDataSource.answerer(forward: forwardObject) { $0 is ShelfEditing } as? ShelfEditing
        editor?.shelf(shelf, removeBookAt: index)
    }

    /// What `responds(to:)` answers for each optional call.
    var claimsRemoval: Bool { responds(to: "remove") }
    var claimsTitle: Bool { responds(to: "title") }

    private func responds(to call: String) -> Bool {
        let implements: (AnyObject) -> Bool = call == "remove" ? { $0 is ShelfEditing } : { $0 is ShelfTitling }
        return boundDataSource.responds(
            to: call, observedCalls: [("remove", removals.isObserved)], forward: forwardObject,
            answeredByProxyOrForward: forwardObject.map(implements) ?? false, implements: implements)
    }

    /// The title call as the runtime would forward it: to whoever answers first.
    var titleAnswerer: AnyObject? { boundDataSource.answerer(forward: forwardObject) { $0 is ShelfTitling } }

    var removalEvents: Observable<Int> { events(removals) }
}

/// The app's own data source: titles and editing, and a count of its own.
@MainActor
final class AppShelfDataSource: ShelfTitling, ShelfEditing {
    var removed: [Int] = []
    func numberOfBooks(on shelf: Shelf) -> Int { 7 }
    func title(of shelf: Shelf) -> String { "Mine" }
    func shelf(_ shelf: Shelf, removeBookAt index: Int) { removed.append(index) }
}

/// The data source of an `items` binding: it shows the names it receives.
@MainActor
final class BoundNamesDataSource: ShelfDataSource, SectionedViewDataSourceType {
    private var models = ItemModelsStateMachine<String>()
    private(set) var events: [Event<[String]>] = []

    func numberOfBooks(on shelf: Shelf) -> Int { models.count }

    func model(at indexPath: IndexPath) throws -> Any {
        try models.model(section: indexPath[0], item: indexPath[1], of: self)
    }

    func shelf(_ shelf: Shelf, observedEvent: Event<[String]>) {
        events.append(observedEvent)
        if case .next(let names) = observedEvent, models.show(names) == .reload { shelf.reloads += 1 }
    }
}

/// A bound data source that also edits.
@MainActor
final class EditingNamesDataSource: ShelfEditing {
    var removed: [Int] = []
    func numberOfBooks(on shelf: Shelf) -> Int { 1 }
    func shelf(_ shelf: Shelf, removeBookAt index: Int) { removed.append(index) }
}

extension Reactive where Base: Shelf {
    /// `rx.items(dataSource:)` as the table's is written.
    @MainActor
    func items(dataSource: BoundNamesDataSource) -> (Observable<[String]>) -> any Disposable {
        { source in
            let proxy = RxShelfDataSourceProxy.proxy(for: base)
            return proxy.bind(
                source, through: dataSource, in: proxy.boundDataSource,
                observe: { [weak shelf = base as Shelf] event in
                    if let shelf { dataSource.shelf(shelf, observedEvent: event) }
                },
                unbound: { [weak shelf = base as Shelf] in shelf?.reloads += 1 })
        }
    }
}

extension Shelf: ReactiveCompatible {}

// Serialized, as DelegateProxyTests: released parents' proxies stay in the registry until it is told to drop them.
@MainActor
@Suite(.checksResources, .serialized) struct DataSourceProxyTests {
    init() { DelegateProxyRegistry.dropProxiesOfReleasedParents() }

    private func releasingProxies(_ body: () -> Void) {
        body()
        DelegateProxyRegistry.dropProxiesOfReleasedParents()
    }

    @Test func withNothingBoundAndNoDataSourceTheRequiredCallsAnswerEmpty() {
        releasingProxies {
            let shelf = Shelf()
            let proxy = RxShelfDataSourceProxy.proxy(for: shelf)
            #expect(shelf.dataSource === proxy)
            #expect(proxy.forwardToDelegate() == nil)
            #expect(proxy.numberOfBooks(on: shelf) == 0)
            #expect(proxy.titleAnswerer == nil)
            #expect(!proxy.claimsTitle)
            #expect(!proxy.claimsRemoval)
            proxy.shelf(shelf, removeBookAt: 0)  // nobody to hand it to: nothing happens
        }
    }

    @Test func withNothingBoundTheAppsDataSourceAnswersEverything() {
        releasingProxies {
            let shelf = Shelf()
            let app = AppShelfDataSource()
            shelf.dataSource = app
            let proxy = RxShelfDataSourceProxy.proxy(for: shelf)
            #expect(proxy.numberOfBooks(on: shelf) == 7)
            #expect(proxy.titleAnswerer === app)
            #expect(proxy.claimsTitle)
            #expect(proxy.claimsRemoval)
            proxy.shelf(shelf, removeBookAt: 3)
            #expect(app.removed == [3])
        }
    }

    @Test func theBoundDataSourceAnswersFirstAndTheAppsKeepsWhatItDoesNotImplement() {
        releasingProxies {
            let shelf = Shelf()
            let app = AppShelfDataSource()
            shelf.dataSource = app
            let bound = BoundNamesDataSource()
            let binding = Observable.just(["a", "b"]).bind(to: shelf.rx.items(dataSource: bound))
            let proxy = RxShelfDataSourceProxy.proxy(for: shelf)
            #expect(shelf.dataSource === proxy)
            #expect(proxy.forwardToDelegate() === bound)
            #expect(proxy.numberOfBooks(on: shelf) == 2)
            // Titles and editing: the bound data source has neither, the app's answers.
            #expect(proxy.titleAnswerer === app)
            #expect(proxy.claimsTitle)
            proxy.shelf(shelf, removeBookAt: 1)
            #expect(app.removed == [1])

            binding.dispose()
            #expect(proxy.forwardToDelegate() === app)
            #expect(shelf.dataSource === app)
            #expect(app.numberOfBooks(on: shelf) == 7)
        }
    }

    @Test func aBoundDataSourceThatImplementsACallTakesItFromTheApps() {
        releasingProxies {
            let shelf = Shelf()
            let app = AppShelfDataSource()
            shelf.dataSource = app
            let bound = EditingNamesDataSource()
            let proxy = RxShelfDataSourceProxy.proxy(for: shelf)
            let installation = proxy.install(bound, in: proxy.boundDataSource)
            proxy.shelf(shelf, removeBookAt: 2)
            #expect(bound.removed == [2])
            #expect(app.removed.isEmpty)
            installation.dispose()
            #expect(shelf.dataSource === app)
        }
    }

    @Test func theBindingKeepsItsDataSourceAliveUntilDisposed() {
        releasingProxies {
            let shelf = Shelf()
            var bound: BoundNamesDataSource? = BoundNamesDataSource()
            weak let reference = bound
            let binding = Observable.just(["a"]).bind(to: shelf.rx.items(dataSource: bound!))
            bound = nil
            #expect(reference != nil)
            #expect(shelf.dataSource === RxShelfDataSourceProxy.proxy(for: shelf))
            binding.dispose()
            #expect(reference == nil)
            #expect(shelf.dataSource == nil)
        }
    }

    @Test func theDataSourceReceivesEachElementAndKeepsTheLastAfterCompletion() {
        releasingProxies {
            let shelf = Shelf()
            let bound = BoundNamesDataSource()
            let names = PublishSubject<[String]>()
            let binding = names.bind(to: shelf.rx.items(dataSource: bound))
            names.onNext(["a"])
            names.onNext(["b", "c"])
            names.onCompleted()
            #expect(bound.events.count == 2)
            #expect(shelf.reloads == 2)
            let proxy = RxShelfDataSourceProxy.proxy(for: shelf)
            #expect(proxy.numberOfBooks(on: shelf) == 2)
            #expect((try? bound.model(at: IndexPath(indexes: [0, 1]))) as? String == "c")
            // Completion does not unbind: the view goes on showing the last names until the binding is disposed.
            #expect(proxy.forwardToDelegate() === bound)
            binding.dispose()
            #expect(shelf.reloads == 3)
            #expect(proxy.numberOfBooks(on: shelf) == 0)
        }
    }

    @Test func aNewerBindingSurvivesTheDisposalOfAnOlderOne() {
        releasingProxies {
            let shelf = Shelf()
            let first = BoundNamesDataSource()
            let second = BoundNamesDataSource()
            let firstBinding = Observable.just(["a"]).bind(to: shelf.rx.items(dataSource: first))
            let secondBinding = Observable.just(["b", "c"]).bind(to: shelf.rx.items(dataSource: second))
            let proxy = RxShelfDataSourceProxy.proxy(for: shelf)
            let reloads = shelf.reloads
            firstBinding.dispose()
            #expect(proxy.forwardToDelegate() === second)
            #expect(shelf.dataSource === proxy)
            // Only the binding in force reloads when it ends.
            #expect(shelf.reloads == reloads)
            secondBinding.dispose()
            #expect(shelf.reloads == reloads + 1)
            #expect(shelf.dataSource == nil)
        }
    }

    @Test func theParentGoingAwayEndsTheBindingsSubscription() {
        var shelf: Shelf? = Shelf()
        let names = PublishSubject<[String]>()
        var disposed = false
        let binding = names.do(onDispose: { disposed = true })
            .bind(to: shelf!.rx.items(dataSource: BoundNamesDataSource()))
        shelf = nil
        DelegateProxyRegistry.dropProxiesOfReleasedParents()
        #expect(disposed)
        #expect(!names.hasObservers)
        binding.dispose()
    }

    @Test func aCallTheProxyOnlyObservesIsClaimedWhileObserved() {
        releasingProxies {
            let shelf = Shelf()
            let proxy = RxShelfDataSourceProxy.proxy(for: shelf)
            #expect(!proxy.claimsRemoval)
            let before = shelf.assignments
            var removed: [Int] = []
            let first = proxy.removalEvents.subscribe(onNext: { removed.append($0) })
            #expect(proxy.claimsRemoval)
            // Assigned again, so that the view reads the new answer.
            #expect(shelf.assignments > before)
            proxy.shelf(shelf, removeBookAt: 4)
            #expect(removed == [4])
            let second = proxy.removalEvents.subscribe()
            let assignments = shelf.assignments
            first.dispose()
            // Still observed: claimed, and not assigned again.
            #expect(proxy.claimsRemoval)
            #expect(shelf.assignments == assignments)
            second.dispose()
            #expect(!proxy.claimsRemoval)
        }
    }

    @Test func aCallTheProxyOnlyObservesIsClaimedWhenADataSourceBehindItImplementsIt() {
        releasingProxies {
            let shelf = Shelf()
            let proxy = RxShelfDataSourceProxy.proxy(for: shelf)
            let installation = proxy.install(EditingNamesDataSource(), in: proxy.boundDataSource)
            #expect(proxy.claimsRemoval)
            installation.dispose()
            #expect(!proxy.claimsRemoval)
        }
    }

    @Test func disposingSetDataSourceWhileBoundRemovesTheAppsDataSource() {
        releasingProxies {
            let shelf = Shelf()
            let app = AppShelfDataSource()
            let installation = RxShelfDataSourceProxy.installForwardDelegate(
                app, retainDelegate: false, onProxyForObject: shelf)
            let binding = Observable.just(["a"]).bind(to: shelf.rx.items(dataSource: BoundNamesDataSource()))
            let proxy = RxShelfDataSourceProxy.proxy(for: shelf)
            installation.dispose()
            #expect(proxy.titleAnswerer == nil)
            binding.dispose()
            #expect(proxy.forwardToDelegate() == nil)
        }
    }
}
