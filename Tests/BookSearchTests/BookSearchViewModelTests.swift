import BookSearch
import Foundation
import RxLite
import RxLiteTest
import RxLiteUI
import Testing

/// The view model in virtual time: 1 tick = 10 ms, so the 300 ms debounce is 30 ticks; every request answers 20
/// ticks after it is made.
@MainActor
@Suite(.checksResources) struct BookSearchViewModelTests {
    let scheduler = TestScheduler(resolution: 0.01, simulateProcessingDelay: false)
    let log = RequestLog()

    final class RequestLog: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Recorded<String>] = []
        private var answers: [TestableObservable<BookSearchPage>] = []
        var failures: [Int: BookSearchError] = [:]
        var requests: [Recorded<String>] { lock.withLock { storage } }
        var subscriptions: [[Subscription]] { lock.withLock { answers.map(\.subscriptions) } }

        func record(_ text: String, _ time: TestTime, _ answer: TestableObservable<BookSearchPage>) {
            lock.withLock {
                storage.append(Recorded(time: time, value: text))
                answers.append(answer)
            }
        }
    }

    /// `total` books per query, titled "<text> <n>"; each page says it skipped `skipped` unreadable items.
    func viewModel(total: Int = 25, skipped: Int = 0) -> BookSearchViewModel {
        let scheduler = self.scheduler
        let log = self.log
        return BookSearchViewModel(pageSize: 10, debounce: .milliseconds(300), scheduler: scheduler) { query, request in
            let events: [Recorded<Event<BookSearchPage>>]
            if let failure = log.failures.removeValue(forKey: request.page) {
                events = [.error(20, failure)]
            } else {
                let range = min(request.offset, total)..<min(request.offset + request.pageSize, total)
                let books = range.map {
                    Book(
                        title: "\(query.text) \($0 + 1)", author: "A", publisher: "P", publicationDate: "2020",
                        isbn13: "")
                }
                let page = BookSearchPage(
                    books: books, totalResults: total, startIndex: request.page, itemsPerPage: request.pageSize,
                    skippedItems: skipped)
                events = [.next(20, page), .completed(20)]
            }
            let answer = scheduler.createColdObservable(events)
            log.record("\(query.type.rawValue):\(query.text) p\(request.page)", scheduler.clock, answer)
            return answer.asObservable().asSingle()
        }
    }

    struct Recorders {
        let status: TestableObserver<String>
        let loading: TestableObserver<Bool>
        let error: TestableObserver<String?>
        let titles: TestableObserver<[String]>
        let changes: TestableObserver<ListChange>
    }

    /// Subscribes to every output at 0 and runs the scheduler to `end`.
    func run(
        _ viewModel: BookSearchViewModel, type: [Recorded<Event<QueryType>>] = [.next(0, .keyword)],
        text: [Recorded<Event<String>>], nearBottom: [TestTime] = [], refresh: [TestTime] = [],
        until end: TestTime = 1_000
    ) -> Recorders {
        let recorders = Recorders(
            status: scheduler.createObserver(String.self), loading: scheduler.createObserver(Bool.self),
            error: scheduler.createObserver(String?.self), titles: scheduler.createObserver([String].self),
            changes: scheduler.createObserver(ListChange.self))
        let bag = DisposeBag()
        let input = BookSearchViewModel.Input(
            queryType: scheduler.createHotObservable(type).asObservable(),
            searchText: scheduler.createHotObservable(text).asObservable(),
            nearBottom: scheduler.createHotObservable(nearBottom.map { Recorded.next($0, ()) }).asObservable(),
            refresh: scheduler.createHotObservable(refresh.map { Recorded.next($0, ()) }).asObservable())
        SharingScheduler.mock(scheduler: scheduler) {
            let output = viewModel.transform(input)
            output.status.drive(recorders.status).disposed(by: bag)
            output.isLoading.drive(recorders.loading).disposed(by: bag)
            output.errorMessage.drive(recorders.error).disposed(by: bag)
            output.books.map { $0.map(\.title) }.drive(recorders.titles).disposed(by: bag)
            output.changes.map(\.change).emit(to: recorders.changes).disposed(by: bag)
        }
        scheduler.advanceTo(end)
        _ = bag
        return recorders
    }

    @Test func theTextIsTrimmedAndDebouncedThenPagedAsTheListNearsItsEnd() {
        let recorders = run(
            viewModel(), text: [.next(0, ""), .next(10, "s"), .next(20, " swift "), .next(400, " swift")],
            nearBottom: [200, 300, 400])
        #expect(log.requests == [at(50, "Keyword:swift p1"), at(200, "Keyword:swift p2"), at(300, "Keyword:swift p3")])
        #expect(
            recorders.status.events == [
                .next(0, "Type to search"), .next(50, "Searching…"), .next(70, "10 of 25"),
                .next(200, "10 of 25, loading more…"), .next(220, "20 of 25"), .next(300, "20 of 25, loading more…"),
                .next(320, "25 of 25"),
            ])
        #expect(
            recorders.changes.events.map(\.value) == [
                .next(.reload), .next(.appended(0..<10)), .next(.appended(10..<20)), .next(.appended(20..<25)),
            ])
        #expect(recorders.titles.events.last?.value.element?.last == "swift 25")
        #expect(recorders.loading.events.map(\.time) == [0, 50, 70, 200, 220, 300, 320])
    }

    /// Unreadable items are counted over a search's pages and said in the status; a new search counts afresh.
    @Test func theStatusCountsTheSkippedItemsOfTheSearch() {
        let recorders = run(
            viewModel(skipped: 1), text: [.next(0, "swift"), .next(500, "kim")], nearBottom: [200])
        let statuses = recorders.status.events.compactMap(\.value.element)
        #expect(statuses.contains("10 of 25, 1 skipped: unreadable"))
        #expect(statuses.contains("20 of 25, 2 skipped: unreadable"))
        #expect(statuses.last == "10 of 25, 1 skipped: unreadable")
        #expect(log.requests.map(\.value).last == "Keyword:kim p1")
    }

    @Test func anEmptyTextClearsTheListAtOnceAndCancelsTheSearch() {
        let recorders = run(viewModel(), text: [.next(0, "swift"), .next(100, "swif"), .next(110, "   ")])
        #expect(log.requests == [at(30, "Keyword:swift p1")])
        #expect(recorders.status.events.last == .next(110, "Type to search"))
        #expect(recorders.titles.events.last == .next(110, []))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func anotherQueryTypeCancelsTheSearchInFlight() {
        let recorders = run(
            viewModel(), type: [.next(0, .keyword), .next(40, .author)], text: [.next(0, "kim")])
        #expect(log.requests == [at(30, "Keyword:kim p1"), at(40, "Author:kim p1")])
        #expect(log.subscriptions[0] == [Subscription(30, 40)])
        #expect(recorders.status.events.map(\.value.element) == ["Type to search", "Searching…", "10 of 25"])
        #expect(recorders.titles.events.last?.value.element?.first == "kim 1")
    }

    @Test func aFailureShowsItsMessageKeepsTheBooksAndTheNextNearBottomRetries() {
        log.failures = [2: .timedOut]
        let recorders = run(viewModel(), text: [.next(0, "swift")], nearBottom: [100, 200])
        #expect(log.requests.map(\.value) == ["Keyword:swift p1", "Keyword:swift p2", "Keyword:swift p2"])
        #expect(
            recorders.error.events == [
                .next(0, nil), .next(120, BookSearchError.timedOut.description), .next(200, nil),
            ])
        #expect(recorders.status.events.contains(.next(120, "10 of 25")))
        #expect(recorders.titles.events.last?.value.element?.count == 20)
    }

    @Test func refreshSearchesTheSameTextAgainFromPageOne() {
        let recorders = run(viewModel(), text: [.next(0, "swift")], nearBottom: [100], refresh: [150])
        #expect(log.requests == [at(30, "Keyword:swift p1"), at(100, "Keyword:swift p2"), at(150, "Keyword:swift p1")])
        // The list starts over: a reload when the refresh begins, then page 1 appended to the empty list.
        #expect(
            recorders.changes.events.filter { $0.time >= 150 }.map(\.value.element) == [.reload, .appended(0..<10)])
        #expect(recorders.titles.events.last == .next(170, (1...10).map { "swift \($0)" }))
        #expect(recorders.status.events.last == .next(170, "10 of 25"))
    }

    /// A server that answers every page with page 1 and claims 40,000 books: page 2 adds nothing new, so the list
    /// stays at 10 books and no third page is asked for, however often the list nears its end.
    @Test func aServerRepeatingItsFirstPageCannotGrowTheList() {
        let scheduler = self.scheduler
        let log = self.log
        let viewModel = BookSearchViewModel(pageSize: 10, debounce: .milliseconds(300), scheduler: scheduler) {
            query, request in
            let books = (1...10).map {
                Book(title: "\(query.text) \($0)", author: "A", publisher: "P", publicationDate: "2020", isbn13: "")
            }
            let page = BookSearchPage(books: books, totalResults: 40_000, startIndex: 1, itemsPerPage: 10)
            let answer = scheduler.createColdObservable([.next(20, page), .completed(20)])
            log.record("p\(request.page)", scheduler.clock, answer)
            return answer.asObservable().asSingle()
        }
        let recorders = run(viewModel, text: [.next(0, "swift")], nearBottom: [100, 200, 300])
        #expect(log.requests.map(\.value) == ["p1", "p2"])
        #expect(recorders.titles.events.last?.value.element?.count == 10)
        #expect(
            recorders.status.events.last?.value.element
                == "10 of 40000: the server repeated books; 10 of the claimed 40000 were new")
    }

    /// A server whose pages hold more books than its own total (12): full pages of new books every time. The
    /// list stops at the total: page 2 adds 2 books and ends the paging.
    @Test func theListStopsAtTheServersOwnTotal() {
        let scheduler = self.scheduler
        let log = self.log
        let viewModel = BookSearchViewModel(pageSize: 10, debounce: .milliseconds(300), scheduler: scheduler) {
            query, request in
            let books = (1...10).map {
                Book(
                    title: "\(query.text) \(request.offset + $0)", author: "A", publisher: "P", publicationDate: "2020",
                    isbn13: "")
            }
            let page = BookSearchPage(books: books, totalResults: 12, startIndex: request.page, itemsPerPage: 10)
            let answer = scheduler.createColdObservable([.next(20, page), .completed(20)])
            log.record("p\(request.page)", scheduler.clock, answer)
            return answer.asObservable().asSingle()
        }
        let recorders = run(viewModel, text: [.next(0, "swift")], nearBottom: [100, 200, 300])
        #expect(log.requests.map(\.value) == ["p1", "p2"])
        #expect(recorders.titles.events.last?.value.element?.count == 12)
        #expect(recorders.status.events.last?.value.element == "12 of 12")
    }

    @Test func statusLines() {
        func state(_ count: Int, total: Int?, loading: Bool = false, error: (any Error)? = nil) -> PaginatorState<Book>
        {
            var state = PaginatorState<Book>.idle
            let book = Book(title: "t", author: "a", publisher: "p", publicationDate: "2000", isbn13: "")
            state.items = PagedItems(Array(repeating: book, count: count))
            state.totalCount = total
            state.isLoading = loading
            state.error = error
            state.hasQuery = true
            return state
        }
        #expect(BookSearchViewModel.statusLine(for: .idle) == "Type to search")
        #expect(BookSearchViewModel.statusLine(for: state(0, total: nil, loading: true)) == "Searching…")
        #expect(BookSearchViewModel.statusLine(for: state(0, total: 0)) == "No books found")
        #expect(
            BookSearchViewModel.statusLine(for: state(0, total: 100)) == "No books listed (the server counts 100)")
        #expect(
            BookSearchViewModel.statusLine(for: state(0, total: nil, error: BookSearchError.timedOut))
                == "Search failed")
        #expect(BookSearchViewModel.statusLine(for: state(20, total: 134)) == "20 of 134")
        #expect(BookSearchViewModel.statusLine(for: state(20, total: 134, loading: true)) == "20 of 134, loading more…")
        #expect(BookSearchViewModel.statusLine(for: state(3, total: nil)) == "3")
        #expect(
            BookSearchViewModel.statusLine(
                for: state(12, total: 35), shortfall: "the server repeated books; 12 of the claimed 35 were new")
                == "12 of 35: the server repeated books; 12 of the claimed 35 were new")
        #expect(BookSearchViewModel.message(for: BookSearchError.emptyQuery) == BookSearchError.emptyQuery.description)
    }
}

private func at(_ time: TestTime, _ value: String) -> Recorded<String> { Recorded(time: time, value: value) }
