import BookSearch
import RxLite
import RxLiteTest
import Testing

/// The RxLite bridge: `searchObservable` runs one search per subscription and cancels it on dispose.
@Suite(.checksResources) struct SearchObservableTests {
    /// A service whose `search` runs `body`.
    private struct StubService: BookSearchService {
        let body: @Sendable (BookSearchRequest) async throws(BookSearchError) -> BookSearchPage
        func search(_ request: BookSearchRequest) async throws(BookSearchError) -> BookSearchPage {
            try await body(request)
        }
    }

    /// A service that waits until its task is cancelled, and tells when it started and when it was cancelled.
    private final class HangingService: BookSearchService {
        let started = AsyncStream<Void>.makeStream()
        let cancelled = AsyncStream<Void>.makeStream()

        func search(_ request: BookSearchRequest) async throws(BookSearchError) -> BookSearchPage {
            let (stream, continuation) = AsyncStream<Void>.makeStream()
            await withTaskCancellationHandler {
                started.continuation.yield()
                for await _ in stream {}
            } onCancel: {
                continuation.finish()
                cancelled.continuation.yield()
            }
            throw .cancelled
        }
    }

    /// The events of one subscription to `observable`, once it has ended.
    private func events(of observable: Observable<BookSearchPage>) async -> [String] {
        await withCheckedContinuation { continuation in
            let log = Protected<[String]>([])
            _ = observable.subscribe(
                onNext: { page in log.withLock { $0.append("next(\(page.totalResults))") } },
                onError: { error in
                    continuation.resume(returning: log.withLock { $0 + ["error(\(error))"] })
                },
                onCompleted: { continuation.resume(returning: log.withLock { $0 + ["completed"] }) })
        }
    }

    @Test func deliversThePageThenCompletes() async {
        let page = BookSearchPage(books: [], totalResults: 42, startIndex: 1, itemsPerPage: 10)
        let service = StubService { _ throws(BookSearchError) in page }
        #expect(await events(of: service.searchObservable(BookSearchRequest(query: "a"))) == ["next(42)", "completed"])
    }

    @Test func deliversTheTypedError() async {
        let service = StubService { _ throws(BookSearchError) in throw .http(status: 500) }
        let events = await events(of: service.searchObservable(BookSearchRequest(query: "a")))
        #expect(events == ["error(\(BookSearchError.http(status: 500)))"])
    }

    @Test func eachSubscriptionSearchesAgain() async {
        let count = RxAtomic<Int>(0)
        let service = StubService { _ throws(BookSearchError) in
            BookSearchPage(
                books: [], totalResults: count.add(1, ordering: .relaxed).newValue, startIndex: 1, itemsPerPage: 10)
        }
        let observable = service.searchObservable(BookSearchRequest(query: "a"))
        #expect(await events(of: observable) == ["next(1)", "completed"])
        #expect(await events(of: observable) == ["next(2)", "completed"])
    }

    @Test func disposingCancelsTheSearchAndDeliversNothing() async {
        let service = HangingService()
        let received = Protected<[String]>([])
        let subscription = service.searchObservable(BookSearchRequest(query: "a")).subscribe(
            onNext: { _ in received.withLock { $0.append("next") } },
            onError: { _ in received.withLock { $0.append("error") } },
            onCompleted: { received.withLock { $0.append("completed") } })
        for await _ in service.started.stream { break }
        subscription.dispose()
        for await _ in service.cancelled.stream { break }
        #expect(received.withLock { $0 }.isEmpty)
    }

    @Test func aladinClientSearchIsCancelledOnDispose() async throws {
        let body = AladinFixtures.page(total: 0, start: 1, items: [])
        try await withLocalHTTPServer(route: { _ in .json(body, delay: .seconds(1)) }) { server in
            let client = AladinClient(ttbKey: "k", baseURL: server.url("ttb/api/"), timeout: 5)
            let received = Protected<[String]>([])
            let subscription = client.searchObservable(BookSearchRequest(query: "a")).subscribe(
                onNext: { _ in received.withLock { $0.append("next") } },
                onError: { _ in received.withLock { $0.append("error") } })
            while server.requests.isEmpty { await Task.yield() }
            subscription.dispose()
            #expect(received.withLock { $0 }.isEmpty)
        }
    }
}
