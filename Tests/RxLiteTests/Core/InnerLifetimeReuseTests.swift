import Testing

@testable import RxLite

/// `flatMap` and `flatMapLatest` reuse the child lifetime of an inner sequence that ended during subscribe. These
/// tests pin down when that is allowed and that a reused lifetime never revives anything of the earlier inner.
@Suite(.checksResources) struct InnerLifetimeReuseTests {
    @Test func onlyAFinishedUnreferencedNeverAttachedChildIsReused() {
        let parent = Lifetime.make()
        var finished = Lifetime.make(parent: parent)
        finished.finishChild()
        #expect(Lifetime.reuse(&finished))
        #expect(finished.isActive)

        var held = Lifetime.make(parent: parent)
        let holder = held
        held.finishChild()
        #expect(!Lifetime.reuse(&held))
        #expect(!holder.isActive)

        var running = Lifetime.make(parent: parent)
        #expect(!Lifetime.reuse(&running))

        var attached = Lifetime.make(parent: parent)
        parent.attach(attached)
        attached.finishChild()
        #expect(!Lifetime.reuse(&attached))

        var root = Lifetime.make()
        root.dispose()
        #expect(!Lifetime.reuse(&root))
        parent.dispose()
    }

    @Test(arguments: [false, true])
    func storedObserversOfFinishedInnersNeverDeliverAgain(latest: Bool) {
        nonisolated(unsafe) var stored: [AnyObserver<Int>] = []
        let running = PublishSubject<Int>()
        let log = EventLog<Int>()
        let selector = { (value: Int) -> Observable<Int> in
            if value == 3 { return running.asObservable() }
            return Observable.create { observer in
                stored.append(observer)
                observer.onNext(value)
                observer.onCompleted()
                return Disposables.create()
            }
        }
        let source = Observable.from([1, 2, 3])
        let subscription = (latest ? source.flatMapLatest(selector) : source.flatMap(selector)).subscribe(log)
        for observer in stored { observer.onNext(99) }
        running.onNext(30)
        for observer in stored { observer.onNext(98) }
        subscription.dispose()
        running.onNext(31)
        for observer in stored { observer.onNext(97) }
        #expect(log.elements == [1, 2, 30])
        #expect(log.contractViolations == 0)
        #expect(!running.hasObservers)
    }

    @Test(arguments: [false, true])
    func cleanupOfSynchronousInnersRunsOnceEachBeforeTheNextStarts(latest: Bool) {
        nonisolated(unsafe) var journal: [String] = []
        let selector = { (value: Int) -> Observable<Int> in
            Observable.just(value).do(
                onSubscribe: { journal.append("subscribe \(value)") }, onDispose: { journal.append("dispose \(value)") }
            )
        }
        let source = Observable.from([1, 2, 3])
        let log = EventLog<Int>()
        (latest ? source.flatMapLatest(selector) : source.flatMap(selector)).subscribe(log)
        #expect(log.events == [.next(1), .next(2), .next(3), .completed])
        #expect(
            journal == ["subscribe 1", "dispose 1", "subscribe 2", "dispose 2", "subscribe 3", "dispose 3"])
    }

    @Test(arguments: [false, true])
    func aSubjectInnerAfterSynchronousOnesIsDisposedWithTheSubscription(latest: Bool) {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let log = EventLog<Int>()
        let selector = { (value: Int) -> Observable<Int> in value == 0 ? inner.asObservable() : .just(value) }
        let subscription = (latest ? outer.flatMapLatest(selector) : outer.flatMap(selector)).subscribe(log)
        outer.onNext(1)
        outer.onNext(2)
        outer.onNext(0)
        inner.onNext(10)
        outer.onNext(3)
        inner.onNext(11)
        subscription.dispose()
        inner.onNext(12)
        #expect(log.elements == (latest ? [1, 2, 10, 3] : [1, 2, 10, 3, 11]))
        #expect(!inner.hasObservers)
    }
}
