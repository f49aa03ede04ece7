import BookSearch
import Foundation
import RxLiteTest
import Testing

/// `AladinClient` against a server that answers with hostile data: huge bodies, gzip bombs, pages far larger than
/// asked for, numbers that do not fit, wrong types, a 414. Each ends in a page cut to what was asked for or a
/// typed error that names the cause, never in unbounded memory.
@Suite(.checksResources) struct HostileServerTests {
    private typealias Response = LocalHTTPServer.Response

    private func client(_ server: LocalHTTPServer, limit: Int = AladinClient.defaultMaximumResponseBytes)
        -> AladinClient
    {
        AladinClient(
            ttbKey: "ttbtestkey0001", baseURL: server.url("ttb/api/"), timeout: 10, maximumResponseBytes: limit)
    }

    private func failure(_ server: LocalHTTPServer, _ request: BookSearchRequest = BookSearchRequest(query: "한강"))
        async -> BookSearchError?
    {
        do {
            _ = try await client(server).search(request)
            return nil
        } catch {
            return error
        }
    }

    /// A valid answer padded with spaces inside the JSON to `size` bytes.
    private static func padded(to size: Int) -> Data {
        var body = Data(#"{"totalResults":1,"item":[],"#.utf8)
        body.append(Data(repeating: UInt8(ascii: " "), count: max(size - body.count - 10, 0)))
        body.append(Data(#""x":0}"#.utf8))
        return body
    }

    @Test(arguments: [true, false])
    func aFiftyMegabyteBodyIsRefusedAsTooLarge(announced: Bool) async throws {
        let body = Self.padded(to: 50 << 20)
        try await withLocalHTTPServer(route: { _ in
            Response(body: body, sendsContentLength: announced)
        }) { server in
            let error = await failure(server)
            #expect(error == .responseTooLarge(limit: AladinClient.defaultMaximumResponseBytes))
            #expect(error?.description.contains("larger than 4 MB") == true)
            #expect(error?.description.contains("--aladin-url or ALADIN_BASE_URL") == true)
        }
    }

    @Test func aBodyJustUnderTheLimitIsRead() async throws {
        let body = Self.padded(to: 1 << 20)
        try await withLocalHTTPServer(route: { _ in Response(body: body) }) { server in
            let page = try await client(server, limit: 1 << 20).search(BookSearchRequest(query: "a"))
            #expect(page.totalResults == 1)
        }
    }

    /// The client asks for `Accept-Encoding: identity`; a server that compresses anyway is refused before its
    /// body is inflated: a gzip bomb could need any amount of memory to inflate.
    @Test func aCompressedAnswerIsRefusedBeforeItIsInflated() async throws {
        let page = AladinFixtures.page(total: 2, start: 1, items: AladinFixtures.hanKang)
        let body = Gzip.literal(Data(page.utf8))
        try await withLocalHTTPServer(route: { _ in
            Response(body: body, headers: [("Content-Encoding", "gzip")])
        }) { server in
            let error = try #require(await failure(server))
            #expect(error == .malformedResponse("the answer is compressed (gzip) though none was asked for"))
        }
    }

    /// 420 KB on the wire that would inflate to 64 MiB: refused from its head, never inflated.
    @Test func aGzipBombIsRefusedFromItsHead() async throws {
        let body = Gzip.bomb(prefix: Data(#"{"totalResults":1,"item":["#.utf8), size: 64 << 20)
        #expect(body.count < 600_000)
        try await withLocalHTTPServer(route: { _ in
            Response(body: body, headers: [("Content-Encoding", "gzip")], sendsContentLength: false)
        }) { server in
            let error = try #require(await failure(server))
            #expect(error == .malformedResponse("the answer is compressed (gzip) though none was asked for"))
        }
    }

    @Test func aChunkedAnswerIsReadAndAHugeOneStopsAtTheLimit() async throws {
        let page = Data(AladinFixtures.page(total: 2, start: 1, items: AladinFixtures.hanKang).utf8)
        try await withLocalHTTPServer(route: { _ in Response(body: page, isChunked: true) }) { server in
            let result = try await client(server).search(BookSearchRequest(query: "한강"))
            #expect(result.books.count == 2)
        }
        let huge = Self.padded(to: 20 << 20)
        try await withLocalHTTPServer(route: { _ in Response(body: huge, isChunked: true) }) { server in
            #expect(await failure(server) == .responseTooLarge(limit: AladinClient.defaultMaximumResponseBytes))
        }
    }

    /// A head of at least four bytes without its blank line, then the connection closed: a typed error, not a
    /// crash (the search for the blank line once started past the end of what was read).
    @Test(arguments: ["HTTP/1.1 200 OK\r\nX", "HTTP", "HTTP/1.1 200 OK\r\n", "HTTP/1.1 200 OK\r\nA: b\r\n\r"])
    func aHeadCutShortIsATypedError(head: String) async throws {
        try await withLocalHTTPServer(route: { _ in Response(raw: Data(head.utf8)) }) { server in
            #expect(await failure(server) == .malformedResponse("the answer's head is cut short"))
        }
    }

    /// Chunk sizes at and near `Int.max` (and past it): refused as too large or not a number, never an overflow.
    @Test(arguments: [
        ("7fffffffffffffff", BookSearchError.responseTooLarge(limit: AladinClient.defaultMaximumResponseBytes)),
        ("7ffffffffffffff0", BookSearchError.responseTooLarge(limit: AladinClient.defaultMaximumResponseBytes)),
        ("ffffffffffffffff", BookSearchError.malformedResponse("a chunk size \"ffffffffffffffff\" is not a number")),
    ])
    func aHugeChunkSizeIsRefused(size: String, expected: BookSearchError) async throws {
        let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        let body = "10\r\n{\"totalResults\":\r\n\(size)\r\nxx"
        try await withLocalHTTPServer(route: { _ in Response(raw: Data((head + body).utf8)) }) { server in
            #expect(await failure(server) == expected)
        }
    }

    /// A 3 MB error message (under the 4 MB cap) is cut on arrival to 4 KB, on a character boundary, with "…".
    @Test func aHugeErrorMessageIsCutOnArrival() async throws {
        let message = String(repeating: "e\u{301}한", count: 600_000)
        let body = #"{"errorCode":3,"errorMessage":"\#(message)"}"#
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            guard case .api(3, let shown) = await failure(server) else {
                Issue.record("expected an API error")
                return
            }
            #expect(shown.utf8.count <= 4096 && shown.utf8.count > 4000)
            #expect(shown.hasSuffix("…"))
            #expect(message.hasPrefix(shown.dropLast()))
            #expect(shown.dropLast().count % 2 == 0)  // whole "é" + "한" pairs: no accent cut from its letter
        }
    }

    /// Ten 160 KB titles (and, in the first book, 100 KB authors, publishers, dates and ISBNs): each field is cut
    /// on arrival.
    @Test func hugeBookFieldsAreCutOnArrival() async throws {
        let long = String(repeating: "가", count: 160_000 / 3)
        let items = (1...10).map { index in
            let other = index == 1 ? String(repeating: "9", count: 100_000) : "9"
            return AladinFixtures.Item(
                title: long, author: other, publisher: other, pubDate: other, isbn13: other, itemId: index,
                priceStandard: 1000)
        }
        let body = AladinFixtures.page(total: 10, start: 1, items: items)
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let page = try await client(server).search(BookSearchRequest(query: "a"))
            #expect(page.books.count == 10)
            for book in page.books {
                #expect(book.title.utf8.count <= 1024 && book.title.hasSuffix("…"))
                #expect(book.author.utf8.count <= 1024 && book.publisher.utf8.count <= 1024)
                #expect(book.publicationDate.utf8.count <= 64 && book.isbn13.utf8.count <= 64)
            }
        }
    }

    /// A `100 Continue` before the answer is skipped; a server that sends only that is a clear error.
    @Test func interimAnswersAreSkipped() async throws {
        let page = AladinFixtures.page(total: 2, start: 1, items: AladinFixtures.hanKang)
        let full = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: \(page.utf8.count)\r\n\r\n\(page)"
        try await withLocalHTTPServer(route: { _ in Response(raw: Data(full.utf8)) }) { server in
            let result = try await client(server).search(BookSearchRequest(query: "한강"))
            #expect(result.books.count == 2)
        }
        try await withLocalHTTPServer(route: { _ in Response(raw: Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) }) {
            server in
            #expect(await failure(server) == .malformedResponse("the server closed the connection without answering"))
        }
    }

    /// Only a busy or failing server is worth trying again later; a 404 is a wrong address, a 100 not an answer.
    @Test(arguments: [
        (404, "There is no Aladin API at this address (HTTP 404 Not Found)", false),
        (100, "The server answered only with HTTP 100", false),
        (403, "Aladin rejected the request (HTTP 403)", false),
        (503, "Aladin is busy (HTTP 503). Try again in a minute.", true),
        (500, "Aladin's server failed (HTTP 500). Try again later", true),
    ])
    func httpStatusesSayWhatToDo(status: Int, message: String, retry: Bool) {
        let text = BookSearchError.http(status: status).description
        #expect(text.hasPrefix(message), "\(text)")
        #expect(text.contains("Try again") == retry)
    }

    @Test func aPageOfTwentyThousandItemsIsCutToThePageSize() async throws {
        let items = (1...20_000).map { #"{"title":"Book \#($0)","isbn13":"","itemId":\#($0)}"# }
        let body = #"{"totalResults":40000,"item":[\#(items.joined(separator: ","))]}"#
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let page = try await client(server).search(BookSearchRequest(query: "a", page: 3))
            #expect(page.books.count == 10)
            #expect(page.books.first?.title == "Book 1")
            #expect(page.startIndex == 3 && page.itemsPerPage == 10)
        }
    }

    @Test func anEchoedPageNumberOrSizeDoesNotMoveThePaging() async throws {
        let body = AladinFixtures.page(total: 100, start: 50, itemsPerPage: 1, items: AladinFixtures.items(10))
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let page = try await client(server).search(BookSearchRequest(query: "a", page: 2))
            #expect(page.startIndex == 2 && page.itemsPerPage == 10)
        }
    }

    @Test(arguments: [
        (#"{"totalResults":"many","item":[]}"#, "the field totalResults has the wrong type"),
        (#"{"totalResults":{"n":1},"item":[]}"#, "the field totalResults has the wrong type"),
        (#"{"totalResults":1,"item":{"title":"a"}}"#, "the field item has the wrong type"),
        (#"[1, 2]"#, "the answer is not a JSON object"),
        (#"{"item":[]}"#, "the field totalResults is missing"),
    ])
    func errorTextsNameTheRealCause(body: String, expected: String) async throws {
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let error = try #require(await failure(server))
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(!error.description.contains("Index "))
            #expect(!error.description.contains("field  "))
        }
    }

    /// A page of ten of which some items are malformed, as `(what, the body's change, books kept, skipped)`.
    static let malformedItemModes: [(String, @Sendable (String) -> String, Int, Int)] = [
        (
            "a wrong type in one field", { $0.replacingOccurrences(of: #""title":"테스트 도서 3""#, with: #""title":3"#) },
            9, 1
        ),
        ("an item that is null", { $0.replacingOccurrences(of: item(5), with: "null") }, 9, 1),
        (
            "two items that are not objects",
            { $0.replacingOccurrences(of: item(2), with: "\"oops\"").replacingOccurrences(of: item(9), with: "[]") }, 8,
            2
        ),
        (
            "a negative price",
            { $0.replacingOccurrences(of: #""priceStandard":10200"#, with: #""priceStandard":-1"#) }, 10, 0
        ),
        (
            "a huge price", { $0.replacingOccurrences(of: #""priceStandard":10200"#, with: #""priceStandard":1e30"#) },
            10, 0
        ),
        (
            "a fractional price",
            { $0.replacingOccurrences(of: #""priceStandard":10200"#, with: #""priceStandard":12.5"#) },
            10, 0
        ),
        ("an item id as text", { $0.replacingOccurrences(of: #""itemId":100002"#, with: #""itemId":"x""#) }, 10, 0),
    ]

    private static func item(_ number: Int) -> String { AladinFixtures.items(1, startingAt: number)[0].json }

    /// One malformed item never hides the page: the well-formed items are kept, the unreadable ones counted; a
    /// price or id that is not a whole number from 0 is left out, and its book kept.
    @Test(arguments: 0..<malformedItemModes.count)
    func oneBadItemKeepsTheRestOfThePage(mode: Int) async throws {
        let (_, change, kept, skipped) = Self.malformedItemModes[mode]
        let body = change(AladinFixtures.page(total: 50, start: 1, items: AladinFixtures.items(10)))
        #expect(body != AladinFixtures.page(total: 50, start: 1, items: AladinFixtures.items(10)))
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let page = try await client(server).search(BookSearchRequest(query: "한강"))
            #expect(page.books.count == kept)
            #expect(page.skippedItems == skipped)
            #expect(page.totalResults == 50 && page.hasMore)
            if kept == 10 {
                #expect(page.books[1].priceKRW == nil || page.books[1].itemID == nil)
                #expect(page.books[1].title == "테스트 도서 2")
                #expect(page.books[0].priceKRW == 10_100 && page.books[0].itemID == 100_001)
            }
        }
    }

    /// `totalResults` written as text or with a fraction is read; an absurd one is cut to a bound; a negative one
    /// stands for no total, so the page is shown as the last.
    @Test(arguments: [
        (#""50""#, 50, true), ("50.7", 50, true), (#"" 50 ""#, 50, true), ("99999999999999999999", 100_000_000, true),
        ("1e300", 100_000_000, true), ("-5", 10, false), ("-1e30", 10, false),
    ])
    func anOddTotalIsReadOrBounded(total: String, expected: Int, hasMore: Bool) async throws {
        let body = AladinFixtures.page(total: 0, start: 1, items: AladinFixtures.items(10))
            .replacingOccurrences(of: #""totalResults":0"#, with: #""totalResults":\#(total)"#)
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let page = try await client(server).search(BookSearchRequest(query: "한강"))
            #expect(page.books.count == 10)
            #expect(page.totalResults == expected)
            #expect(page.hasMore == hasMore)
        }
    }

    @Test func http414SaysTheQueryIsTooLong() async throws {
        try await withLocalHTTPServer(route: { _ in .json("<html>414</html>", status: 414) }) { server in
            let error = await failure(server, BookSearchRequest(query: String(repeating: "긴", count: 3000)))
            #expect(error == .http(status: 414))
            #expect(error?.description.contains("The query is too long") == true)
        }
    }

    @Test func anErrorMessageWithoutAFullStopStillReadsAsSentences() async throws {
        let body = #"{"errorCode":3,"errorMessage":"busy"}"#
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let error = await failure(server)
            #expect(
                error?.description == "Aladin refused the search (error 3): busy. Try again later, or change the query."
            )
        }
    }
}
