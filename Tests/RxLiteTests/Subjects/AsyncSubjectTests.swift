import Dispatch
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct AsyncSubjectTests {
    @Test func emitsOnlyTheLastElementOnCompletion() {
        expectNoLeaks {
            let subject = AsyncSubject<Int>()
            let early = EventLog<Int>()
            subject.subscribe(early)
            subject.onNext(1)
            subject.onNext(2)
            #expect(early.events.isEmpty)
            subject.onCompleted()
            let late = EventLog<Int>()
            subject.subscribe(late)
            #expect(early.events.map(\.summary) == ["next(2)", "completed"])
            #expect(late.events.map(\.summary) == ["next(2)", "completed"])
        }
    }

    @Test func errorDropsTheLastElement() {
        expectNoLeaks {
            let subject = AsyncSubject<Int>()
            let log = EventLog<Int>()
            subject.subscribe(log)
            subject.onNext(1)
            subject.onError(SampleError())
            #expect(log.events.map(\.summary) == ["error(SampleError(code: 1))"])
        }
    }

    @Test func emptyCompletionIsJustCompletion() {
        expectNoLeaks {
            let subject = AsyncSubject<Int>()
            let log = EventLog<Int>()
            subject.subscribe(log)
            subject.onCompleted()
            #expect(log.events.map(\.summary) == ["completed"])
        }
    }
}
