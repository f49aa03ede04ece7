import Foundation
import RxLiteTest
import Testing

@testable import BookSearch

/// How a base URL becomes the request: its path percent-encoded as given, never decoded into the request line;
/// what cannot be sent (a control character, a query, a user name) refused with a reason; an IPv6 host bracketed.
@Suite(.checksResources) struct BaseURLTests {
    @Test(arguments: [
        ("http://h/a%0D%0AX-Injected:%20yes/", "its path holds a control character (such as %0D or %0A)"),
        ("http://h/a%00/", "its path holds a control character (such as %0D or %0A)"),
        ("http://user:secret@h/ttb/api/", "it holds a user name or password; give the key with --aladin-key instead"),
        ("http://h/ttb/api/?x=1", "it holds a query (?…); give only the API root, the search adds its own"),
        ("http://h/ttb/api/#top", "it holds a fragment (#…); give only the API root"),
        ("ftp://h/", InvalidBaseURL.notAnHTTPURL.reason),
    ])
    func baseURLsThatAreRefusedSayWhy(text: String, reason: String) {
        #expect(throws: InvalidBaseURL(reason: reason)) { try AladinClient.validatedBaseURL(text) }
    }

    @Test(arguments: [
        ("http://h/ttb/api", "http://h/ttb/api/"),
        ("http://h/ttb/api/ItemSearch.aspx", "http://h/ttb/api/"),
        ("https://h/ttb/api/itemsearch.aspx", "https://h/ttb/api/"),
        ("http://h", "http://h/"),
        ("http://h/a%20b/", "http://h/a%20b/"),
    ])
    func baseURLsAreNormalisedToADirectory(text: String, expected: String) throws {
        #expect(try AladinClient.validatedBaseURL(text).absoluteString == expected)
    }

    /// What reached the server: the path as encoded in the base URL, once, with the endpoint after it.
    @Test(arguments: [
        ("a%20b/", "/a%20b/ItemSearch.aspx"),
        ("%EC%B1%85/", "/%EC%B1%85/ItemSearch.aspx"),
        ("ttb/api/ItemSearch.aspx", "/ttb/api/ItemSearch.aspx"),
        ("a%0D%0AX-Injected:%20yes/", "/a%0D%0AX-Injected:%20yes/ItemSearch.aspx"),
    ])
    func theRequestLineCarriesTheEncodedPath(path: String, expected: String) async throws {
        let body = AladinFixtures.page(total: 0, start: 1, items: [])
        try await withLocalHTTPServer(route: { _ in .json(body) }) { server in
            // Given straight to the client (not validated), a `%0D%0A` still stays encoded: no header is added.
            let client = AladinClient(ttbKey: "k", baseURL: server.url(path))
            _ = try await client.search(BookSearchRequest(query: "q"))
            #expect(server.requests.map(\.path) == [expected])
        }
    }

    @Test func aNonASCIIPathIsPercentEncoded() throws {
        let url = try AladinClient.validatedBaseURL("http://h/책/")
        #expect(HTTPTarget.isPrintableASCII(url.absoluteString))
        #expect(url.absoluteString.contains("/%EC%B1%85/"))
    }

    #if canImport(Glibc)
        @Test func anIPv6HostIsBracketedInTheHostField() throws {
            let url = try #require(URL(string: "http://[::1]:8080/ttb/api/"))
            #expect(HTTPRequest.hostField(of: url) == "[::1]:8080")
            #expect(HTTPRequest.bareHost(of: url) == "::1")
            let plain = try #require(URL(string: "http://example.com/"))
            #expect(HTTPRequest.hostField(of: plain) == "example.com")
        }

        @Test func aTargetWithAByteARequestLineCannotCarryIsRefused() throws {
            let url = try #require(URL(string: "http://h/a%20b/ItemSearch.aspx?q=%0D"))
            #expect(HTTPRequest.requestTarget(of: url) == "/a%20b/ItemSearch.aspx?q=%0D")
        }
    #endif
}
