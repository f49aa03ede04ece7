import Dispatch
import RxLite
import Testing

@Suite(.checksResources) struct DisposablesTests {
    @Test func anonymousDisposableRunsOnceEvenUnderRaces() {
        let counter = CompositeDisposable()
        var runs = 0
        let lock = NSLockLike()
        let disposable = Disposables.create { lock.withLock { runs += 1 } }
        let box = CompositeDisposable(disposable)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in box.dispose() }
        disposable.dispose()
        #expect(runs == 1)
        #expect(disposable.isDisposed)
        counter.dispose()
    }

    @Test func compositeDisposesAllAndLateInsertions() {
        let composite = CompositeDisposable()
        let first = BooleanDisposable()
        let second = BooleanDisposable()
        let key = composite.insert(first)
        composite.insert(second)
        #expect(composite.count == 2)
        if let key { composite.remove(for: key) }
        #expect(first.isDisposed)
        #expect(composite.count == 1)
        composite.dispose()
        #expect(second.isDisposed)
        let late = BooleanDisposable()
        #expect(composite.insert(late) == nil)
        #expect(late.isDisposed)
    }

    @Test func serialDisposesThePreviousAndLaterOnes() {
        let serial = SerialDisposable()
        let first = BooleanDisposable()
        let second = BooleanDisposable()
        serial.disposable = first
        serial.disposable = second
        #expect(first.isDisposed)
        #expect(!second.isDisposed)
        serial.dispose()
        #expect(second.isDisposed)
        let third = BooleanDisposable()
        serial.disposable = third
        #expect(third.isDisposed)
    }

    @Test func singleAssignmentDisposesOnAssignAfterDispose() {
        let single = SingleAssignmentDisposable()
        single.dispose()
        let late = BooleanDisposable()
        single.setDisposable(late)
        #expect(late.isDisposed)

        let normal = SingleAssignmentDisposable()
        let inner = BooleanDisposable()
        normal.setDisposable(inner)
        #expect(!inner.isDisposed)
        normal.dispose()
        #expect(inner.isDisposed)
    }

    @Test func disposeBagDisposesOnDeinit() {
        let first = BooleanDisposable()
        let second = BooleanDisposable()
        var bag: DisposeBag? = DisposeBag()
        first.disposed(by: bag!)
        bag?.insert(second)
        #expect(!first.isDisposed)
        bag = nil
        #expect(first.isDisposed)
        #expect(second.isDisposed)
    }

    @Test func disposeBagTakesSeveralAtOnceAsArgumentsOrAnArray() {
        let listed = (0..<4).map { _ in BooleanDisposable() }
        var bag: DisposeBag? = DisposeBag()
        bag?.insert(listed[0], listed[1])
        bag?.insert([listed[2], listed[3]])
        #expect(!listed.contains { $0.isDisposed })
        bag = nil
        #expect(listed.allSatisfy { $0.isDisposed })
    }

    @Test func replacingTheBagCancelsSubscriptions() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var bag = DisposeBag()
        subject.subscribe(onNext: { received.append($0) }).disposed(by: bag)
        subject.onNext(1)
        bag = DisposeBag()
        subject.onNext(2)
        #expect(received == [1])
        #expect(!subject.hasObservers)
        _ = bag
    }

    @Test func builderForms() {
        let a = BooleanDisposable()
        let b = BooleanDisposable()
        var bag: DisposeBag? = DisposeBag(disposing: {
            a
            b
        })
        bag = nil
        #expect(a.isDisposed && b.isDisposed)
        _ = bag
        let c = BooleanDisposable()
        let d = BooleanDisposable()
        let e = BooleanDisposable()
        Disposables.create(c, d, e).dispose()
        #expect(c.isDisposed && d.isDisposed && e.isDisposed)
        let f = BooleanDisposable()
        Disposables.create([f]).dispose()
        #expect(f.isDisposed)
    }

    @Test func subscriptionDisposeIsIdempotentAndRunsOnDisposedOnce() {
        var disposed = 0
        let subject = PublishSubject<Int>()
        // A subscription is not Sendable; a SerialDisposable (which is) carries it to other threads.
        let subscription = SerialDisposable()
        subscription.disposable = subject.subscribe(onNext: { _ in }, onDisposed: { disposed += 1 })
        DispatchQueue.concurrentPerform(iterations: 4) { _ in subscription.dispose() }
        #expect(disposed == 1)
    }

    @Test func onDisposedRunsAfterCompletion() {
        var order: [String] = []
        Observable.just(1).subscribe(
            onNext: { order.append("next \($0)") }, onCompleted: { order.append("completed") },
            onDisposed: { order.append("disposed") })
        #expect(order == ["next 1", "completed", "disposed"])
    }

    /// A disposable kept after its subscription ended (a `CompositeDisposable` keeps other disposables) must not keep the
    /// subscriber's closures, or a closure capturing the bag's owner makes a cycle that never breaks.
    @Test(arguments: [false, true])
    func handlersAreReleasedWhenTheSubscriptionEndsThoughItsDisposableIsKept(disposeInstead: Bool) {
        final class Owner {}
        weak var weakOwner: Owner?
        let bag = DisposeBag()
        do {
            let owner = Owner()
            weakOwner = owner
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in _ = owner }, onCompleted: { _ = owner })
            subscription.disposed(by: bag)
            if disposeInstead { subscription.dispose() } else { subject.onCompleted() }
        }
        #expect(weakOwner == nil)
    }
}
