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
        Observable.create { observer in
            let delivery = SingleDelivery(observer)
            let task = Task {
                do throws(BookSearchError) {
                    delivery.deliver(.success(try await self.search(request)))
                } catch {
                    delivery.deliver(.failure(error))
                }
            }
            return Disposables.create {
                delivery.release()
                task.cancel()
            }
        }
    }
}

/// Hands a search's one result to a `create` observer, at most once, from the search task. Dispose releases the
/// observer at once, so a cancelled task that is still winding down holds no part of the subscription.
/// `@unchecked Sendable`: `observer` is read and written under `lock`, and called outside it (an observer may
/// dispose from inside `onNext`). `create`'s observer itself may be called from any thread.
private final class SingleDelivery: @unchecked Sendable {
    private let lock = NSLock()
    private var observer: AnyObserver<BookSearchPage>?

    init(_ observer: AnyObserver<BookSearchPage>) { self.observer = observer }

    func deliver(_ result: Result<BookSearchPage, BookSearchError>) {
        guard let observer = take() else { return }
        switch result {
        case .success(let page):
            observer.onNext(page)
            observer.onCompleted()
        case .failure(let error):
            observer.onError(error)
        }
    }

    func release() { _ = take() }

    private func take() -> AnyObserver<BookSearchPage>? {
        lock.withLock {
            defer { observer = nil }
            return observer
        }
    }
}
