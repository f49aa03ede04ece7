import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a `URLSession.rx` request failed, with RxCocoa's cases; a connection failure fails with the session's own
/// error (`URLError` on Apple platforms).
public enum RxCocoaURLError: Swift.Error {
    /// The session reported neither a response nor an error.
    case unknown
    /// The response is not an HTTP one (a `file:` or `data:` URL, say).
    case nonHTTPResponse(response: URLResponse)
    /// The server answered with a status outside `200..<300` (`data(request:)` and `json`); `data` is the body it
    /// sent, often a description of what went wrong.
    case httpRequestFailed(response: HTTPURLResponse, data: Data?)
    /// `json` could not parse the body; `error` is `JSONSerialization`'s.
    case deserializationError(error: Swift.Error)
}

// Unchecked: a response object is not changed after the session delivers it, and nothing here changes it, so it
// may be read on whatever thread handles the error. Foundation does not mark `URLResponse` `Sendable` everywhere.
extension RxCocoaURLError: @unchecked Sendable {}

extension RxCocoaURLError: CustomDebugStringConvertible {
    /// What failed, for a log: the status code, the response, or the parse error.
    public var debugDescription: String {
        switch self {
        case .unknown:
            "The URL session reported neither a response nor an error."
        case .nonHTTPResponse(let response):
            "The response is not an HTTP response: \(response)."
        case .httpRequestFailed(let response, _):
            "The HTTP request failed with status \(response.statusCode)."
        case .deserializationError(let error):
            "The response body could not be parsed: \(error)"
        }
    }
}
