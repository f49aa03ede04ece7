import Dispatch
import Foundation
import RxLite
import RxLiteTest
import Testing

/// The process's resident memory in bytes (Linux's /proc/self/statm), or `nil` where it cannot be read.
private func residentBytes() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// A bag or composite forgets a subscription once it has ended (issue 27, item 1).
@Suite(.checksResources) struct DisposeBagForgettingTests {
    // Process-wide: resident memory is the whole process's, so the test runs alone among checked tests.
    @Test(.checksResources(.processWide)) func aMillionFiniteSubscriptionsLeaveTheBagAndTheHeapFlat() {
        let bag = DisposeBag()
        let subject = PublishSubject<Int>()
        var sum = 0
        // Warm up first: the subject's observer array, the allocator's caches.
        for value in 0..<1_000 {
            subject.take(1).subscribe(onNext: { sum += $0 }).disposed(by: bag)
            subject.onNext(value)
        }
        let bytesBefore = residentBytes()
        let objectsBefore = Resources.total
        for value in 0..<1_000_000 {
            subject.take(1).subscribe(onNext: { sum += $0 }).disposed(by: bag)
            // Completes the subscription just inserted: take(1) ends it.
            subject.onNext(value)
        }
        let bytesAfter = residentBytes()
        #expect(sum == (0..<1_000).reduce(0, +) + (0..<1_000_000).reduce(0, +))
        #expect(bag.count == 0)
        #expect(bag.slotsInUse <= 1)
        #expect(Resources.total == objectsBefore)
        if let bytesBefore, let bytesAfter {
            // Kept, a million subscriptions would be well over 100 MB; forgotten, the process does not grow.
            #expect(
                bytesAfter - bytesBefore < 4 << 20, "resident memory grew by \(bytesAfter - bytesBefore) bytes")
        }
    }

    @Test func theBagStillDisposesWhatIsLiveWhenItGoes() {
        var disposed: [Int] = []
        let subject = PublishSubject<Int>()
        var bag: DisposeBag? = DisposeBag()
        for number in 0..<10 {
            subject.subscribe(onDisposed: { disposed.append(number) }).disposed(by: bag!)
        }
        let finite = PublishSubject<Int>()
        for number in 10..<20 {
            finite.subscribe(onDisposed: { disposed.append(number) }).disposed(by: bag!)
        }
        #expect(bag!.count == 20)
        finite.onCompleted()
        #expect(bag!.count == 10)
        #expect(disposed == Array(10..<20))
        bag = nil
        #expect(disposed == Array(10..<20) + Array(0..<10))
    }

    @Test func aSubscriptionEndedByDisposeOrErrorIsForgotten() {
        let bag = DisposeBag()
        let subject = PublishSubject<Int>()
        let first = subject.subscribe()
        first.disposed(by: bag)
        subject.subscribe(onError: { _ in }).disposed(by: bag)
        #expect(bag.count == 2)
        first.dispose()
        #expect(bag.count == 1)
        subject.onError(TestError())
        #expect(bag.count == 0)
    }

    @Test func aSubscriptionThatHasEndedAlreadyIsNotKept() {
        let bag = DisposeBag()
        Observable.just(1).subscribe().disposed(by: bag)
        Observable<Int>.empty().bind(onNext: { _ in }).disposed(by: bag)
        #expect(bag.count == 0)
        #expect(bag.slotsInUse == 0)
    }

    @Test func otherDisposablesStayUntilTheBagGoes() {
        var runs = 0
        var bag: DisposeBag? = DisposeBag()
        let action = Disposables.create { runs += 1 }
        action.disposed(by: bag!)
        action.dispose()
        #expect(bag!.count == 1)
        bag = nil
        #expect(runs == 1)
    }

    @Test func ordersOfEndingKeepTheBagSmallAndDisposalInInsertionOrder() {
        let subjects = (0..<100).map { _ in PublishSubject<Int>() }
        var disposed: [Int] = []
        var bag: DisposeBag? = DisposeBag()
        for (number, subject) in subjects.enumerated() {
            subject.subscribe(onDisposed: { disposed.append(number) }).disposed(by: bag!)
        }
        // End every other one, from the middle outwards, so holes open everywhere.
        for number in stride(from: 1, to: 100, by: 2) { subjects[number].onCompleted() }
        #expect(bag!.count == 50)
        #expect(bag!.slotsInUse <= 100)
        disposed.removeAll()
        bag = nil
        #expect(disposed == Array(stride(from: 0, to: 100, by: 2)))
    }

    @Test(.checksResources(.processWide)) func subscriptionsEndingOnOtherThreadsWhileTheBagFills() {
        let bag = DisposeBag()
        let subjects = (0..<8).map { _ in PublishSubject<Int>() }
        DispatchQueue.concurrentPerform(iterations: 8) { lane in
            for _ in 0..<2_000 {
                let subscription = subjects[lane].take(1).subscribe()
                subscription.disposed(by: bag)
                subjects[lane].onNext(1)
            }
        }
        #expect(bag.count == 0)
    }

    @Test func aCompositeForgetsEndedSubscriptionsToo() {
        let composite = CompositeDisposable()
        let subject = PublishSubject<Int>()
        var disposed: [String] = []
        for value in 0..<10_000 {
            composite.insert(subject.take(1).subscribe())
            subject.onNext(value)
        }
        #expect(composite.count == 0)
        #expect(composite.slotsInUse <= 1)
        let live = composite.insert(subject.subscribe(onDisposed: { disposed.append("live") }))
        let removable = composite.insert(subject.subscribe(onDisposed: { disposed.append("removed") }))
        let other = composite.insert(Disposables.create { disposed.append("other") })
        #expect(live != nil && other != nil)
        #expect(composite.count == 3)
        composite.remove(for: removable!)
        #expect(disposed == ["removed"])
        composite.dispose()
        #expect(disposed == ["removed", "live", "other"])
        #expect(composite.count == 0)
    }
}
