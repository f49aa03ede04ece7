import Dispatch
import RxLite
import RxLiteTest
import Testing

/// The subject's observer list under any order of subscribing and disposing: disposing a subscriber of any age
/// (the oldest, one in the middle, the newest) leaves the others receiving every event, in subscription order.
@Suite(.checksResources) struct SubjectObserverListTests {
    @Test(arguments: [1, 2, 5, 40]) func disposingOldestFirstKeepsTheRestInOrder(count: Int) {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            var received: [(id: Int, element: Int)] = []
            let subscriptions = (0..<count).map { id in
                subject.subscribe(onNext: { received.append((id, $0)) })
            }
            for (index, subscription) in subscriptions.enumerated() {
                subscription.dispose()
                subject.onNext(index)
                #expect(received.map(\.id) == Array((index + 1)..<count))
                #expect(received.allSatisfy { $0.element == index })
                received.removeAll()
            }
            #expect(!subject.hasObservers)
        }
    }

    @Test(arguments: 0..<20) func randomSubscribesAndDisposesMatchAModel(seed: Int) {
        expectNoLeaks {
            var random = SplitMix64(seed: UInt64(seed))
            let subject = PublishSubject<Int>()
            var received: [(id: Int, element: Int)] = []
            // The model: the live subscribers' ids in subscription order.
            var live: [(id: Int, subscription: any Disposable)] = []
            var nextID = 0
            for step in 0..<300 {
                if live.isEmpty || (Int.random(in: 0..<3, using: &random) > 0 && live.count < 60) {
                    let id = nextID
                    nextID += 1
                    live.append((id, subject.subscribe(onNext: { received.append((id, $0)) })))
                } else {
                    live.remove(at: Int.random(in: 0..<live.count, using: &random)).subscription.dispose()
                }
                subject.onNext(step)
                #expect(received.map(\.id) == live.map(\.id), "step \(step)")
                #expect(received.allSatisfy { $0.element == step })
                received.removeAll()
            }
            for entry in live { entry.subscription.dispose() }
            #expect(!subject.hasObservers)
        }
    }
}
