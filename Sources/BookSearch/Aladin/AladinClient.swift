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
/// - another HTTP status outside 200...299: `.http(status:)`;
/// - no answer within `timeout`: `.timedOut`;
/// - a body that is not an Aladin result (not JSON, truncated, a required field missing): `.malformedResponse`;
/// - a connection failure: `.network`; a cancelled task: `.cancelled`.
/// Short pages and totals that change between pages are not errors; see ``BookSearchPage``.
public final class AladinClient: BookSearchService {
    /// Aladin's API root; `ItemSearch.aspx` is resolved against it.
    public static let defaultBaseURL = URL(string: "https://www.aladin.co.kr/ttb/api/")!
    /// The environment variable the app reads the key from.
    public static let keyEnvironmentVariable = "ALADIN_TTB_KEY"

    /// The TTB key sent with every request.
    public let ttbKey: String
    /// The API root; tests point it at a local server.
    public let baseURL: URL
    /// How long a request may go without an answer before it fails with `.timedOut`.
    public let timeout: TimeInterval
    private let session: URLSession

    /// A client with `ttbKey`, talking to `baseURL` (Aladin by default), failing a request after `timeout` seconds
    /// without an answer.
    public init(ttbKey: String, baseURL: URL = AladinClient.defaultBaseURL, timeout: TimeInterval = 10) {
        self.ttbKey = ttbKey
        self.baseURL = baseURL
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        // The client enforces `timeout` itself (see `send`): swift-corelibs-foundation truncates these intervals to
        // whole seconds, so 0.5 s times out at once and 1.5 s after 1 s. URLSession's own limit is a backstop.
        configuration.timeoutIntervalForRequest = (timeout + 1).rounded(.up)
        configuration.timeoutIntervalForResource = (timeout + 1).rounded(.up)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    /// A client with the key in `ALADIN_TTB_KEY`, or `nil` when that variable is unset or empty.
    public convenience init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let key = environment[Self.keyEnvironmentVariable]?.trimmingCharacters(in: .whitespaces), !key.isEmpty
        else { return nil }
        self.init(ttbKey: key)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func search(_ request: BookSearchRequest) async throws(BookSearchError) -> BookSearchPage {
        try request.validate()
        if ttbKey.trimmingCharacters(in: .whitespaces).isEmpty {
            throw .invalidKey("No TTB key was given.")
        }
        let (data, status) = try await send(urlRequest(for: request))
        guard (200...299).contains(status) else {
            throw AladinResponse.decodeError(data) ?? .http(status: status)
        }
        return try AladinResponse.decodePage(data, for: request)
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
        var components = URLComponents(
            url: baseURL.appendingPathComponent("ItemSearch.aspx"), resolvingAgainstBaseURL: true)!
        components.percentEncodedQuery =
            parameters
            .map { "\(Self.percentEncoded($0.0))=\(Self.percentEncoded($0.1))" }
            .joined(separator: "&")
        return components.url!
    }

    private func urlRequest(for request: BookSearchRequest) -> URLRequest {
        var urlRequest = URLRequest(url: url(for: request), timeoutInterval: (timeout + 1).rounded(.up))
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        return urlRequest
    }

    /// The body and status of `request`. Fails with `.timedOut` when no complete answer came within `timeout`,
    /// and with `.cancelled` when the calling task is cancelled; either way the HTTP request is cancelled.
    private func send(_ request: URLRequest) async throws(BookSearchError) -> (Data, Int) {
        let running = RunningRequest()
        let timeout = self.timeout
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<(Data, Int), BookSearchError>, Never>) in
                let task = session.dataTask(with: request) { data, response, error in
                    let outcome = Self.outcome(data: data, response: response, error: error)
                    continuation.resume(returning: running.finish(outcome))
                }
                running.start(task, timeout: timeout)
            }
        } onCancel: {
            running.stop(because: .cancelled)
        }
        return try result.get()
    }

    private static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<
        (Data, Int), BookSearchError
    > {
        if let error {
            return .failure(mapTransportError(error))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.malformedResponse("the answer is not HTTP"))
        }
        return .success((data ?? Data(), http.statusCode))
    }

    private static func mapTransportError(_ error: any Error) -> BookSearchError {
        guard let urlError = error as? URLError else { return .network(error.localizedDescription) }
        switch urlError.code {
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
            .zeroByteResource:
            return .malformedResponse(urlError.localizedDescription)
        default: return .network("\(urlError.localizedDescription) (URL error \(urlError.code.rawValue))")
        }
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

/// The data task of one `send`, so that a cancellation or the deadline, arriving before, during or after `start`,
/// cancels it and decides the error it ends with. `@unchecked Sendable`: every stored property is read and written
/// under `lock`.
private final class RunningRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var deadline: DispatchWorkItem?
    /// Why the request was stopped early (`.cancelled` or `.timedOut`), if it was.
    private var stopReason: BookSearchError?
    private var isFinished = false

    func start(_ task: URLSessionDataTask, timeout: TimeInterval) {
        let deadline = DispatchWorkItem { [weak self] in self?.stop(because: .timedOut) }
        let stopped = lock.withLock {
            self.task = task
            self.deadline = deadline
            return stopReason != nil
        }
        task.resume()
        if stopped {
            task.cancel()
        } else {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        }
    }

    /// Cancels the task; the request ends with `reason` unless it already ended or was stopped.
    func stop(because reason: BookSearchError) {
        let task = lock.withLock { () -> URLSessionDataTask? in
            guard !isFinished, stopReason == nil else { return nil }
            stopReason = reason
            return self.task
        }
        task?.cancel()
    }

    /// The request's result: the reason it was stopped for, if it was, else `outcome`. Cancels the deadline.
    func finish(_ outcome: Result<(Data, Int), BookSearchError>) -> Result<(Data, Int), BookSearchError> {
        let (reason, deadline) = lock.withLock {
            isFinished = true
            defer {
                self.task = nil
                self.deadline = nil
            }
            return (stopReason, self.deadline)
        }
        deadline?.cancel()
        return reason.map { .failure($0) } ?? outcome
    }
}
