import BookSearch
import Foundation
import RxLiteTest
import Testing

/// `AladinClient` against a real HTTP server on 127.0.0.1 serving Aladin-shaped answers.
@Suite(.checksResources) struct AladinClientTests {
    private typealias Response = LocalHTTPServer.Response

    private func client(_ server: LocalHTTPServer, timeout: TimeInterval = 5) -> AladinClient {
        AladinClient(ttbKey: "ttbtestkey0001", baseURL: server.url("ttb/api/"), timeout: timeout)
    }

    /// The error `body` throws, or `nil` when it throws none.
    private func error(of body: () async throws(BookSearchError) -> BookSearchPage) async -> BookSearchError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }

    @Test func firstPageSendsEveryParameterAndDecodesTheItems() async throws {
        let body = AladinFixtures.page(total: 23, start: 1, items: AladinFixtures.hanKang + AladinFixtures.items(8))
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let page = try await client(server).search(BookSearchRequest(query: "한강", queryType: .author))

            let request = try #require(server.requests.first)
            #expect(server.requests.count == 1)
            #expect(request.method == "GET")
            #expect(request.path == "/ttb/api/ItemSearch.aspx")
            #expect(request.parameter("TTBKey") == "ttbtestkey0001")
            #expect(request.parameter("Query") == "한강")
            #expect(request.parameter("QueryType") == "Author")
            #expect(request.parameter("Start") == "1")
            #expect(request.parameter("MaxResults") == "10")
            #expect(request.parameter("SearchTarget") == "Book")
            #expect(request.parameter("output") == "js")
            #expect(request.parameter("Version") == "20131101")
            #expect(request.parameters.count == 8)

            #expect(page.totalResults == 23)
            #expect(page.startIndex == 1)
            #expect(page.itemsPerPage == 10)
            #expect(page.books.count == 10)
            #expect(page.hasMore)
            #expect(
                page.books[0]
                    == Book(
                        title: "채식주의자", author: "한강 (지은이)", publisher: "창비", publicationDate: "2007-10-30",
                        isbn13: "9788936433598",
                        coverURL: URL(string: "https://image.aladin.co.kr/product/119/96/coversum/8936433598_1.jpg"),
                        priceKRW: 15_000,
                        link: URL(
                            string:
                                "http://www.aladin.co.kr/shop/wproduct.aspx?ItemId=1197296&partner=openAPI&start=api"),
                        itemID: 1_197_296))
            #expect(page.books[0].publicationYear == 2007)
        }
    }

    @Test(arguments: QueryType.allCases)
    func queryTypeAndPagingParameters(queryType: QueryType) async throws {
        let body = AladinFixtures.page(total: 500, start: 7, itemsPerPage: 25, items: AladinFixtures.items(25))
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let request = BookSearchRequest(query: "swift", queryType: queryType, page: 7, pageSize: 25)
            let page = try await client(server).search(request)
            let sent = try #require(server.requests.first)
            #expect(sent.parameter("QueryType") == queryType.rawValue)
            #expect(sent.parameter("Start") == "7")
            #expect(sent.parameter("MaxResults") == "25")
            #expect(page.startIndex == 7)
            #expect(page.itemsPerPage == 25)
            #expect(page.books.count == 25)
        }
    }

    @Test func koreanSpacesAndReservedCharactersAreEncoded() async throws {
        let body = AladinFixtures.page(total: 0, start: 1, items: [])
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let query = "  토지 & 태백산맥 a+b=c/d?  "
            _ = try await client(server).search(BookSearchRequest(query: query))
            let sent = try #require(server.requests.first)
            #expect(sent.parameter("Query") == "토지 & 태백산맥 a+b=c/d?")
            let rawQuery = try #require(sent.rawQuery.split(separator: "&").first { $0.hasPrefix("Query=") })
            #expect(
                rawQuery == "Query=%ED%86%A0%EC%A7%80%20%26%20%ED%83%9C%EB%B0%B1%EC%82%B0%EB%A7%A5%20a%2Bb%3Dc%2Fd%3F")
        }
    }

    @Test func lastShortPageEndsThePaging() async throws {
        let body = AladinFixtures.page(total: 23, start: 3, items: AladinFixtures.items(3, startingAt: 21))
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let page = try await client(server).search(BookSearchRequest(query: "한강", page: 3))
            #expect(page.books.map(\.title) == ["테스트 도서 21", "테스트 도서 22", "테스트 도서 23"])
            #expect(page.totalResults == 23)
            #expect(page.startIndex == 3)
            #expect(!page.hasMore)
        }
    }

    @Test func noResultsIsAnEmptyPage() async throws {
        let body = AladinFixtures.page(query: "zzqxj", total: 0, start: 1, items: [])
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let page = try await client(server).search(BookSearchRequest(query: "zzqxj"))
            #expect(page.books.isEmpty)
            #expect(page.totalResults == 0)
            #expect(!page.hasMore)
        }
    }

    @Test func rejectedKeyBecomesInvalidKeyWithAladinsMessage() async throws {
        try await withLocalHTTPServer(route: { _ in .json(AladinFixtures.invalidKeyError) }) { server in
            let failure = await error { () async throws(BookSearchError) in
                try await client(server).search(BookSearchRequest(query: "한강"))
            }
            #expect(failure == .invalidKey("잘못된 TTBKey 입니다."))
            #expect(failure?.description.contains("Check the key (get one on Aladin's Open API page") == true)
            #expect(
                failure?.description(keySource: "ALADIN_TTB_KEY").contains("Check the key given by ALADIN_TTB_KEY")
                    == true)
            #expect(failure?.description.contains("잘못된 TTBKey 입니다.") == true)
        }
    }

    @Test func otherErrorBodyBecomesAPIError() async throws {
        try await withLocalHTTPServer(route: { _ in .json(AladinFixtures.otherError) }) { server in
            let failure = await error { () async throws(BookSearchError) in
                try await client(server).search(BookSearchRequest(query: "한강"))
            }
            #expect(failure == .api(code: 1, message: "Query 값이 너무 깁니다."))
        }
    }

    @Test func errorBodyWinsOverTheHTTPStatus() async throws {
        try await withLocalHTTPServer(route: { _ in .json(AladinFixtures.invalidKeyError, status: 403) }) { server in
            let failure = await error { () async throws(BookSearchError) in
                try await client(server).search(BookSearchRequest(query: "한강"))
            }
            #expect(failure == .invalidKey("잘못된 TTBKey 입니다."))
        }
    }

    @Test(arguments: [500, 503, 404, 400])
    func httpErrorStatusBecomesHTTPError(status: Int) async throws {
        let html = "<html><body>\(status)</body></html>"
        try await withLocalHTTPServer(route: { _ in .json(html, status: status) }) { server in
            let failure = await error { () async throws(BookSearchError) in
                try await client(server).search(BookSearchRequest(query: "한강"))
            }
            #expect(failure == .http(status: status))
            #expect(failure?.description.contains("HTTP \(status)") == true)
        }
    }

    @Test(arguments: [
        "<html><head><title>알라딘</title></head></html>",
        #"{"version":"20131101","totalResults":23,"startIndex":1,"itemsPerPage":10,"item":[{"title":"채식"#,
        #"{"version":"20131101","startIndex":1,"itemsPerPage":10,"item":[]}"#,
        #"{"totalResults":"many","item":[]}"#,
        #"{"totalResults":5,"startIndex":1,"itemsPerPage":10}"#,
        #"{"totalResults":true,"item":[]}"#,
        "",
    ])
    func malformedOrTruncatedBodyBecomesMalformedResponse(body: String) async throws {
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let failure = await error { () async throws(BookSearchError) in
                try await client(server).search(BookSearchRequest(query: "한강"))
            }
            guard case .malformedResponse(let detail) = failure else {
                Issue.record("expected malformedResponse, got \(String(describing: failure))")
                return
            }
            #expect(!detail.isEmpty)
        }
    }

    @Test func responseSlowerThanTheTimeoutBecomesTimedOut() async throws {
        let body = AladinFixtures.page(total: 0, start: 1, items: [])
        let start = DispatchTime.now()
        // The server's delay is far beyond the timeout, so that a loaded machine (CI's two cores running suites in
        // parallel took the 0.2 s timeout past 1 s) cannot blur "gave up at its timeout" into "waited for the reply".
        try await withLocalHTTPServer(route: { _ in .json(body, delay: .seconds(10)) }) { server in
            let failure = await error { () async throws(BookSearchError) in
                try await client(server, timeout: 0.2).search(BookSearchRequest(query: "한강"))
            }
            let elapsed = milliseconds(since: start)
            #expect(failure == .timedOut)
            // The client waited its 0.2 s (corelibs' URLSession alone would give up at once: it truncates
            // timeouts to whole seconds) and gave up long before the server's 10 s delay ran out.
            #expect(elapsed >= 150)
            #expect(elapsed < 5_000)
        }
        // Stopping the server cut its pending 10 s delay short and joined its thread.
        #expect(milliseconds(since: start) < 5_000)
    }

    @Test(arguments: [";", ";\n", "  ;  "])
    func trailingSemicolonIsTolerated(suffix: String) async throws {
        let body = AladinFixtures.page(total: 2, start: 1, items: AladinFixtures.hanKang) + suffix
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let page = try await client(server).search(BookSearchRequest(query: "한강"))
            #expect(page.books.map(\.isbn13) == ["9788936433598", "9788936434120"])
        }
    }

    @Test func jsonpWrapperIsTolerated() async throws {
        let body = "aladinCallback(" + AladinFixtures.page(total: 2, start: 1, items: AladinFixtures.hanKang) + ");"
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let page = try await client(server).search(BookSearchRequest(query: "한강"))
            #expect(page.totalResults == 2)
            #expect(page.books.count == 2)
        }
    }

    @Test func pageWithFewerItemsThanPromisedIsReturnedAsItCame() async throws {
        // Page 1 of 23 promises 10 books; the server lists 7. The page keeps the 7 and paging goes on by number.
        let body = AladinFixtures.page(total: 23, start: 1, items: AladinFixtures.items(7))
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let page = try await client(server).search(BookSearchRequest(query: "한강"))
            #expect(page.books.count == 7)
            #expect(page.totalResults == 23)
            #expect(page.hasMore)
        }
    }

    @Test func emptyPageBeforeTheTotalEndsThePaging() async throws {
        let body = AladinFixtures.page(total: 23, start: 2, items: [])
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let page = try await client(server).search(BookSearchRequest(query: "한강", page: 2))
            #expect(page.books.isEmpty)
            #expect(page.totalResults == 23)
            #expect(!page.hasMore)
        }
    }

    @Test func totalThatChangesBetweenPagesIsReportedPerPage() async throws {
        // The total shrinks from 25 to 12 between page 1 and page 2: page 2 reports 12 and ends the paging.
        try await withLocalHTTPServer(route: { request in
            request.parameter("Start") == "1"
                ? .json(AladinFixtures.page(total: 25, start: 1, items: AladinFixtures.items(10)))
                : .json(AladinFixtures.page(total: 12, start: 2, items: AladinFixtures.items(2, startingAt: 11)))
        }) { server in
            let client = client(server)
            let first = try await client.search(BookSearchRequest(query: "한강"))
            let second = try await client.search(BookSearchRequest(query: "한강").nextPage)
            #expect(first.totalResults == 25)
            #expect(first.hasMore)
            #expect(second.totalResults == 12)
            #expect(second.books.count == 2)
            #expect(!second.hasMore)
            #expect(server.requests.map { $0.parameter("Start") } == ["1", "2"])
        }
    }

    @Test(arguments: ["", "   ", "\n\t "])
    func emptyQueryIsRejectedBeforeAnyRequest(query: String) async throws {
        try await withLocalHTTPServer(route: { _ in .json("{}") }) { server in
            let failure = await error { () async throws(BookSearchError) in
                try await client(server).search(BookSearchRequest(query: query))
            }
            #expect(failure == .emptyQuery)
            #expect(server.requests.isEmpty)
        }
    }

    @Test func invalidPagingAndMissingKeyAreRejectedBeforeAnyRequest() async throws {
        try await withLocalHTTPServer(route: { _ in .json("{}") }) { server in
            for request in [
                BookSearchRequest(query: "a", page: 0), BookSearchRequest(query: "a", pageSize: 0),
                BookSearchRequest(query: "a", pageSize: 101),
            ] {
                let failure = await error { () async throws(BookSearchError) in try await client(server).search(request)
                }
                guard case .invalidRequest = failure else {
                    Issue.record("expected invalidRequest for \(request), got \(String(describing: failure))")
                    continue
                }
            }
            let keyless = AladinClient(ttbKey: " ", baseURL: server.url("ttb/api/"))
            let failure = await error { () async throws(BookSearchError) in
                try await keyless.search(BookSearchRequest(query: "a"))
            }
            #expect(failure == .invalidKey("No TTB key was given."))
            #expect(server.requests.isEmpty)
        }
    }

    @Test func refusedConnectionBecomesNetworkError() async throws {
        let server = try LocalHTTPServer(route: { _ in .json("{}") })
        let baseURL = server.url("ttb/api/")
        server.stop()
        let failure = await error { () async throws(BookSearchError) in
            try await AladinClient(ttbKey: "k", baseURL: baseURL, timeout: 5).search(BookSearchRequest(query: "a"))
        }
        guard case .network(let detail) = failure else {
            Issue.record("expected network, got \(String(describing: failure))")
            return
        }
        #expect(failure?.description.contains("Check the network connection") == true)
        #expect(!detail.isEmpty)
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let body = AladinFixtures.page(total: 0, start: 1, items: [])
        // The response waits far longer than the cancellation may take, so that on a loaded machine the cancel
        // still comes first (with one second, a busy test thread once cancelled after the response had come);
        // stopping the server cuts the wait short.
        try await withLocalHTTPServer(route: { _ in .json(body, delay: .seconds(30)) }) { server in
            let client = client(server)
            let search = Task { () async throws(BookSearchError) -> BookSearchPage in
                try await client.search(BookSearchRequest(query: "한강"))
            }
            while server.requests.isEmpty { await Task.yield() }
            search.cancel()
            let start = DispatchTime.now()
            let result = await search.result
            #expect(milliseconds(since: start) < 900)
            #expect(throws: BookSearchError.cancelled) { try result.get() }
        }
    }

    @Test func environmentKeyAndBaseURL() {
        #expect(AladinClient(environment: [:]) == nil)
        #expect(AladinClient(environment: ["ALADIN_TTB_KEY": "  "]) == nil)
        #expect(AladinClient(environment: ["ALADIN_TTB_KEY": "\n\t "]) == nil)
        #expect(AladinClient(environment: ["ALADIN_TTB_KEY": "ttbabc"])?.ttbKey == "ttbabc")
        #expect(AladinClient(environment: ["ALADIN_TTB_KEY": "ttbabc\r\n"])?.ttbKey == "ttbabc")
        #expect(AladinClient(environment: ["ALADIN_TTB_KEY": "k"])?.baseURL == AladinClient.defaultBaseURL)
        let proxied = AladinClient(environment: [
            "ALADIN_TTB_KEY": "k", "ALADIN_BASE_URL": "http://127.0.0.1:8080/ttb/",
        ])
        #expect(proxied?.baseURL.absoluteString == "http://127.0.0.1:8080/ttb/")
    }

    @Test func aKeyWithANewlineIsTrimmedBeforeItIsSent() async throws {
        let body = AladinFixtures.page(total: 0, start: 1, items: [])
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let client = AladinClient(ttbKey: " ttbkey\r\n", baseURL: server.url("ttb/api/"))
            _ = try await client.search(BookSearchRequest(query: "a"))
            #expect(server.requests.first?.parameter("TTBKey") == "ttbkey")
        }
    }

    @Test(arguments: ["http://127.0.0.1:9/", "https://proxy.example/ttb/api/", " http://h/ "])
    func baseURLsThatAreAccepted(text: String) {
        #expect(AladinClient.baseURL(parsing: text) != nil)
    }

    @Test(arguments: ["", "ftp://h/", "127.0.0.1:8080", "http://", "not a url"])
    func baseURLsThatAreRefused(text: String) {
        #expect(AladinClient.baseURL(parsing: text) == nil)
    }

    @Test(arguments: [TimeInterval.infinity, -.infinity, .nan, 0, -1])
    func timeoutsThatAreRefused(timeout: TimeInterval) {
        #expect(!AladinClient.isValidTimeout(timeout))
    }

    @Test func anInfiniteTimeoutStopsAtTheInitializer() async {
        await #expect(processExitsWith: .failure) {
            _ = AladinClient(ttbKey: "k", timeout: .infinity)
        }
    }

    @Test func aNaNTimeoutStopsAtTheInitializer() async {
        await #expect(processExitsWith: .failure) {
            _ = AladinClient(ttbKey: "k", timeout: .nan)
        }
    }
}

/// Wall-clock milliseconds since `start` (`DispatchTime`, not `ContinuousClock`, which needs macOS 13 / iOS 16).
private func milliseconds(since start: DispatchTime) -> UInt64 {
    (DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
}
