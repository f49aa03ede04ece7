import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct MulticastTests {
    @Test func publishStartsOnConnectAndStopsOnDisconnect() {
        let subject = PublishSubject<Int>()
        let published = subject.publish()
        let log = EventLog<Int>()
        let subscription = published.subscribe(log)
        subject.onNext(1)
        #expect(!subject.hasObservers)
        let connection = published.connect()
        let again = published.connect() as AnyObject
        let isSameConnection = again === (connection as AnyObject)
        #expect(isSameConnection)
        subject.onNext(2)
        connection.dispose()
        subject.onNext(3)
        #expect(log.elements == [2])
        subscription.dispose()
    }

    @Test func replayConnectableReplaysToLateSubscribers() {
        let subject = PublishSubject<Int>()
        let replayed = subject.replay(2)
        let connection = replayed.connect()
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        let log = EventLog<Int>()
        let subscription = replayed.subscribe(log)
        #expect(log.elements == [2, 3])
        subscription.dispose()
        connection.dispose()
    }

    @Test func multicastThroughAGivenSubject() {
        let target = BehaviorSubject(value: 0)
        let source = PublishSubject<Int>()
        let connectable = source.multicast(target)
        let log = EventLog<Int>()
        let subscription = connectable.subscribe(log)
        let connection = connectable.connect()
        source.onNext(5)
        #expect(log.elements == [0, 5])
        connection.dispose()
        subscription.dispose()
    }

    @Test func refCountConnectsWithTheFirstAndDisconnectsWithTheLast() {
        let subject = PublishSubject<Int>()
        let counted = subject.publish().refCount()
        #expect(!subject.hasObservers)
        let a = counted.subscribe(onNext: { _ in })
        #expect(subject.hasObservers)
        let b = counted.subscribe(onNext: { _ in })
        a.dispose()
        #expect(subject.hasObservers)
        b.dispose()
        #expect(!subject.hasObservers)
    }
}
