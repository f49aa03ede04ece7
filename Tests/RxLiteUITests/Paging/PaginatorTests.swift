import Foundation
import RxLite
import RxLiteTest
import RxLiteUI
import Testing

/// The paginator's guarantees, in virtual time. Requests answer 20 ticks after they are made; inputs are hot test
/// observables; `updates` is subscribed at 200.
@Suite(.checksResources) struct PaginatorTests {
    let scheduler = TestScheduler(simulateProcessingDelay: false)

    func paginator(_ source: FakePagedSource, pageSize: Int = 10) -> Paginator<String, String> {
        Paginator(pageSize: pageSize, scheduler: scheduler) { source.fetch($0, $1) }
    }

    func input(
        query: [Recorded<Event<String?>>], loadNext: [TestTime] = [], retry: [TestTime] = [], refresh: [TestTime] = []
    ) -> Paginator<String, String>.Input {
        func triggers(_ times: [TestTime]) -> Observable<Void> {
            scheduler.createHotObservable(times.map { Recorded.next($0, ()) }).asObservable()
        }
        return .init(
            query: scheduler.createHotObservable(query).asObservable(), loadNext: triggers(loadNext),
            retry: triggers(retry), refresh: triggers(refresh))
    }

    @Test func aQueryLoadsPageOneAndEachTriggerTheNextPageUntilTheShortLastPage() {
        let source = FakePagedSource(scheduler: scheduler, total: 25)
        let paginator = paginator(source)
        let input = input(query: [.next(210, "a")], loadNext: [300, 400, 500, 600])
        let observer = scheduler.start { paginator.updates(input) }
        #expect(
            observer.summaries == [
                at(200, "0 end -"),
                at(210, "0 loading more - reload"),
                at(230, "10 more 25 appended(0..<10)"),
                at(300, "10 loading more 25"),
                at(320, "20 more 25 appended(10..<20)"),
                at(400, "20 loading more 25"),
                at(420, "25 end 25 appended(20..<25)"),
            ])
        #expect(source.requests == [at(210, "a 1"), at(300, "a 2"), at(400, "a 3")])
        #expect(Array(observer.lastState?.items ?? []) == (1...25).map { "a\($0)" })
        #expect(scheduler.pendingCount == 0)
    }

    @Test func triggersWhileAPageLoadsAreDroppedSoEachPageIsRequestedOnce() {
        let source = FakePagedSource(scheduler: scheduler, total: 100)
        let input = input(query: [.next(210, "a")], loadNext: [215, 220, 225, 300, 305, 310, 319, 320, 321])
        let observer = scheduler.start { paginator(source).updates(input) }
        // Page 2 answers at 320, after that tick's trigger (which was scheduled first): 321 asks for page 3.
        #expect(source.requests == [at(210, "a 1"), at(300, "a 2"), at(321, "a 3")])
        #expect(observer.lastState?.items.count == 30)
    }

    @Test func nothingIsRequestedOnceTheTotalIsReached() {
        let source = FakePagedSource(scheduler: scheduler, total: 20)
        let input = input(query: [.next(210, "a")], loadNext: [300, 400, 500])
        let observer = scheduler.start { paginator(source).updates(input) }
        #expect(source.requests == [at(210, "a 1"), at(300, "a 2")])
        #expect(observer.summaries.last == at(320, "20 end 20 appended(10..<20)"))
    }

    @Test func withoutATotalAShortPageIsTheLast() {
        let source = FakePagedSource(scheduler: scheduler, total: 15)
        source.reportsTotal = false
        let input = input(query: [.next(210, "a")], loadNext: [300, 400, 500])
        let observer = scheduler.start { paginator(source).updates(input) }
        #expect(source.requests == [at(210, "a 1"), at(300, "a 2")])
        #expect(observer.summaries.last == at(320, "15 end - appended(10..<15)"))
    }

    @Test func anEmptyFirstPageEndsAtOnce() {
        let source = FakePagedSource(scheduler: scheduler, total: 0)
        let input = input(query: [.next(210, "a")], loadNext: [300])
        let observer = scheduler.start { paginator(source).updates(input) }
        #expect(source.requests == [at(210, "a 1")])
        #expect(observer.summaries.last == at(230, "0 end 0 appended(0..<0)"))
    }

    @Test func theFetchsOwnHasMoreDecides() {
        // A source that drops items from a page (BookSearchPage's rule): a short page with more to come.
        let paginator = Paginator<String, Int>(pageSize: 10, scheduler: scheduler) { _, request in
            .just(Page(items: [request.page], totalCount: 100, hasMore: request.page < 3))
        }
        let triggers = scheduler.createHotObservable([300, 400, 500].map { Recorded.next($0, ()) })
        let query = scheduler.createHotObservable([Recorded.next(210, Optional("a"))])
        let observer = scheduler.start {
            paginator.updates(.init(query: query.asObservable(), loadNext: triggers.asObservable()))
                .map { Array($0.state.items) }
        }
        #expect(observer.events.last == .next(400, [1, 2, 3]))
    }

    @Test func aNewQueryCancelsTheRequestInFlightAndItsAnswerNeverShows() {
        let source = FakePagedSource(scheduler: scheduler, total: 100)
        let input = input(query: [.next(210, "a"), .next(300, "b"), .next(305, "c")], loadNext: [250])
        let observer = scheduler.start { paginator(source).updates(input) }
        #expect(source.requests == [at(210, "a 1"), at(250, "a 2"), at(300, "b 1"), at(305, "c 1")])
        // a 2 (due at 270... answered at 270) is done; b 1 is cancelled at 305, before its answer at 320.
        #expect(source.subscriptions[2] == [Subscription(300, 305)])
        #expect(
            observer.summaries.filter { $0.time >= 300 } == [
                at(300, "0 loading more - reload"),
                at(305, "0 loading more - reload"),
                at(325, "10 more 100 appended(0..<10)"),
            ])
        #expect(observer.lastState?.items.first == "c1")
    }

    @Test func aNewQueryWhileAPageLoadsDropsThatPage() {
        let source = FakePagedSource(scheduler: scheduler, total: 100)
        let input = input(query: [.next(210, "a"), .next(310, "b")], loadNext: [300])
        let observer = scheduler.start { paginator(source).updates(input) }
        #expect(source.subscriptions[1] == [Subscription(300, 310)])
        #expect(observer.lastState.map { Array($0.items) } == (1...10).map { "b\($0)" })
    }

    @Test func aFailureKeepsTheItemsAndTheNextTriggerRequestsTheSamePage() {
        let source = FakePagedSource(scheduler: scheduler, total: 100)
        source.failingPages = [2]
        let input = input(query: [.next(210, "a")], loadNext: [300, 400, 500])
        let observer = scheduler.start { paginator(source).updates(input) }
        #expect(source.requests == [at(210, "a 1"), at(300, "a 2"), at(400, "a 2"), at(500, "a 3")])
        #expect(
            observer.summaries.filter { $0.time >= 300 && $0.time < 500 } == [
                at(300, "10 loading more 100"),
                at(320, "10 error more 100"),
                at(400, "10 loading more 100"),
                at(420, "20 more 100 appended(10..<20)"),
            ])
        let failed = observer.events.first { $0.time == 320 }
        if case .next(let update) = failed?.value {
            #expect(update.state.error as? TestError == TestError("page 2 failed"))
            #expect(Array(update.state.items) == (1...10).map { "a\($0)" })
        } else {
            Issue.record("no update at 320")
        }
    }

    @Test func retryRequestsTheFailedPageAndNothingOtherwise() {
        let source = FakePagedSource(scheduler: scheduler, total: 100)
        source.failingPages = [1]
        let input = input(query: [.next(210, "a")], retry: [220, 300, 400])
        let observer = scheduler.start { paginator(source).updates(input) }
        #expect(source.requests == [at(210, "a 1"), at(300, "a 1")])
        #expect(observer.lastState?.items.count == 10)
    }

    @Test func refreshReloadsPageOne() {
        let source = FakePagedSource(scheduler: scheduler, total: 100)
        let input = input(query: [.next(210, "a")], loadNext: [300], refresh: [205, 400])
        let observer = scheduler.start { paginator(source).updates(input) }
        #expect(source.requests == [at(210, "a 1"), at(300, "a 2"), at(400, "a 1")])
        #expect(observer.summaries.last == at(420, "10 more 100 appended(0..<10)"))
    }

    @Test func aNilQueryEmptiesTheListAndStopsPaging() {
        let source = FakePagedSource(scheduler: scheduler, total: 100)
        let input = input(query: [.next(210, "a"), .next(215, nil)], loadNext: [300])
        let observer = scheduler.start { paginator(source).updates(input) }
        #expect(source.requests == [at(210, "a 1")])
        #expect(source.subscriptions[0] == [Subscription(210, 215)])
        #expect(observer.summaries.last == at(215, "0 end - reload"))
    }

    @Test func disposingCancelsTheRequestInFlight() {
        let source = FakePagedSource(scheduler: scheduler, total: 100)
        let input = input(query: [.next(990, "a")])
        _ = scheduler.start { paginator(source).updates(input) }
        #expect(source.subscriptions[0] == [Subscription(990, 1000)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func appendingAPageCopiesNoLoadedItem() {
        let source = FakePagedSource(scheduler: scheduler, total: 1_000)
        let input = input(query: [.next(210, "a")], loadNext: Array(stride(from: 300, to: 990, by: 30)))
        let observer = scheduler.start { paginator(source).updates(input) }
        let lists = observer.events.compactMap { recorded -> PagedItems<String>? in
            guard case .next(let update) = recorded.value, update.state.items.count > 0 else { return nil }
            return update.state.items
        }
        #expect(lists.last?.count == 240)
        // Every snapshot of this query reads the one storage the first page went into: no page copied the items
        // before it, although every earlier snapshot is still alive here.
        #expect(lists.allSatisfy { $0.sharesStorage(with: lists[0]) })
        #expect(Array(lists[0]) == (1...10).map { "a\($0)" })
    }

    @Test func aSynchronousFetchIsHandledAfterTheCommandThatStartedIt() {
        let paginator = Paginator<String, Int>(pageSize: 2, scheduler: ImmediateScheduler()) {
            _, request in .just(Page(items: [request.offset, request.offset + 1], totalCount: 5))
        }
        let query = BehaviorRelay<String?>(value: "a")
        let next = PublishRelay<Void>()
        var summaries: [String] = []
        let subscription = paginator.updates(.init(query: query.asObservable(), loadNext: next.asObservable()))
            .subscribe(onNext: { summaries.append($0.summary) })
        next.accept(())
        next.accept(())
        next.accept(())
        subscription.dispose()
        #expect(
            summaries == [
                "0 end -", "0 loading more - reload", "2 more 5 appended(0..<2)", "2 loading more 5",
                "4 more 5 appended(2..<4)", "4 loading more 5", "6 end 5 appended(4..<6)",
            ])
    }

    @Test func outputsAreADriverOfStatesAndASignalOfListUpdates() {
        let source = FakePagedSource(scheduler: scheduler, total: 15)
        let paginator = paginator(source)
        let query = scheduler.createHotObservable([Recorded.next(210, Optional("a"))])
        let next = scheduler.createHotObservable([Recorded.next(300, ())])
        let states = scheduler.createObserver(String.self)
        let changes = scheduler.createObserver(ListChange.self)
        let bag = DisposeBag()
        SharingScheduler.mock(scheduler: scheduler) {
            let output = paginator.transform(.init(query: query.asObservable(), loadNext: next.asObservable()))
            scheduler.scheduleAt(200) {
                output.state.map { "\($0.items.count)\($0.isLoading ? " loading" : "")" }.asObservable()
                    .subscribe(states).disposed(by: bag)
                output.changes.map(\.change).asObservable().subscribe(changes).disposed(by: bag)
            }
        }
        scheduler.advanceTo(400)
        #expect(
            states.events == [
                .next(200, "0"), .next(210, "0 loading"), .next(230, "10"), .next(300, "10 loading"),
                .next(320, "15"),
            ])
        #expect(changes.events == [.next(210, .reload), .next(230, .appended(0..<10)), .next(320, .appended(10..<15))])
        _ = bag
    }

    @Test func theSeedsThrottleOnScrollEventsStillWorksButPagingDoesNotNeedIt() {
        // 2 s windows at resolution 0.1: 20 ticks. A burst of near-bottom events every tick from 300 to 359.
        let burst = (300..<360).map { Recorded.next($0, ()) }
        let scheduler = TestScheduler(resolution: 0.1, simulateProcessingDelay: false)
        let throttled = scheduler.createHotObservable(burst).asObservable()
            .throttle(.seconds(2), latest: false, scheduler: scheduler)
        let observer = scheduler.start { throttled.map { "near bottom" } }
        #expect(observer.events.map(\.time) == [300, 320, 340])

        // The same burst unthrottled: each page is requested once, by the first trigger after the previous page
        // answered (page 2 answers at 320, after that tick's trigger; page 3 answers at 341).
        let paging = TestScheduler(simulateProcessingDelay: false)
        let source = FakePagedSource(scheduler: paging, total: 100)
        let unthrottled = paging.createHotObservable(burst).asObservable()
        let query = paging.createHotObservable([Recorded.next(210, Optional("a"))]).asObservable()
        let paginator = Paginator<String, String>(pageSize: 10, scheduler: paging) { source.fetch($0, $1) }
        _ = paging.start { paginator.updates(.init(query: query, loadNext: unthrottled)) }
        #expect(source.requests == [at(210, "a 1"), at(300, "a 2"), at(321, "a 3"), at(342, "a 4")])
    }
}
