import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session delegate of an ``AladinClient``: hands each data task's events to the ``RunningRequest`` that
/// started it. `@unchecked Sendable`: `requests` is read and written under `lock` only.
final class ResponseCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [Int: RunningRequest] = [:]

    /// Routes the events of `task` to `request` until the task completes.
    func register(_ request: RunningRequest, for task: URLSessionTask) {
        lock.withLock { requests[task.taskIdentifier] = request }
    }

    private func request(for task: URLSessionTask) -> RunningRequest? {
        lock.withLock { requests[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let allowed = request(for: dataTask)?.receive(response) ?? false
        completionHandler(allowed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        request(for: dataTask)?.receive(data)
    }

    /// No redirect is followed (to another host, or from https down to http): the 3xx itself becomes the answer,
    /// which the client reports with its `Location`.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let request = lock.withLock { requests.removeValue(forKey: task.taskIdentifier) }
        request?.complete(error: error)
    }
}

/// One `send` of an ``AladinClient``: its data task, the body read so far, and how it ends.
///
/// Invariants: the body kept never holds more than `limit` bytes (a larger answer, announced or streamed, stops the
/// task with `.responseTooLarge`; corelibs may still have read ahead into its delegate queue, which is why plain
/// HTTP does not come here on Linux, see `HTTPRequest`); a compressed answer is refused from its head; `finish`
/// is called exactly once; a stop (cancellation, the deadline, the limit) arriving before, during or after `start`
/// cancels the task and decides the error it ends with. `@unchecked Sendable`: every stored property is read and
/// written under `lock`.
///
/// Debug builds check, after every change: the body's bound, and that a finished request holds nothing (its task,
/// deadline, `finish` and body are let go as it finishes); and as it finishes, that it was started and had not
/// finished, so `finish` runs once. How a stop and `start` interleave is an order between threads, not a state.
final class RunningRequest: @unchecked Sendable {
    typealias Outcome = Result<HTTPAnswer, BookSearchError>

    private let lock = NSLock()
    private let limit: Int
    private var task: URLSessionDataTask?
    private var deadline: DispatchWorkItem?
    /// Why the request was stopped early (`.cancelled`, `.timedOut` or `.responseTooLarge`), if it was.
    private var stopReason: BookSearchError?
    private var isFinished = false
    private var body = Data()
    private var status: Int?
    private var location: String?
    private var finish: (@Sendable (Outcome) -> Void)?

    /// A request whose body may hold at most `limit` bytes (after any decompression).
    init(limit: Int) {
        self.limit = limit
    }

    /// Starts `task`, calling `finish` once with its outcome; stops it with `.timedOut` after `timeout` seconds.
    func start(_ task: URLSessionDataTask, timeout: TimeInterval, finish: @escaping @Sendable (Outcome) -> Void) {
        let deadline = DispatchWorkItem { [weak self] in self?.stop(because: .timedOut) }
        let stopped = lock.withLock {
            self.task = task
            self.deadline = deadline
            self.finish = finish
            _checkInvariants()
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
            _checkInvariants()
            return self.task
        }
        task?.cancel()
    }

    /// The response head arrived. Returns whether to read the body: not when its announced length is over the
    /// limit.
    func receive(_ response: URLResponse) -> Bool {
        let announced = response.expectedContentLength
        let http = response as? HTTPURLResponse
        lock.withLock {
            status = http?.statusCode
            location = http?.value(forHTTPHeaderField: "Location")
            _checkInvariants()
        }
        let encoding = http?.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
        if encoding != "identity" {
            stop(because: .malformedResponse("the answer is compressed (\(encoding)) though none was asked for"))
            return false
        }
        if announced > Int64(limit) {
            stop(because: .responseTooLarge(limit: limit))
            return false
        }
        return true
    }

    /// A part of the body arrived (decompressed, when the server compressed it).
    func receive(_ data: Data) {
        let overflow = lock.withLock { () -> Bool in
            guard stopReason == nil else { return false }
            guard body.count + data.count <= limit else { return true }
            body.append(data)
            _checkInvariants()
            return false
        }
        if overflow { stop(because: .responseTooLarge(limit: limit)) }
    }

    /// The task ended, with `error` if it failed. Calls `finish` with the stop reason if there is one, else with
    /// the body and status or the transport error.
    func complete(error: (any Error)?) {
        let (reason, deadline, finish, body, status, location) = lock.withLock {
            #if DEBUG
                precondition(
                    !isFinished && self.finish != nil,
                    "Internal inconsistency: a request ends twice, or before it started")
            #endif
            isFinished = true
            defer {
                self.task = nil
                self.deadline = nil
                self.finish = nil
                self.body = Data()
                _checkInvariants()
            }
            return (stopReason, self.deadline, self.finish, self.body, self.status, self.location)
        }
        deadline?.cancel()
        let outcome: Outcome
        if let reason {
            outcome = .failure(reason)
        } else if let error {
            outcome = .failure(Self.transportError(error))
        } else if let status {
            outcome = .success(HTTPAnswer(status: status, body: body, location: location))
        } else {
            outcome = .failure(.malformedResponse("the answer is not HTTP"))
        }
        finish?(outcome)
    }

    /// Debug builds, holding the lock: traps unless the body is within its bound and a finished request holds
    /// nothing.
    private func _checkInvariants() {
        #if DEBUG
            precondition(body.count <= limit, "Internal inconsistency: a response body of \(body.count) bytes is kept")
            precondition(
                !isFinished || (task == nil && deadline == nil && finish == nil && body.isEmpty),
                "Internal inconsistency: a finished request still holds its task, deadline, handler or body")
        #endif
    }

    private static func transportError(_ error: any Error) -> BookSearchError {
        guard let urlError = error as? URLError else { return .network(error.localizedDescription) }
        switch urlError.code {
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
            .zeroByteResource:
            return .malformedResponse(urlError.localizedDescription)
        // The description only: URLError's code numbers (-1004) and libcurl's own words mean nothing to a user.
        case .cannotConnectToHost: return .network("the server refused the connection")
        case .cannotFindHost, .dnsLookupFailed: return .network("the server's name could not be found")
        case .notConnectedToInternet, .networkConnectionLost: return .network("the network connection was lost")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .network("the secure connection failed (the server's certificate was not accepted)")
        default: return .network("the connection failed")
        }
    }
}
