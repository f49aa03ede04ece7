import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct RefCountDisposableTests {
    @Test func releasesOnlyWhenTheOwnerAndEveryHandleAreDone() {
        var released = 0
        let shared = RefCountDisposable(disposable: Disposables.create { released += 1 })
        let first = shared.retain()
        let second = shared.retain()
        shared.dispose()
        first.dispose()
        #expect(released == 0)
        #expect(!shared.isDisposed)
        second.dispose()
        second.dispose()
        #expect(released == 1)
        #expect(shared.isDisposed)
        shared.retain().dispose()
        shared.dispose()
        #expect(released == 1)
    }

    @Test func withoutHandlesTheOwnerReleasesAtOnce() {
        var released = 0
        let shared = RefCountDisposable(disposable: Disposables.create { released += 1 })
        shared.dispose()
        #expect(released == 1)
    }

    @Test func scheduledDisposableDisposesOnItsScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: [Int] = []
        let scheduled = ScheduledDisposable(
            scheduler: scheduler, disposable: Disposables.create { disposedAt.append(scheduler.clock) })
        _ = scheduler.scheduleAt(10) {
            scheduled.dispose()
            scheduled.dispose()
        }
        scheduler.start()
        #expect(scheduled.isDisposed)
        #expect(disposedAt == [11])
    }

    @Test func variadicCreateAndBagInsertOfAnArray() {
        var count = 0
        let three = (0..<4).map { _ in Disposables.create { count += 1 } }
        Disposables.create(three[0], three[1], three[2], three[3]).dispose()
        #expect(count == 4)
        var bag: DisposeBag? = DisposeBag()
        bag?.insert([Disposables.create { count += 10 }, Disposables.create { count += 100 }])
        bag = nil
        #expect(count == 114)
    }

    @Test func subjectsReportDisposalAndReplaySubjectHasRxSwiftsUnboundedName() {
        let publish = PublishSubject<Int>()
        let behavior = BehaviorSubject(value: 0)
        let replay = ReplaySubject<Int>.createUnbounded()
        let async = AsyncSubject<Int>()
        #expect(!publish.isDisposed && !behavior.isDisposed && !replay.isDisposed && !async.isDisposed)
        publish.dispose()
        behavior.dispose()
        replay.dispose()
        async.dispose()
        #expect(publish.isDisposed && behavior.isDisposed && replay.isDisposed && async.isDisposed)
        let all = ReplaySubject<Int>.createUnbounded()
        (0..<100).forEach(all.onNext)
        var seen: [Int] = []
        all.subscribe(onNext: { seen.append($0) }).dispose()
        #expect(seen == Array(0..<100))
    }
}
