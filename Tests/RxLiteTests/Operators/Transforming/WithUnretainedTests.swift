import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct WithUnretainedTests {
    final class Owner {
        let name: String
        init(_ name: String) { self.name = name }
    }

    @Test func pairsEachElementWithTheObject() {
        let scheduler = TestScheduler()
        let owner = Owner("o")
        let source = scheduler.createHotObservable("^-a-b|", values: ["a": 1, "b": 2])
        let res = scheduler.start { source.withUnretained(owner).map { "\($0.name)\($1)" } }
        #expect(res.events == [.next(210, "o1"), .next(230, "o2"), .completed(240)])
        let selected = TestScheduler().start { Observable.of(1, 2).withUnretained(owner) { $0.name + "\($1)" } }
        #expect(selected.events == [.next(200, "o1"), .next(200, "o2"), .completed(200)])
    }

    @Test func completesAtTheFirstElementAfterTheObjectIsGone() {
        let scheduler = TestScheduler()
        var owner: Owner? = Owner("o")
        let source = scheduler.createHotObservable("^-a-b-c|", values: ["a": 1, "b": 2, "c": 3])
        weak let released = owner
        let chain = source.withUnretained(owner!) { owner, element in "\(owner.name)\(element)" }
        scheduler.scheduleAt(220) { owner = nil }
        let res = scheduler.start { chain }
        #expect(res.events == [.next(210, "o1"), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        #expect(released == nil)
    }

    @Test func passesErrorsThrough() {
        let scheduler = TestScheduler()
        let owner = Owner("o")
        let source = scheduler.createHotObservable("^-a#", values: ["a": 1])
        let res = scheduler.start { source.withUnretained(owner) { $1 } }
        #expect(res.events == [.next(210, 1), .error(220, TestError())])
    }

    @Test func disposeStopsDelivery() {
        let scheduler = TestScheduler()
        let owner = Owner("o")
        let source = scheduler.createHotObservable("^-a-b|", values: ["a": 1, "b": 2])
        let res = scheduler.start(disposed: 220) { source.withUnretained(owner) { $1 } }
        #expect(res.events == [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 220)])
    }

    @Test @MainActor func driverFormKeepsTheDriver() {
        let owner = Owner("o")
        var received: [String] = []
        let driver: Driver<String> = Driver.just(1).withUnretained(owner) { "\($0.name)\($1)" }
        let pairs: Driver<(Owner, Int)> = Driver.just(2).withUnretained(owner)
        let first = driver.drive(onNext: { received.append($0) })
        let second = pairs.drive(onNext: { received.append("\($0.name)\($1)") })
        #expect(received == ["o1", "o2"])
        first.dispose()
        second.dispose()
    }
}
