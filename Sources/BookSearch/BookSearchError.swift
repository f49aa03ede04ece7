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
    /// The server sent the request elsewhere (HTTP 3xx to `location`, as the server wrote it); redirects are not
    /// followed, so another host's answer is never shown as Aladin's.
    case redirected(status: Int, location: String)
    /// No answer came within the client's timeout.
    case timedOut
    /// The answer came but is not an Aladin search result (not JSON, cut short, or missing a required field).
    case malformedResponse(String)
    /// The answer was larger than `limit` bytes: no search result is that large, so the
    /// server is not Aladin or is misbehaving. Reading stopped at the limit.
    case responseTooLarge(limit: Int)
    /// The request could not be sent or the connection failed (no network, host not found, connection refused).
    case network(String)
    /// The search was cancelled (its task was cancelled or its subscription disposed).
    case cancelled
    /// The embedded catalog's bundled resource is missing or unreadable: a packaging bug, not a user's.
    case catalogUnavailable(String)
}

extension BookSearchError: CustomStringConvertible, LocalizedError {
    public var description: String { description(keySource: nil) }

    /// The sentence to show, with the advice about a rejected key naming where the key came from (`--aladin-key`
    /// or `ALADIN_TTB_KEY`); `nil` names neither.
    public func description(keySource: String?) -> String {
        switch self {
        case .emptyQuery:
            return "Type something to search for: the query is empty."
        case .invalidRequest(let detail):
            return "The search request is invalid: \(detail)"
        case .invalidKey(let message):
            return
                "The Aladin TTB key was rejected: \(Self.sentence(message)) Check the key\(keySource.map { " given by \($0)" } ?? "") (get one on "
                + "Aladin's Open API page, https://www.aladin.co.kr/ttb/wblog_manage.aspx) or search the embedded catalog "
                + "instead."
        case .api(let code, let message):
            return "Aladin refused the search (error \(code)): \(Self.sentence(message)) Try again later, or change "
                + "the query."
        case .http(414):
            return "The query is too long for the server (HTTP 414 URI Too Long). Shorten the search text."
        case .http(404), .http(410):
            return "There is no Aladin API at this address (HTTP \(self.status ?? 404) Not Found). Check the base URL "
                + "(\(Self.baseURLHint))."
        case .http(429), .http(503):
            return "Aladin is busy (HTTP \(self.status ?? 503)). Try again in a minute."
        case .http(let status) where (500...599).contains(status):
            return "Aladin's server failed (HTTP \(status)). Try again later; if it persists, check the base URL "
                + "(\(Self.baseURLHint))."
        case .http(let status) where (100...199).contains(status):
            return "The server answered only with HTTP \(status), not with a result: it is not Aladin's API. Check "
                + "the base URL (\(Self.baseURLHint))."
        case .http(let status):
            return "Aladin rejected the request (HTTP \(status)). Check the base URL (\(Self.baseURLHint)) and the "
                + "key."
        case .redirected(let status, let location):
            let target = location.isEmpty ? "another address" : "\(location.prefix(200))"
            return "The server sent the search elsewhere (HTTP \(status) to \(target)); redirects are not followed. "
                + "Set the base URL (\(Self.baseURLHint)) to where the API really is."
        case .timedOut:
            return "Aladin did not answer in time. Check the network connection and try again."
        case .malformedResponse(let detail):
            return "Aladin's answer could not be read (\(detail)). Try again; if it persists, the API may have "
                + "changed or the base URL (\(Self.baseURLHint)) is not Aladin's."
        case .responseTooLarge(let limit):
            return "Aladin's answer was larger than \(limit / 1_048_576) MB, far more than any search result, so "
                + "it was not read. Check the base URL (\(Self.baseURLHint)): it may not be Aladin's."
        case .network(let detail):
            return "Could not reach Aladin: \(detail). Check the network connection and try again."
        case .cancelled:
            return "The search was cancelled."
        case .catalogUnavailable(let detail):
            return "The embedded book catalog could not be loaded (\(detail)). Reinstall or rebuild the app."
        }
    }

    public var errorDescription: String? { description }

    /// The HTTP status of an `.http` error.
    var status: Int? {
        if case .http(let status) = self { return status }
        return nil
    }

    /// Where the app takes the API root from, for advice to check it.
    static let baseURLHint = "--aladin-url or ALADIN_BASE_URL"

    /// `text` ending with a full stop (Aladin's messages often have none), so the advice after it reads as a new
    /// sentence.
    static func sentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = trimmed.last else { return "(no message)." }
        return ".!?。".contains(last) ? trimmed : trimmed + "."
    }
}
