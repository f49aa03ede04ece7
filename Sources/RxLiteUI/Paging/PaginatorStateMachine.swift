/// The paging logic of ``Paginator``, without schedulers or items: each transition returns what the caller must
/// do.
///
/// Invariants (debug builds check after every transition what of them the state shows: `phase` is `idle` exactly
/// when there is no query, and then no page is loaded; a page loading or failed is page `loadedPages + 1`; a page
/// is loaded once the list is ready or exhausted; `lastError` is set exactly while `failed`. That a request and its
/// answer belong to one generation is carried by ``Fetch``, not kept in the state):
/// - At most one request is in flight (`phase == .loading`), and it belongs to the current `generation`; a
///   trigger while it is in flight does nothing, so each page of a query is requested once (again only after it
///   failed).
/// - Every query change (and refresh) increments `generation`. A result whose generation is not the current one is
///   stale: it is dropped, so a cancelled request's late answer never shows.
/// - Pages load in order: `loadedPages` pages are in the list, and the next request is for page
///   `loadedPages + 1`. After the last page (`.exhausted`) nothing is requested until the query changes.
/// - A failure changes nothing but the phase: every loaded item stays, and the next trigger requests the same page.
package struct PaginatorStateMachine<Query> {
    package enum Phase: Equatable, Sendable {
        /// No query: nothing is shown or requested.
        case idle
        /// Page `page` was requested and has not answered.
        case loading(page: Int)
        /// The loaded pages are shown and a next page exists.
        case ready
        /// Page `page` failed; a trigger or a retry requests it again.
        case failed(page: Int)
        /// The last page is loaded.
        case exhausted
    }

    /// A request to start.
    package struct Fetch {
        package var query: Query
        package var request: PageRequest
        package var generation: Int
    }

    package enum Action {
        /// Nothing changed.
        case none
        /// Cancel the request in flight, empty the list, publish, then start `fetch` if there is one.
        case reset(fetch: Fetch?)
        /// Publish the new phase (loading), then start `fetch`.
        case fetch(Fetch)
    }

    package let pageSize: Int
    package private(set) var query: Query?
    package private(set) var generation = 0
    package private(set) var phase = Phase.idle
    package private(set) var loadedPages = 0
    package private(set) var totalCount: Int?
    package private(set) var lastError: (any Error)?

    package init(pageSize: Int) {
        precondition(pageSize > 0, "A page size must be positive, not \(pageSize)")
        self.pageSize = pageSize
    }

    /// Whether a request is in flight.
    package var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    /// Whether a page after the loaded ones may exist (it is loading, failed, or not yet asked for).
    package var hasMore: Bool {
        switch phase {
        case .loading, .ready, .failed: true
        case .idle, .exhausted: false
        }
    }

    /// A new query (`nil`: none): forget everything and request its page 1. No query when there was none changes
    /// nothing.
    package mutating func setQuery(_ newQuery: Query?) -> Action {
        if newQuery == nil && query == nil && phase == .idle { return .none }
        defer { _checkInvariants() }
        generation += 1
        query = newQuery
        loadedPages = 0
        totalCount = nil
        lastError = nil
        guard let newQuery else {
            phase = .idle
            return .reset(fetch: nil)
        }
        phase = .loading(page: 1)
        return .reset(fetch: Fetch(query: newQuery, request: request(1), generation: generation))
    }

    /// Load the current query again from page 1.
    package mutating func refresh() -> Action {
        guard let query else { return .none }
        return setQuery(query)
    }

    /// The user reached the end of the list: request the next page, or the failed one again.
    package mutating func loadNext() -> Action {
        switch phase {
        case .ready: return start(page: loadedPages + 1)
        case .failed(let page): return start(page: page)
        case .idle, .loading, .exhausted: return .none
        }
    }

    /// Request the failed page again; nothing otherwise.
    package mutating func retry() -> Action {
        guard case .failed(let page) = phase else { return .none }
        return start(page: page)
    }

    /// The request of `generation` answered with `itemCount` items. Returns whether the page belongs to the list
    /// (the caller then appends its items); `false` means a stale answer, to drop.
    package mutating func pageLoaded(generation: Int, itemCount: Int, totalCount: Int?, hasMore: Bool?) -> Bool {
        guard generation == self.generation, case .loading(let page) = phase else { return false }
        defer { _checkInvariants() }
        loadedPages = page
        if let totalCount { self.totalCount = totalCount }
        lastError = nil
        let more: Bool
        if let hasMore {
            more = hasMore && itemCount > 0
        } else {
            let (covered, overflow) = page.multipliedReportingOverflow(by: pageSize)
            let belowTotal = self.totalCount.map { !overflow && covered < $0 } ?? true
            more = itemCount >= pageSize && belowTotal
        }
        phase = more ? .ready : .exhausted
        return true
    }

    /// The request of `generation` failed. Returns whether that changed anything (`false` for a stale failure).
    package mutating func pageFailed(generation: Int, error: any Error) -> Bool {
        guard generation == self.generation, case .loading(let page) = phase else { return false }
        phase = .failed(page: page)
        lastError = error
        _checkInvariants()
        return true
    }

    private mutating func start(page: Int) -> Action {
        guard let query else { return .none }
        phase = .loading(page: page)
        lastError = nil
        _checkInvariants()
        return .fetch(Fetch(query: query, request: request(page), generation: generation))
    }

    private func request(_ page: Int) -> PageRequest { PageRequest(page: page, pageSize: pageSize) }

    /// Debug builds: traps unless the state keeps the invariants the type states.
    func _checkInvariants() {
        #if DEBUG
            func check(_ condition: Bool, _ message: @autoclosure () -> String) {
                if !condition { preconditionFailure("Internal inconsistency: a paginator \(message())") }
            }
            check((phase == .idle) == (query == nil), "is \(phase) with a query: \(query != nil)")
            check(phase != .idle || loadedPages == 0, "with no query has \(loadedPages) pages")
            switch phase {
            case .loading(let page), .failed(let page):
                check(page == loadedPages + 1, "is \(phase) with \(loadedPages) pages loaded")
            case .ready, .exhausted:
                check(loadedPages >= 1, "is \(phase) with no page loaded")
            case .idle:
                break
            }
            if case .failed = phase {
                check(lastError != nil, "failed with no error")
            } else {
                check(lastError == nil, "is \(phase) with an error")
            }
        #endif
    }
}
