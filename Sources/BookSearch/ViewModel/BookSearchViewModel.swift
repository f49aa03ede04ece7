import Foundation
import RxLite
import RxLiteUI

/// What the user is searching for: the trimmed text and the field it matches.
public struct BookQuery: Sendable, Equatable, Hashable {
    public var text: String
    public var type: QueryType

    public init(text: String, type: QueryType) {
        self.text = text
        self.type = type
    }
}

/// The book search screen's logic: search as you type, with infinite scroll.
///
/// Inputs are the query type, the search text as typed and near-bottom events; outputs are ``RxLite/Driver``s and
/// a ``RxLite/Signal``. The text is trimmed and debounced (an empty text clears the list at once, without waiting);
/// a new text or query type cancels the search in flight. Pages come through a ``Paginator``: one request at a
/// time, none after the last page, a failed page asked for again by the next near-bottom event or `retry`. Each
/// page keeps only books the search has not shown yet, up to the server's total (``ShownBooks``), so a server
/// that repeats pages or pages past its total cannot grow the list forever.
@MainActor
public final class BookSearchViewModel {
    public struct Input {
        /// The field to search; a change starts a new search at once.
        public var queryType: Observable<QueryType>
        /// The text as typed; searched once it has not changed for the debounce interval.
        public var searchText: Observable<String>
        /// "The list is scrolled near its end": load the next page.
        public var nearBottom: Observable<Void>
        /// Request the failed page again.
        public var retry: Observable<Void>
        /// Search the current text again from page 1 (a pull-to-refresh or a refresh button).
        public var refresh: Observable<Void>

        /// The inputs; `retry` and `refresh` default to `.empty()` (no events).
        public init(
            queryType: Observable<QueryType>, searchText: Observable<String>, nearBottom: Observable<Void>,
            retry: Observable<Void> = .empty(), refresh: Observable<Void> = .empty()
        ) {
            self.queryType = queryType
            self.searchText = searchText
            self.nearBottom = nearBottom
            self.retry = retry
            self.refresh = refresh
        }
    }

    public struct Output {
        /// The paging state: books, loading, error, whether more pages exist, the total.
        public let state: Driver<PaginatorState<Book>>
        /// The books shown (a snapshot: taking it copies nothing).
        public let books: Driver<PagedItems<Book>>
        /// How the list changed: `.reload` for a new search, `.appended(range)` for the next page.
        public let changes: Signal<ListUpdate<Book>>
        /// Whether a page is being fetched.
        public let isLoading: Driver<Bool>
        /// A one-line summary: "20 of 134", "Searching…", "No books found" (see ``statusLine(for:)``).
        public let status: Driver<String>
        /// The last failure's message, for the user; `nil` when the last request succeeded.
        public let errorMessage: Driver<String?>
        /// The query the list is for: the text once the debounce has settled (`nil` for an empty text). While it
        /// differs from the text being typed, the list shown is stale.
        public let query: Driver<BookQuery?>
    }

    /// Fetches one page of a query.
    public typealias Fetch = @Sendable (BookQuery, PageRequest) -> Single<BookSearchPage>

    private let fetch: Fetch
    private let pageSize: Int
    private let debounceInterval: RxTimeInterval
    private let scheduler: any SchedulerType

    /// A view model searching with `fetch`; the text is debounced by `debounce` on `scheduler`, which also runs the
    /// paging (both the main scheduler by default; a `TestScheduler` in tests).
    public init(
        pageSize: Int = BookSearchRequest.defaultPageSize, debounce: RxTimeInterval = .milliseconds(300),
        scheduler: any SchedulerType = MainScheduler.instance, fetch: @escaping Fetch
    ) {
        self.fetch = fetch
        self.pageSize = pageSize
        self.debounceInterval = debounce
        self.scheduler = scheduler
    }

    /// A view model searching `service` (the embedded catalog or Aladin).
    public convenience init(
        service: any BookSearchService, pageSize: Int = BookSearchRequest.defaultPageSize,
        debounce: RxTimeInterval = .milliseconds(300), scheduler: any SchedulerType = MainScheduler.instance
    ) {
        self.init(pageSize: pageSize, debounce: debounce, scheduler: scheduler) { query, request in
            service.searchObservable(
                BookSearchRequest(
                    query: query.text, queryType: query.type, page: request.page, pageSize: request.pageSize)
            ).asSingle()
        }
    }

