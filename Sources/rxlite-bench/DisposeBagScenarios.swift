import RxLite

// What a DisposeBag that forgets ended subscriptions (issue 27) costs per insert:
// - DisposeBagCreating: PublishSubjectCreating's work (a subscriber to a subject, one element, dispose) with the
//   subscription put into one long-lived bag before the element; the bag forgets it at the dispose. Its difference
//   from PublishSubjectCreating is the cost of an insert and of the forgetting, and the bag stays empty however
//   many run (the checksum counts what it holds at the end: nothing).

nonisolated func disposeBagCreating(_ iterations: Int) -> Int {
    var sum = 0
    let bag = DisposeBag()
    for _ in 0..<iterations * 10 {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { sum += $0 })
        subscription.disposed(by: bag)
        subject.onNext(1)
        subscription.dispose()
    }
    return sum + bag.count
}

let disposeBagScenarios: [Scenario] = [
    Scenario(
        name: "DisposeBagCreating", unit: "subscription", units: { $0 * 10 },
        expectedChecksum: { $0 * 10 }, body: disposeBagCreating)
]
