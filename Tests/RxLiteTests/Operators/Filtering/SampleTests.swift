import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct SampleTests {
    @Test func sendsTheLatestNewElementAtEachSample() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-b---c----d-|", values: letters)
        let sampler = scheduler.createHotObservable("^---x---x--x---x", values: letters)
        let res = scheduler.start { source.sample(sampler) }
        #expect(res.events == .expected("^---b---c------(d|)"))
        #expect(source.subscriptions == [Subscription(200, 340)])
        #expect(sampler.subscriptions == [Subscription(200, 340)])
    }

    @Test func defaultValueStandsInWhenNothingNewArrived() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a------", values: letters)
        let sampler = scheduler.createHotObservable("^--x--x--", values: letters)
        let res = scheduler.start(disposed: 290) { source.sample(sampler, defaultValue: "z") }
        #expect(res.events == .expected("^--a--z"))
    }

    @Test func errorFromEitherGoesOutAtOnce() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a--#", values: letters)
        let sampler = scheduler.createHotObservable("^---x---", values: letters)
        let res = scheduler.start { source.sample(sampler) }
        #expect(res.events == .expected("^---a#"))
        let second = scheduler.createHotObservable("^------", values: letters)
        let failingSampler = scheduler.createHotObservable("^--#", values: letters, subscribed: 1200)
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 1500) { second.sample(failingSampler) }
        #expect(res2.events == Recorded.events(fromMarbles: "^--#", values: letters, subscribed: 1200))
    }

    @Test func reentrantElementIsSampledByTheNextTick() {
        let source = PublishSubject<Int>()
        let sampler = PublishSubject<Void>()
        var received: [Int] = []
        let subscription = source.sample(sampler).subscribe(onNext: { value in
            received.append(value)
            source.onNext(value + 1)
            if value < 3 { sampler.onNext(()) }
        })
        source.onNext(1)
        sampler.onNext(())
        #expect(received == [1, 2, 3])
        subscription.dispose()
    }
}