    /// The outputs for `input`; they share one search session while any of them is subscribed.
    public func transform(_ input: Input) -> Output {
        let queries = Self.queries(
            type: input.queryType, text: input.searchText, debounce: debounceInterval, scheduler: scheduler)
        let fetch = self.fetch
        let shown = Locked((query: BookQuery?.none, books: ShownBooks()))
        let paginator = Paginator<BookQuery, Book>(pageSize: pageSize, scheduler: scheduler) { query, request in
            fetch(query, request).map { page in
                // Page 1 starts a search (a new query or a refresh); later pages add to it. The Paginator disposes
                // the request of a search it has left, so an old search's page never gets here.
                let (books, hasMore) = shown.withLock { shown in
                    if request.page == 1 || shown.query != query { shown = (query, ShownBooks()) }
                    return shown.books.admit(page)
                }
                return Page(items: books, totalCount: page.totalResults, hasMore: hasMore)
            }
        }
        let sharedQueries = queries.share(replay: 1)
        let paging = paginator.transform(
            .init(query: sharedQueries, loadNext: input.nearBottom, retry: input.retry, refresh: input.refresh))
        let state = paging.state
        return Output(
            state: state,
            books: state.map(\.items),
            changes: paging.changes,
            isLoading: state.map(\.isLoading).distinctUntilChanged(),
            // The page's books were admitted (and `shown` updated) before the paginator emitted this state.
            status: state.map { state in
                let (shortfall, skipped) = shown.withLock { shown in
                    let shortfall =
                        state.hasMore || state.isLoading || state.error != nil
                        ? nil : state.totalCount.flatMap { shown.books.shortfall(claimedTotal: $0) }
                    return (shortfall, state.hasQuery && shown.query != nil ? shown.books.skippedCount : 0)
                }
                return Self.statusLine(for: state, shortfall: shortfall, skipped: skipped)
            }.distinctUntilChanged(),
            errorMessage: state.map { $0.error.map(Self.message(for:)) }.distinctUntilChanged(),
            query: sharedQueries.asDriver(onErrorJustReturn: nil))
    }

    /// The query to search for each text and type: the text trimmed; a non-empty text once it has been stable for
    /// `debounce`; an empty text at once, as `nil` (no search: the list clears). Repeats are dropped, so a type
    /// change reuses the text and a text typed back to the same value does not search again.
    public nonisolated static func queries(
        type: Observable<QueryType>, text: Observable<String>, debounce: RxTimeInterval, scheduler: any SchedulerType
    ) -> Observable<BookQuery?> {
        let trimmed = text.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.share()
        let settledText = Observable.merge(trimmed.filter(\.isEmpty), trimmed.debounce(debounce, scheduler: scheduler))
            .distinctUntilChanged()
        return Observable.combineLatest(type.distinctUntilChanged(), settledText) { type, text in
            text.isEmpty ? nil : BookQuery(text: text, type: type)
        }
        .distinctUntilChanged()
    }

    /// The status line for `state`: "Type to search" (no query), "Searching…" (the first page is loading),
    /// "Search failed", "No books found" (the total is 0), "No books listed (the server counts 100)" (an empty
    /// answer with a total above 0), "20 of 134" (with ", loading more…" while the next page loads).
    /// With a `shortfall` (``ShownBooks/shortfall(claimedTotal:)``), an ended list below its total says why:
    /// "12 of 35: the server repeated books; 12 of the claimed 35 were new". With `skipped` items that could not
    /// be read (``ShownBooks/skippedCount``), it says so: "8 of 134, 2 skipped: unreadable".
    public nonisolated static func statusLine(
        for state: PaginatorState<Book>, shortfall: String? = nil, skipped: Int = 0
    ) -> String {
        guard state.hasQuery else { return "Type to search" }
        let skippedNote = skipped > 0 ? ", \(skipped) skipped: unreadable" : ""
        let count = state.items.count
        if count == 0 {
            if state.isLoading { return "Searching…" }
            if state.error != nil { return "Search failed" }
            if let total = state.totalCount, total > 0 {
                return "No books listed (the server counts \(total))" + skippedNote
            }
            return "No books found" + skippedNote
        }
        let total = state.totalCount.map { max($0, count) }
        var line = (total.map { "\(count) of \($0)" } ?? "\(count)") + skippedNote
        if state.isLoading { line += ", loading more…" }
        if let shortfall, !state.isLoading { line += ": " + shortfall }
        return line
    }

    /// The sentence to show for a failed request.
    public nonisolated static func message(for error: any Error) -> String {
        if let error = error as? BookSearchError { return error.description }
        return "The search failed: \(error.localizedDescription)"
    }
}
