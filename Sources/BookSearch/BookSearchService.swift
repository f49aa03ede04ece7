import Foundation
import RxLite

/// Something that answers book searches one page at a time: ``AladinClient`` over the network, or the
/// ``EmbeddedCatalog`` with no key and no network.
///
/// `search` throws only ``BookSearchError`` (typed throws), so callers can switch over the failure without casts.
/// It checks the request first (``BookSearchRequest/validate()``): an empty query throws `.emptyQuery` before any
/// work. Paging follows Aladin's rules for every service; see ``BookSearchPage``.
public protocol BookSearchService: Sendable {
    /// The page `request.page` of the results for `request`.
    func search(_ request: BookSearchRequest) async throws(BookSearchError) -> BookSearchPage
}

extension BookSearchService {
    /// `search(request)` as an `Observable`: one `next(page)` then `completed`, or `error(BookSearchError)`.
    ///
    /// Each subscription starts its own search in a `Task`; disposing the subscription cancels that task (an
    /// `AladinClient` then cancels its HTTP request) and nothing is delivered after. Events arrive on a thread of
    /// Swift concurrency's pool: use `observe(on:)` to move them to the main thread for UI work.
    public func searchObservable(_ request: BookSearchRequest) -> Observable<BookSearchPage> {
        // `Observable.task` cancels the search on dispose, emits nothing once cancelled, and lets go of the
        // subscription as soon as the search returns.
        Observable.task { try await self.search(request) }
    }
}
