import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Searches Aladin's Open API (`ItemSearch.aspx`) over HTTP with a TTB key.
///
/// Each `search` is one GET of `<baseURL>/ItemSearch.aspx` with `TTBKey`, `Query`, `QueryType`, `Start` (the
/// page), `MaxResults` (the page size), `SearchTarget=Book`, `output=js` and `Version=20131101`. Query values are
/// percent-encoded byte by byte (UTF-8), leaving only `A-Z a-z 0-9 - . _ ~` as they are, so Korean text, spaces,
/// `&`, `=` and `+` reach Aladin intact.
///
/// What each failure becomes (see ``BookSearchError``):
/// - an empty query, a page below 1, a page size outside 1...100, an empty key: `.emptyQuery`, `.invalidRequest`,
///   `.invalidKey`, before any request;
/// - Aladin's error body `{"errorCode", "errorMessage"}` (with any HTTP status): `.invalidKey` when the message is
///   about the key, else `.api(code:message:)`;
/// - another HTTP status outside 200...299: `.http(status:)` (414 means the query is too long);
/// - no answer within `timeout`: `.timedOut`;
/// - a body larger than `maximumResponseBytes`, announced or counted as it arrives: `.responseTooLarge` (on Linux
///   http and https are read on a socket of the client's own, so nothing past the limit is held; see
///   `HTTPRequest`);
/// - a compressed answer (the client asks for `Accept-Encoding: identity`; inflating a gzip bomb could take any
///   amount of memory): `.malformedResponse`, before its body is read;
/// - a redirect (3xx): `.redirected`, naming where it pointed; no redirect is followed, over http or https, so
///   another host's answer is never shown as Aladin's;
/// - a body that is not an Aladin result (not JSON, truncated, a required field missing): `.malformedResponse`;
/// - a connection failure: `.network`; a cancelled task: `.cancelled`.
/// Short pages and totals that change between pages are not errors; see ``BookSearchPage``. A page never holds
/// more books than the request's page size: extra items are dropped.
public final class AladinClient: BookSearchService {
    /// Aladin's API root; `ItemSearch.aspx` is resolved against it.
    public static let defaultBaseURL = URL(string: "https://www.aladin.co.kr/ttb/api/")!
    /// The environment variable the app reads the key from.
    public static let keyEnvironmentVariable = "ALADIN_TTB_KEY"
    /// The environment variable the app reads another API root from (a proxy or a test server).
    public static let baseURLEnvironmentVariable = "ALADIN_BASE_URL"
    /// The largest answer read, 4 MiB: a full page of 100 items is about 100 KB.
    public static let defaultMaximumResponseBytes = 4 << 20

    /// The TTB key sent with every request.
    public let ttbKey: String
    /// The API root; tests point it at a local server.
    public let baseURL: URL
    /// How long a request may go without an answer before it fails with `.timedOut`.
    public let timeout: TimeInterval
    /// The largest body read; a larger one fails with `.responseTooLarge`.
    public let maximumResponseBytes: Int
    /// A PEM file of the certificates to trust for https in place of the system's: tests' throwaway CA.
    let trustedCertificatesFile: String?
    private let session: URLSession
    private let collector = ResponseCollector()

    /// A client with `ttbKey` (surrounding whitespace and newlines removed), talking to `baseURL` (Aladin by
    /// default), failing a request after `timeout` seconds without an answer, or when its body passes
    /// `maximumResponseBytes`.
    ///
    /// - Precondition: `timeout` is finite and above zero (``isValidTimeout(_:)``), and `maximumResponseBytes` is
    ///   above zero. Either is a programming error, stopped here rather than deep inside URLSession.
    public convenience init(
        ttbKey: String, baseURL: URL = AladinClient.defaultBaseURL, timeout: TimeInterval = 10,
        maximumResponseBytes: Int = AladinClient.defaultMaximumResponseBytes
    ) {
        self.init(
            ttbKey: ttbKey, baseURL: baseURL, timeout: timeout, maximumResponseBytes: maximumResponseBytes,
            trustedCertificatesFile: nil)
    }

