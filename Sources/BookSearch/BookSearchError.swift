import Foundation

/// Why a search failed, with a message that says what to do about it.
///
/// Every failure of a ``BookSearchService`` is one of these; `description` (and `errorDescription`) is the
/// sentence to show a user.
public enum BookSearchError: Error, Sendable, Equatable, Hashable {
    /// The query was empty or only whitespace; no request was made.
    case emptyQuery
    /// The page number or page size is out of range; no request was made.
    case invalidRequest(String)
    /// Aladin rejected the TTB key (or none was given). The text is Aladin's own message, or ours.
    case invalidKey(String)
    /// Aladin answered with its error body (`errorCode`, `errorMessage`) for another reason.
    case api(code: Int, message: String)
    /// The server answered with an HTTP status outside 200...299 and no Aladin error body.
    case http(status: Int)
    /// No answer came within the client's timeout.
    case timedOut
    /// The answer came but is not an Aladin search result (not JSON, cut short, or missing a required field).
    case malformedResponse(String)
    /// The request could not be sent or the connection failed (no network, host not found, connection refused).
    case network(String)
    /// The search was cancelled (its task was cancelled or its subscription disposed).
    case cancelled
    /// The embedded catalog's bundled resource is missing or unreadable: a packaging bug, not a user's.
    case catalogUnavailable(String)
}

extension BookSearchError: CustomStringConvertible, LocalizedError {
    public var description: String {
        switch self {
        case .emptyQuery:
            return "Type something to search for: the query is empty."
        case .invalidRequest(let detail):
            return "The search request is invalid: \(detail)"
        case .invalidKey(let message):
            return "The Aladin TTB key was rejected: \(message) Check ALADIN_TTB_KEY (get a key at Aladin's "
                + "Open API page) or search the embedded catalog instead."
        case .api(let code, let message):
            return "Aladin refused the search (error \(code)): \(message) Try again later, or change the query."
        case .http(let status):
            let kind = (500...599).contains(status) ? "Aladin's server failed" : "Aladin rejected the request"
            return "\(kind) (HTTP \(status)). Try again later; if it persists, check the client's base URL."
        case .timedOut:
            return "Aladin did not answer in time. Check the network connection and try again."
        case .malformedResponse(let detail):
            return "Aladin's answer could not be read (\(detail)). Try again; if it persists, the API may have "
                + "changed."
        case .network(let detail):
            return "Could not reach Aladin: \(detail). Check the network connection and try again."
        case .cancelled:
            return "The search was cancelled."
        case .catalogUnavailable(let detail):
            return "The embedded book catalog could not be loaded (\(detail)). Reinstall or rebuild the app."
        }
    }

    public var errorDescription: String? { description }
}
