import Dispatch
import Foundation
import RxLite
import RxLiteBlocking
import RxLiteTest
import Testing

private let failure = TestError("boom")

@Suite(.checksResources) struct BlockingObservableTests {
    @Test func toArrayReturnsEveryElementOrThrowsTheError() throws {
        #expect(try Observable.of(1, 2, 3).toBlocking().toArray() == [1, 2, 3])
        #expect(try Observable<Int>.empty().toBlocking().toArray() == [])
        #expect(throws: failure) { try Observable.of(1).concat(Observable.error(failure)).toBlocking().toArray() }
    }

    @Test func firstTakesOneElementAndStopsTheSource() throws {
        #expect(try Observable.of(1, 2).toBlocking().first() == 1)
        #expect(try Observable<Int>.empty().toBlocking().first() == nil)
        #expect(throws: failure) { try Observable<Int>.error(failure).toBlocking().first() }
        // An endless synchronous source is disposed once it gave its first element.
        #expect(try Observable.repeatElement(7).toBlocking().first() == 7)
    }

    @Test func lastIsTheLastElement() throws {
        #expect(try Observable.of(1, 2, 3).toBlocking().last() == 3)
        #expect(try Observable<Int>.empty().toBlocking().last() == nil)
        #expect(throws: failure) { try Observable.of(1).concat(Observable.error(failure)).toBlocking().last() }
    }

    @Test func singleNeedsExactlyOneElement() throws {
        #expect(try Observable.just(1).toBlocking().single() == 1)
        #expect(throws: RxError.noElements) { try Observable<Int>.empty().toBlocking().single() }
        #expect(throws: RxError.moreThanOneElement) { try Observable.of(1, 2).toBlocking().single() }
        // The second element is enough to know: an endless source is stopped there.
        #expect(throws: RxError.moreThanOneElement) { try Observable.repeatElement(1).toBlocking().single() }
        #expect(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 } == 2)
        #expect(throws: RxError.noElements) { try Observable.of(1, 3).toBlocking().single { $0 == 2 } }
        #expect(throws: failure) { try Observable<Int>.error(failure).toBlocking().single() }
    }

    @Test func materializeSaysHowTheSequenceEnded() {
        guard case .completed(let elements) = Observable.of(1, 2).toBlocking().materialize() else {
            Issue.record("expected completion")
            return
        }
        #expect(elements == [1, 2])
        guard
            case .failed(let before, let error) = Observable.of(1).concat(Observable.error(failure)).toBlocking()
                .materialize()
        else {
            Issue.record("expected failure")
            return
        }
        #expect(before == [1])
        #expect(error as? TestError == failure)
    }

    @Test func aSequenceThatDoesNotEndInTimeFailsWithTimeout() {
        #expect(throws: RxError.timeout) { try Observable<Int>.never().toBlocking(timeout: 0.01).first() }
        guard
            case .failed(let elements, let error) = Observable.just(1).concat(Observable.never())
                .toBlocking(timeout: 0.01).materialize()
        else {
            Issue.record("expected a timeout")
            return
        }
        #expect(elements == [1])
        #expect(error as? RxError == .timeout)
    }

    @Test func waitsForElementsDeliveredOnAnotherThread() throws {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let elements = try Observable.of(1, 2, 3).observe(on: scheduler).toBlocking(timeout: 10).toArray()
        #expect(elements == [1, 2, 3])
    }
}