    /// The public initializer's client, trusting the certificates in `trustedCertificatesFile` (PEM) for https.
    init(
        ttbKey: String, baseURL: URL, timeout: TimeInterval, maximumResponseBytes: Int,
        trustedCertificatesFile: String?
    ) {
        precondition(
            Self.isValidTimeout(timeout),
            "AladinClient's timeout must be a finite number of seconds above zero, not \(timeout)")
        precondition(maximumResponseBytes > 0, "AladinClient's maximumResponseBytes must be above zero")
        self.ttbKey = ttbKey.trimmingCharacters(in: .whitespacesAndNewlines)
        self.baseURL = baseURL
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
        self.trustedCertificatesFile = trustedCertificatesFile
        let configuration = URLSessionConfiguration.ephemeral
        // The client enforces `timeout` itself (see `send`): swift-corelibs-foundation truncates these intervals to
        // whole seconds, so 0.5 s times out at once and 1.5 s after 1 s. URLSession's own limit is a backstop.
        configuration.timeoutIntervalForRequest = (timeout + 1).rounded(.up)
        configuration.timeoutIntervalForResource = (timeout + 1).rounded(.up)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
    }

    /// A client with the key in `ALADIN_TTB_KEY`, or `nil` when that variable is unset or only whitespace; it
    /// talks to `ALADIN_BASE_URL` when that is set and an http(s) URL (``baseURL(parsing:)``), else to Aladin.
    public convenience init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let key = environment[Self.keyEnvironmentVariable]?.trimmingCharacters(in: .whitespacesAndNewlines),
            !key.isEmpty
        else { return nil }
        let baseURL = environment[Self.baseURLEnvironmentVariable].flatMap(Self.baseURL(parsing:))
        self.init(ttbKey: key, baseURL: baseURL ?? Self.defaultBaseURL)
    }

    /// Whether `timeout` can be a client's timeout: finite and above zero.
    public static func isValidTimeout(_ timeout: TimeInterval) -> Bool {
        timeout.isFinite && timeout > 0
    }

    /// `text` (trimmed) as an API root, or `nil`; see ``validatedBaseURL(_:)`` for the rules.
    public static func baseURL(parsing text: String) -> URL? {
        try? validatedBaseURL(text)
    }

    /// `text` (trimmed) as an API root whose path ends in `/`, ready for `ItemSearch.aspx` to be added, or why it
    /// cannot be one. It must be an `http` or `https` URL with a host; a user name or password, a query or a
    /// fragment are refused (the key goes in `TTBKey`, and the search sets its own query), and so is a control
    /// character in the path, even percent-encoded (`%0D%0A` would end the request line). A pasted endpoint
    /// (`…/ItemSearch.aspx`) stands for its directory. The path stays percent-encoded as given (`%20` stays `%20`).
    public static func validatedBaseURL(_ text: String) throws(InvalidBaseURL) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { throw .notAnHTTPURL }
        if components.user != nil || components.password != nil {
            throw InvalidBaseURL(reason: "it holds a user name or password; give the key with --aladin-key instead")
        }
        if components.query != nil {
            throw InvalidBaseURL(reason: "it holds a query (?…); give only the API root, the search adds its own")
        }
        if components.fragment != nil {
            throw InvalidBaseURL(reason: "it holds a fragment (#…); give only the API root")
        }
        let decodedPath = components.percentEncodedPath.removingPercentEncoding ?? ""
        if decodedPath.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw InvalidBaseURL(reason: "its path holds a control character (such as %0D or %0A)")
        }
        let path = Self.directoryPath(components.percentEncodedPath)
        components.percentEncodedPath = path
        guard let validated = components.url, HTTPTarget.isPrintableASCII(path) else {
            throw InvalidBaseURL(reason: "its path holds characters a request cannot carry")
        }
        return validated
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func search(_ request: BookSearchRequest) async throws(BookSearchError) -> BookSearchPage {
        try request.validate()
        if ttbKey.isEmpty {
            throw .invalidKey("No TTB key was given.")
        }
        let answer = try await send(urlRequest(for: request))
        if (300...399).contains(answer.status) {
            let location = ReceivedText.capped(answer.location ?? "", maximumBytes: ReceivedText.maximumURLBytes)
            throw .redirected(status: answer.status, location: location)
        }
        guard (200...299).contains(answer.status) else {
            throw AladinResponse.decodeError(answer.body) ?? .http(status: answer.status)
        }
        return try AladinResponse.decodePage(answer.body, for: request)
    }

    /// The URL of the `ItemSearch` request for `request`.
    public func url(for request: BookSearchRequest) -> URL {
        let parameters: [(String, String)] = [
            ("TTBKey", ttbKey),
            ("Query", request.trimmedQuery),
            ("QueryType", request.queryType.aladinValue),
            ("Start", String(request.page)),
            ("MaxResults", String(request.pageSize)),
            ("SearchTarget", "Book"),
            ("output", "js"),
            ("Version", "20131101"),
        ]
        // The base URL's path as it was given, percent-encoded (`appendingPathComponent` and `path` decode it),
        // then the endpoint; its query is replaced by the search's.
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true)!
        components.percentEncodedPath = Self.directoryPath(components.percentEncodedPath) + "ItemSearch.aspx"
        components.fragment = nil
        components.percentEncodedQuery =
            parameters
            .map { "\(Self.percentEncoded($0.0))=\(Self.percentEncoded($0.1))" }
            .joined(separator: "&")
        return components.url!
    }

    private func urlRequest(for request: BookSearchRequest) -> URLRequest {
        var urlRequest = URLRequest(url: url(for: request), timeoutInterval: (timeout + 1).rounded(.up))
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        // Ask for an uncompressed answer: a compressed one could inflate far past maximumResponseBytes before the
        // delegate, which runs after the transport, could stop it (see RunningRequest, HTTPRequest).
        urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        return urlRequest
    }

    /// The answer to `request`. Fails with `.timedOut` when no complete answer came within `timeout`, with
    /// `.responseTooLarge` past `maximumResponseBytes`, and with `.cancelled` when the calling task is cancelled;
    /// in each case the HTTP request is cancelled.
    private func send(_ request: URLRequest) async throws(BookSearchError) -> HTTPAnswer {
        #if canImport(Glibc)
            // http and https are read on a socket of our own: corelibs' URLSession inflates gzip whatever was asked
            // for and cannot stop a body at the limit in time (see HTTPRequest).
            if let url = request.url {
                return try await sendOnOwnSocket(url, headers: request.allHTTPHeaderFields ?? [:])
            }
        #endif
        let running = RunningRequest(limit: maximumResponseBytes)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<RunningRequest.Outcome, Never>) in
                let task = session.dataTask(with: request)
                collector.register(running, for: task)
                running.start(task, timeout: timeout) { continuation.resume(returning: $0) }
            }
        } onCancel: {
            running.stop(because: .cancelled)
        }
        return try result.get()
    }

    #if canImport(Glibc)
        private func sendOnOwnSocket(_ url: URL, headers: [String: String]) async throws(BookSearchError)
            -> HTTPAnswer
        {
            let http = HTTPRequest(
                url: url, headers: headers.filter { $0.key != "Accept-Encoding" }.sorted { $0.key < $1.key },
                limit: maximumResponseBytes, timeout: timeout, trustedCertificatesFile: trustedCertificatesFile)
            let cancellation = HTTPRequest.Cancellation()
            let result = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<RunningRequest.Outcome, Never>) in
                    // A thread of its own: the socket work blocks, which the cooperative pool must not.
                    Thread.detachNewThread {
                        continuation.resume(
                            returning: Result { () throws(BookSearchError) in
                                try http.perform(cancellation)
                            })
                    }
                }
            } onCancel: {
                cancellation.cancel()
            }
            return try result.get()
        }
    #endif

    /// `path` (percent-encoded) as the API root's: a pasted endpoint (`…/ItemSearch.aspx`) stands for its
    /// directory, and the result ends in `/`.
    private static func directoryPath(_ path: String) -> String {
        var path = path
        if path.lowercased().hasSuffix("/itemsearch.aspx") { path.removeLast("ItemSearch.aspx".count) }
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// Unreserved characters only (RFC 3986); everything else as `%XX` of its UTF-8 bytes.
    private static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }
}

/// Why a text cannot be an API root (``AladinClient/validatedBaseURL(_:)``).
public struct InvalidBaseURL: Error, Equatable, Sendable {
    /// What is wrong with it, as the end of a sentence: "it holds a query (?…); …".
    public let reason: String

    /// Not a URL, another scheme than http and https, or no host.
    public static let notAnHTTPURL = InvalidBaseURL(reason: "it is not an http or https URL with a host")
}
