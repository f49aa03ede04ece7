import Foundation
import RxLite
import RxLiteTest
import Testing

/// A connectable written by a program, as RxSwift code does: `refCount()` must work on it.
final class CountingConnectable: ConnectableObservableType {
    typealias Element = Int
    let subject = PublishSubject<Int>()
    let source: Observable<Int>
    var connections = 0

    init(source: Observable<Int>) { self.source = source }

    func asObservable() -> Observable<Int> { subject.asObservable() }

    func connect() -> any Disposable {
        connections += 1
        return source.subscribe(subject)
    }
}

@Suite(.checksResources) struct MulticastSelectorTests {
    @Test func theSelectorSharesOneRunPerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let result = scheduler.start {
            source.multicast(
                { PublishSubject<Int>() },
                selector: { shared in Observable.zip(shared, shared.skip(1)) { $0 * 10 + $1 } })
        }
        #expect(result.events == [.next(220, 12), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
    }

    @Test func selectorErrorsAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
        let failed = scheduler.start(disposed: 250) {
            source.multicast({ PublishSubject<Int>() }, selector: { _ -> Observable<Int> in throw TestError() })
        }
        #expect(failed.events == [.error(200, TestError())])
        let second = TestScheduler(initialClock: 0)
        let other = second.createColdObservable([.next(10, 1), .next(100, 2)])
        let disposed = second.start(disposed: 250) {
            other.multicast({ ReplaySubject<Int>.create(bufferSize: 1) }, selector: { $0 })
        }
        #expect(disposed.events == [.next(210, 1)])
        #expect(other.subscriptions == [Subscription(200, 250)])
    }

    @Test func refCountWorksOnACustomConnectable() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let connectable = CountingConnectable(source: source.asObservable())
        let shared = connectable.refCount()
        let result = scheduler.start(disposed: 250) { Observable.merge(shared, shared.map { $0 * 10 }) }
        #expect(result.events == [.next(210, 1), .next(210, 10)])
        #expect(connectable.connections == 1)
        #expect(source.subscriptions == [Subscription(200, 250)])
    }

    @Test func concatFlattensInTurn() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let result = scheduler.start { Observable.of(a.asObservable(), b.asObservable()).concat() }
        #expect(result.events == [.next(210, 1), .next(230, 2), .completed(240)])
    }

    @Test func fromOptionalOnAScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let result = scheduler.start {
            Observable.concat(
                Observable.from(optional: 1, scheduler: scheduler), .from(optional: nil, scheduler: scheduler))
        }
        #expect(result.events == [.next(201, 1), .completed(203)])
    }

    @Test func decodeDecodesEachElementAndFailsOnBadData() throws {
        struct Book: Decodable, Equatable { let title: String }
        let log = EventLog<Book>()
        Observable.of(Data(#"{"title":"Dune"}"#.utf8), Data("nope".utf8))
            .decode(type: Book.self, decoder: JSONDecoder()).subscribe(log)
        #expect(log.elements == [Book(title: "Dune")])
        #expect(log.events.count == 2)
        #expect(!log.isCompleted)
    }
}
