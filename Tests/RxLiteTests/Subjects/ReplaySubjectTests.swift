import Dispatch
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct ReplaySubjectTests {
    @Test func replaysTheLastBufferSizeElements() {
        expectNoLeaks {
            let subject = ReplaySubject<Int>.create(bufferSize: 2)
            for value in 1...5 { subject.onNext(value) }
            let log = EventLog<Int>()
            let subscription = subject.subscribe(log)
            subject.onNext(6)
            #expect(log.elements == [4, 5, 6])
            subscription.dispose()
        }
    }

    @Test func afterTheEndReplaysThenEnds() {
        expectNoLeaks {
            let subject = ReplaySubject<Int>.create(bufferSize: 3)
            for value in 1...4 { subject.onNext(value) }
            subject.onError(SampleError())
            let log = EventLog<Int>()
            subject.subscribe(log)
            #expect(log.events.map(\.summary) == ["next(2)", "next(3)", "next(4)", "error(SampleError(code: 1))"])
        }
    }

    @Test(arguments: [0, 1, 10])
    func bufferSizes(bufferSize: Int) {
        expectNoLeaks {
            let subject = ReplaySubject<Int>.create(bufferSize: bufferSize)
            for value in 1...5 { subject.onNext(value) }
            let log = EventLog<Int>()
            subject.subscribe(log).dispose()
            #expect(log.elements == Array([1, 2, 3, 4, 5].suffix(bufferSize)))
        }
    }

    @Test func unboundKeepsEverything() {
        expectNoLeaks {
            let subject = ReplaySubject<Int>.createUnbounded()
            for value in 0..<100 { subject.onNext(value) }
            subject.onCompleted()
            let log = EventLog<Int>()
            subject.subscribe(log)
            #expect(log.elements == Array(0..<100))
            #expect(log.isCompleted)
        }
    }
}
