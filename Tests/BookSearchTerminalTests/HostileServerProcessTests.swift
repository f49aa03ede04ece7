import Foundation
import RxLiteTest
import Testing

/// `book-search search` pointed at a hostile server with `--aladin-url`: what a person running it sees.
@Suite(.serialized, .checksResources) struct HostileServerProcessTests {
    let process = BookSearchProcessTests()

    func search(_ server: LocalHTTPServer, _ extra: [String] = []) throws -> BookSearchProcessTests.Run {
        try process.run(
            ["search", "q", "--aladin-key", "ttbkey", "--aladin-url", server.url("ttb/api/").absoluteString] + extra)
    }

    static let injected = AladinFixtures.Item(
        title: "Clear\\u001b[2J\\u001b]0;owned\\u0007 me\\nnow", author: "\\u202eevil\\u202c", publisher: "P",
        pubDate: "2020-01-01", isbn13: "9788936433598", itemId: 1, priceStandard: 1000)

    @Test func escapeSequencesInATitleNeverReachTheTerminal() async throws {
        let body = AladinFixtures.page(total: 1, start: 1, items: [Self.injected])
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let result = try search(server)
            #expect(result.status == 0)
            #expect(result.stdout == "1. Clear me now — evil (P, 2020) 9788936433598\n1 of 1\n")
        }
    }

    @Test func jsonKeepsTheOriginalTextEscaped() async throws {
        let body = AladinFixtures.page(total: 1, start: 1, items: [Self.injected])
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let result = try search(server, ["--json"])
            #expect(result.status == 0)
            #expect(!result.stdout.contains("\u{1B}"))
            #expect(result.stdout.contains(#"Clear\u001b[2J\u001b]0;owned\u0007 me\nnow"#))
            let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let first = try #require((object["books"] as? [[String: Any]])?.first)
            #expect(first["title"] as? String == "Clear\u{1B}[2J\u{1B}]0;owned\u{07} me\nnow")
        }
    }

    @Test func aServerRepeatingItsPagesListsEachBookOnce() async throws {
        let body = AladinFixtures.page(total: 40_000, start: 1, items: AladinFixtures.items(10))
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let result = try search(server, ["--pages", "5"])
            #expect(result.status == 0)
            #expect(result.stdout.split(separator: "\n").count == 11)
            #expect(
                result.stdout.hasSuffix(
                    "\n10 of 40000: the server repeated books; 10 of the claimed 40000 were new\n"))
            #expect(server.requests.count == 2)  // page 2 added nothing: the paging stopped
        }
    }

    /// `--pages 3` with page 2 failing: page 1 is printed, then the error, exit 1.
    @Test(arguments: [false, true])
    func aLaterPageFailingKeepsThePagesLoaded(json: Bool) async throws {
        let first = AladinFixtures.page(total: 30, start: 1, items: AladinFixtures.items(10))
        try await withLocalHTTPServer(route: { request in
            request.parameter("Start") == "1" ? .json(first) : .json("<html>down</html>", status: 500)
        }) { server in
            let result = try search(server, ["--pages", "3"] + (json ? ["--json"] : []))
            #expect(result.status == 1)
            if json {
                let object = try #require(
                    JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                #expect((object["books"] as? [Any])?.count == 10)
            } else {
                #expect(result.stdout.split(separator: "\n").count == 11)
                #expect(result.stdout.hasSuffix("\n10 of 30\n"))
            }
            #expect(result.stderr.hasPrefix("book-search: page 2 failed: Aladin's server failed (HTTP 500)."))
            #expect(server.requests.count == 2)
        }
    }

    /// Two unreadable items of ten: the eight others are printed, and the count line says two were skipped.
    @Test func unreadableItemsAreSkippedAndCounted() async throws {
        let items = AladinFixtures.items(10)
        let body = AladinFixtures.page(total: 10, start: 1, items: items)
            .replacingOccurrences(of: items[3].json, with: "null")
            .replacingOccurrences(of: #""title":"테스트 도서 7""#, with: #""title":{"ko":"x"}"#)
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let result = try search(server)
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 9)
            #expect(lines.last == "8 of 10, 2 skipped: unreadable")
            #expect(!result.stdout.contains("테스트 도서 4 ") && !result.stdout.contains("테스트 도서 7 "))
        }
    }

    @Test func anEmptyPageWithATotalSaysSo() async throws {
        let body = AladinFixtures.page(total: 100, start: 1, items: [])
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let result = try search(server)
            #expect(result.stdout == "The server counts 100 books for \"q\" (keyword) but listed none.\n")
        }
    }

    @Test func aRejectedKeyNamesTheOptionItCameFrom() async throws {
        try await withLocalHTTPServer(route: { _ in .json(AladinFixtures.invalidKeyError) }) { server in
            let result = try search(server)
            #expect(result.status == 1)
            #expect(result.stderr.contains("Check the key given by --aladin-key"))
        }
    }

    @Test func anErrorMessageWithEscapesIsMadeSafeOnStderr() async throws {
        let body = #"{"errorCode":2,"errorMessage":"x\u001b[2J\ny"}"#
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let result = try search(server)
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "book-search: Aladin refused the search (error 2): x y. Try again later, or change the query.\n")
        }
    }

    /// A 3 MB error message reaches stderr cut to a few KB, not copied whole.
    @Test func aHugeErrorMessageIsNotCopiedToStderr() async throws {
        let body = #"{"errorCode":3,"errorMessage":"\#(String(repeating: "x", count: 3 << 20))"}"#
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            let result = try search(server)
            #expect(result.status == 1)
            #expect(result.stderr.utf8.count < 5_000)
            #expect(result.stderr.contains("xxx…. Try again later"))
        }
    }

    @Test func aHugeAnswerIsATypedError() async throws {
        let body = Data(repeating: UInt8(ascii: " "), count: 50 << 20)
        try await withLocalHTTPServer(route: { _ in LocalHTTPServer.Response(body: body) }) { server in
            let result = try search(server)
            #expect(result.status == 1)
            #expect(result.stderr.contains("larger than 4 MB"))
        }
    }
}
