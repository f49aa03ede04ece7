import Foundation
import RxLiteTest
import Testing

@testable import BookSearch

/// `AladinClient` over https (the production path) against a local TLS server with a throwaway CA, and its
/// redirect rule over http and https: the same limits as plain http, a certificate checked for the address, and
/// no redirect followed.
@Suite(.checksResources) struct HTTPSClientTests {
    private typealias Response = LocalHTTPServer.Response

    private func client(_ server: LocalHTTPServer, host: String = "127.0.0.1", trusts: Bool = true) -> AladinClient {
        AladinClient(
            ttbKey: "ttbtestkey0001", baseURL: server.url("ttb/api/", host: host), timeout: 10,
            maximumResponseBytes: AladinClient.defaultMaximumResponseBytes,
            trustedCertificatesFile: trusts ? TLSFiles.testServer.authority : nil)
    }

    private func failure(_ client: AladinClient) async -> BookSearchError? {
        do {
            _ = try await client.search(BookSearchRequest(query: "한강"))
            return nil
        } catch {
            return error
        }
    }

    @Test func aPageOverHTTPSIsRead() async throws {
        let body = AladinFixtures.page(total: 2, start: 1, items: AladinFixtures.hanKang)
        try await withLocalHTTPServer(tls: .testServer, route: { _ in .json(body) }) { server in
            let page = try await client(server).search(BookSearchRequest(query: "한강"))
            #expect(page.books.count == 2)
            #expect(server.requests.first?.path == "/ttb/api/ItemSearch.aspx")
        }
    }

    /// 64 MiB inflated from about 420 KB on the wire: refused from its head, nothing inflated (URLSession inflated
    /// a larger one whole before its delegate could stop it: book-search's README has the measurement).
    @Test func aGzipBombOverHTTPSIsRefusedFromItsHead() async throws {
        let bomb = Gzip.bomb(prefix: Data(#"{"totalResults":1,"item":["#.utf8), size: 64 << 20)
        try await withLocalHTTPServer(
            tls: .testServer,
            route: { _ in Response(body: bomb, headers: [("Content-Encoding", "gzip")], sendsContentLength: false) }
        ) { server in
            let error = await failure(client(server))
            #expect(error == .malformedResponse("the answer is compressed (gzip) though none was asked for"))
        }
    }

    @Test(arguments: [true, false])
    func aHugeBodyOverHTTPSStopsAtTheLimit(announced: Bool) async throws {
        let body = Data(repeating: UInt8(ascii: " "), count: 20 << 20)
        try await withLocalHTTPServer(
            tls: .testServer, route: { _ in Response(body: body, sendsContentLength: announced) }
        ) { server in
            #expect(await failure(client(server)) == .responseTooLarge(limit: AladinClient.defaultMaximumResponseBytes))
        }
    }

    @Test func aCertificateFromAnUntrustedAuthorityIsRefused() async throws {
        try await withLocalHTTPServer(tls: .testServer, route: { _ in .json("{}") }) { server in
            let error = await failure(client(server, trusts: false))
            guard case .network(let detail) = error else {
                Issue.record("expected a network error, got \(String(describing: error))")
                return
            }
            #expect(detail.contains("certificate is not trusted"), "\(detail)")
            #expect(server.requests.isEmpty)
        }
    }

    /// The certificate is for 127.0.0.1 only: reached as `localhost`, the name does not match.
    @Test func aCertificateForAnotherNameIsRefused() async throws {
        try await withLocalHTTPServer(tls: .testServer, route: { _ in .json("{}") }) { server in
            let error = await failure(client(server, host: "localhost"))
            guard case .network(let detail) = error else {
                Issue.record("expected a network error, got \(String(describing: error))")
                return
            }
            #expect(detail.contains("certificate is not trusted"), "\(detail)")
            #expect(server.requests.isEmpty)
        }
    }

    /// One rule over http and https: a redirect is reported with where it pointed, never followed (to another
    /// host, or from https down to http).
    @Test(arguments: [true, false])
    func aRedirectIsReportedNotFollowed(secure: Bool) async throws {
        let elsewhere = "http://127.0.0.1:9/ttb/api/ItemSearch.aspx?Query=x"
        try await withLocalHTTPServer(
            tls: secure ? .testServer : nil,
            route: { _ in Response(status: 302, headers: [("Location", elsewhere)]) }
        ) { server in
            let error = await failure(client(server))
            #expect(error == .redirected(status: 302, location: elsewhere))
            #expect(error?.description.contains("sent the search elsewhere (HTTP 302 to \(elsewhere))") == true)
            #expect(server.requests.count == 1)
        }
    }
}
