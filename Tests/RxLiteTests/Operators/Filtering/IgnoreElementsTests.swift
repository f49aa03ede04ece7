import RxLite
import Testing

@Suite(.checksResources) struct IgnoreElementsTests {
    /// `Never` is not `Equatable` on every toolchain this targets, so events are recorded as descriptions.
    func describe(_ observable: Observable<Never>) -> [String] {
        var events: [String] = []
        observable.subscribe { events.append(String(describing: Seen<Int>(event: $0))) }.dispose()
        return events
    }

    @Test func forwardsOnlyTheEnd() {
        expectNoLeaks {
            #expect(describe(Observable.of(1, 2, 3).ignoreElements()) == ["completed"])
            #expect(describe(Observable<Int>.error(TestFailure.boom).ignoreElements()) == ["error(boom)"])
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            var events: [String] = []
            let subscription = source.observable.ignoreElements().subscribe {
                events.append(String(describing: Seen<Int>(event: $0)))
            }
            source.onNext(1)
            subscription.dispose()
            source.onCompleted()
            #expect(events.isEmpty)
            #expect(source.disposeCount == 1)
        }
    }

    @Test func takeOnTheSourceEndsAnEndlessOne() {
        expectNoLeaks {
            #expect(describe(Observable.repeatElement(1).take(3).ignoreElements()) == ["completed"])
        }
    }
}

extension Seen {
    /// The description of a terminal event of any sequence.
    init(event: Event<Never>) {
        switch event {
        case .error(let error): self = .error(String(describing: error))
        case .completed: self = .completed
        }
    }
}
