import Foundation
import RxLite

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Reactive where Base: URLSession {
    /// One request per subscription: emits the HTTP response and its body, whatever the status code, then
    /// completes.
    ///
    /// The request starts when the sequence is subscribed, not when this is called; each subscriber makes its own
    /// request (share the result to make one). Disposing the subscription before the answer cancels the request's
    /// data task. It fails with the session's error when the request fails (no connection, a timeout), with
    /// ``RxCocoaURLError/nonHTTPResponse(response:)`` for a response that is not an HTTP one. The element and the
    /// end arrive on the session's delegate queue, not the main queue: `observe(on: MainScheduler.instance)` or a
    /// `Driver` moves them there. When ``shouldLogRequest`` says so, the request is printed as a `curl` command with
    /// its outcome.
    public func response(request: URLRequest) -> Observable<(response: HTTPURLResponse, data: Data)> {
        let session: URLSession = base
        return Observable.create { observer in
            let startedAt = URLSession.rx.shouldLogRequest(request) ? Date() : nil
            let task = session.dataTask(with: request) { data, response, error in
                if let startedAt {
                    print(RequestLog.curlCommand(for: request))
                    let elapsed = Date().timeIntervalSince(startedAt)
                    print(RequestLog.outcome(response: response, error: error, after: elapsed))
                }
                guard let response, let data else {
                    observer.onError(error ?? RxCocoaURLError.unknown)
                    return
                }
                guard let httpResponse = response as? HTTPURLResponse else {
                    observer.onError(RxCocoaURLError.nonHTTPResponse(response: response))
                    return
                }
                observer.onNext((httpResponse, data))
                observer.onCompleted()
            }
            task.resume()
            // After a dispose the session reports the cancellation as an error, which nobody receives any more.
            return Disposables.create { task.cancel() }
        }
    }

    /// One request per subscription: emits the response body when the status code is in `200..<300`, then
    /// completes; fails with ``RxCocoaURLError/httpRequestFailed(response:data:)`` (holding the body) for another
    /// status.
    ///
    /// Otherwise as ``response(request:)``: it starts on subscription, is cancelled on dispose, and delivers on the
    /// session's delegate queue.
    public func data(request: URLRequest) -> Observable<Data> {
        response(request: request).map { response, data in
            guard (200..<300).contains(response.statusCode) else {
                throw RxCocoaURLError.httpRequestFailed(response: response, data: data)
            }
            return data
        }
    }

    /// One request per subscription: emits the response body parsed by `JSONSerialization` with `options`, then
    /// completes.
    ///
    /// It fails with ``RxCocoaURLError/httpRequestFailed(response:data:)`` for a status outside `200..<300` and with
    /// ``RxCocoaURLError/deserializationError(error:)`` for a body that is not JSON. Otherwise as
    /// ``response(request:)``: it starts on subscription, is cancelled on dispose, and delivers on the session's
    /// delegate queue. To decode into a type of your own, `data(request:)` with `decode(type:decoder:)` is typed.
    public func json(request: URLRequest, options: JSONSerialization.ReadingOptions = []) -> Observable<Any> {
        data(request: request).map { data in
            do {
                return try JSONSerialization.jsonObject(with: data, options: options)
            } catch {
                throw RxCocoaURLError.deserializationError(error: error)
            }
        }
    }

    /// ``json(request:options:)`` for a GET of `url`.
    public func json(url: Foundation.URL) -> Observable<Any> {
        json(request: URLRequest(url: url))
    }
}

extension Reactive where Base == URLSession {
    /// Decides, for each request `URLSession.rx` makes, whether to print it to standard output as a `curl` command
    /// followed by its outcome (status and time taken).
    ///
    /// As in RxCocoa, it logs every request in a debug build of RxLiteUI and none in a release build. Set it from
    /// any thread: `URLSession.rx.shouldLogRequest = { _ in false }`. It is asked once per subscription, when the
    /// request starts.
    public static var shouldLogRequest: @Sendable (URLRequest) -> Bool {
        get { requestLogPolicy.withLock { $0 } }
        set { requestLogPolicy.withLock { $0 = newValue } }
    }
}

#if DEBUG
    private let isDebugBuild = true
#else
    private let isDebugBuild = false
#endif

private let requestLogPolicy = Locked<@Sendable (URLRequest) -> Bool> { _ in isDebugBuild }

/// The lines ``Reactive/shouldLogRequest`` prints: the request as a `curl` command, then how it ended.
enum RequestLog {
    /// `curl -X METHOD` with the body, each header field and the URL, quoted for a POSIX shell.
    static func curlCommand(for request: URLRequest) -> String {
        var command = "curl -X \(request.httpMethod ?? "GET")"
        if let body = request.httpBody, let text = String(data: body, encoding: .utf8) {
            command += " -d \(shellQuoted(text))"
        }
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            command += " \\\n    -H \(shellQuoted("\(name): \(value)"))"
        }
        command += " \\\n    \(shellQuoted(request.url?.absoluteString ?? "")) -i -v"
        return command
    }

    /// `Success (12ms): Status 200`, `Failure (12ms): Status 404`, `Cancelled (12ms)` or the error.
    static func outcome(response: URLResponse?, error: (any Error)?, after seconds: TimeInterval) -> String {
        let time = "(\(Int((seconds * 1000).rounded()))ms)"
        if let response = response as? HTTPURLResponse {
            let verdict = (200..<300).contains(response.statusCode) ? "Success" : "Failure"
            return "\(verdict) \(time): Status \(response.statusCode)"
        }
        if let error {
            let error = error as NSError
            if error.domain == NSURLErrorDomain, error.code == NSURLErrorCancelled { return "Cancelled \(time)" }
            return "Failure \(time): \(error)"
        }
        return "Failure \(time): a response that is not HTTP"
    }

    /// `text` in single quotes, each single quote in it written as `'\''`.
    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
