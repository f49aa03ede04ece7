import Foundation
import RxLite
import RxLiteTest
import Testing

@testable import RxLiteUI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `URLSession.rx` against a server on 127.0.0.1 that each test starts and stops.
@Suite(.checksResources) struct URLSessionRxTests {
    let session = URLSession(configuration: .ephemeral)

    init() {
        // Every test installs the same policy, so tests running in parallel agree on it: log nothing, remember
        // what was asked.
        URLSession.rx.shouldLogRequest = { request in
            askedToLog.withLock { $0.append(request.url?.path ?? "") }
            return false
        }
    }

    @Test func dataEmitsTheBodyOfA200AndCompletes() async throws {
        defer { session.invalidateAndCancel() }
        try await withHTTPTestServer(route: { _ in .json(#"{"title":"Dune"}"#) }) { server in
            let request = URLRequest(url: server.url("books/1"))
            let texts = session.rx.data(request: request).map { String(decoding: $0, as: UTF8.self) }
            let events = try await collect(texts)
            #expect(events == [.next(#"{"title":"Dune"}"#), .completed])
            #expect(server.requestLines == ["GET /books/1 HTTP/1.1"])
        }
    }

    @Test func eachSubscriptionMakesItsOwnRequest() async throws {
        defer { session.invalidateAndCancel() }
        try await withHTTPTestServer(route: { _ in .json("[]") }) { server in
            let data = session.rx.data(request: URLRequest(url: server.url("twice")))
            #expect(server.requestLines.isEmpty)
            _ = try await data.asSingle().value
            _ = try await data.asSingle().value
            #expect(server.requestLines == ["GET /twice HTTP/1.1", "GET /twice HTTP/1.1"])
        }
    }

    @Test func responseEmitsTheResponseWhateverItsStatus() async throws {
        defer { session.invalidateAndCancel() }
        try await withHTTPTestServer(route: { _ in .json(#"{"error":"gone"}"#, status: 404) }) { server in
            let (response, data) = try await session.rx.response(request: URLRequest(url: server.url("gone")))
                .asSingle().value
            #expect(response.statusCode == 404)
            #expect(String(decoding: data, as: UTF8.self) == #"{"error":"gone"}"#)
        }
    }

    @Test(arguments: [300, 404, 500, 503])
    func dataFailsWithHTTPRequestFailedOutside2xx(status: Int) async throws {
        defer { session.invalidateAndCancel() }
        try await withHTTPTestServer(route: { _ in .json("failed", status: status) }) { server in
            let error = await failure(of: session.rx.data(request: URLRequest(url: server.url("x"))))
            guard case .httpRequestFailed(let response, let data)? = error as? RxCocoaURLError else {
                Issue.record("expected RxCocoaURLError.httpRequestFailed, got \(String(describing: error))")
                return
            }
            #expect(response.statusCode == status)
            #expect(data == Data("failed".utf8))
        }
    }

    @Test func jsonParsesTheBody() async throws {
        defer { session.invalidateAndCancel() }
        try await withHTTPTestServer(route: { _ in .json(#"{"title":"Dune","pages":412}"#) }) { server in
            let json = try await session.rx.json(url: server.url("book")).map { $0 as? [String: Any] }
                .map { ($0?["title"] as? String, $0?["pages"] as? Int) }
                .map { "\($0.0 ?? "-") \($0.1 ?? -1)" }
                .asSingle().value
            #expect(json == "Dune 412")
        }
    }

    @Test func jsonTakesReadingOptions() async throws {
        defer { session.invalidateAndCancel() }
        try await withHTTPTestServer(route: { _ in .json(#""a fragment""#) }) { server in
            let request = URLRequest(url: server.url("fragment"))
            let text = try await session.rx.json(request: request, options: [.fragmentsAllowed]).map { $0 as? String }
                .asSingle().value
            #expect(text == "a fragment")
        }
    }

    @Test func jsonFailsWithHTTPRequestFailedOutside2xx() async throws {
        defer { session.invalidateAndCancel() }
        try await withHTTPTestServer(route: { _ in .json("{}", status: 500) }) { server in
            let error = await failure(of: session.rx.json(url: server.url("broken")))
            guard case .httpRequestFailed(let response, _)? = error as? RxCocoaURLError else {
                Issue.record("expected RxCocoaURLError.httpRequestFailed, got \(String(describing: error))")
                return
            }
            #expect(response.statusCode == 500)
        }
    }

    @Test func jsonFailsWithDeserializationErrorOnABodyThatIsNotJSON() async throws {
        defer { session.invalidateAndCancel() }
        try await withHTTPTestServer(route: { _ in .json("<html>not json</html>") }) { server in
            let error = await failure(of: session.rx.json(url: server.url("html")))
            guard case .deserializationError? = error as? RxCocoaURLError else {
                Issue.record("expected RxCocoaURLError.deserializationError, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func aConnectionFailureFailsWithTheSessionsError() async throws {
        defer { session.invalidateAndCancel() }
        let server = try HTTPTestServer(route: { _ in .json("") })
        let url = server.url("closed")
        server.stop()  // nothing listens on the port any more
        let error = await failure(of: session.rx.data(request: URLRequest(url: url)))
        #expect(error != nil)
        #expect(!(error is RxCocoaURLError))
    }

    @Test func disposingCancelsTheRequest() async throws {
        defer { session.invalidateAndCancel() }
        try await withHTTPTestServer(route: { _ in .hold }) { server in
            let received = Locked<[Event<Data>]>([])
            let subscription = session.rx.data(request: URLRequest(url: server.url("slow")))
                .subscribe { event in received.withLock { $0.append(event) } }
            #expect(server.waitForRequest())
            subscription.dispose()
            // The server sees the client close the connection: the data task was cancelled, not just ignored.
            #expect(server.waitForClientToClose())
            #expect(received.withLock { $0 }.isEmpty)
        }
    }

    @Test func asksShouldLogRequestOncePerSubscription() async throws {
        defer { session.invalidateAndCancel() }
        try await withHTTPTestServer(route: { _ in .json("{}") }) { server in
            let path = "/logged-\(UUID().uuidString)"
            _ = try await session.rx.data(request: URLRequest(url: server.url(String(path.dropFirst()))))
                .asSingle().value
            #expect(askedToLog.withLock { $0 }.filter { $0 == path }.count == 1)
        }
    }

    @Test func logsTheRequestAsACurlCommand() throws {
        var request = URLRequest(url: URL(string: "https://example.com/search?q=it's")!)
        request.httpMethod = "POST"
        request.httpBody = Data("a=1".utf8)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        #expect(
            RequestLog.curlCommand(for: request)
                == "curl -X POST -d 'a=1' \\\n    -H 'Accept: application/json' \\\n"
                + "    'https://example.com/search?q=it'\\''s' -i -v")
    }

    @Test func logsTheOutcome() throws {
        let url = URL(string: "https://example.com/")!
        let ok = HTTPURLResponse(url: url, statusCode: 204, httpVersion: nil, headerFields: nil)
        let missing = HTTPURLResponse(url: url, statusCode: 404, httpVersion: nil, headerFields: nil)
        let cancelled = NSError(domain: NSURLErrorDomain, code: NSURLErrorCancelled)
        #expect(RequestLog.outcome(response: ok, error: nil, after: 0.012) == "Success (12ms): Status 204")
        #expect(RequestLog.outcome(response: missing, error: nil, after: 0.5) == "Failure (500ms): Status 404")
        #expect(RequestLog.outcome(response: nil, error: cancelled, after: 0) == "Cancelled (0ms)")
    }

    @Test func describesItsErrors() throws {
        let url = URL(string: "https://example.com/")!
        let response = try #require(HTTPURLResponse(url: url, statusCode: 503, httpVersion: nil, headerFields: nil))
        let error = RxCocoaURLError.httpRequestFailed(response: response, data: nil)
        #expect(error.debugDescription == "The HTTP request failed with status 503.")
    }
}

/// The request paths `URLSession.rx.shouldLogRequest` was asked about, by every test of the suite.
private let askedToLog = Locked<[String]>([])

/// Every event of `source` until it ends.
private func collect<Element: Sendable>(_ source: Observable<Element>) async throws -> [Event<Element>] {
    try await source.materialize().toArray().value
}

/// The error `source` fails with, or `nil` when it completes.
private func failure<Element>(of source: Observable<Element>) async -> (any Error)? {
    do {
        _ = try await source.map { _ in () }.asSingle().value
        return nil
    } catch {
        return error
    }
}
