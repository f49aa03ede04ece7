import Foundation

/// An HTTP answer as ``AladinClient`` uses it: the final status, the body (at most the client's limit), and where
/// a redirect pointed (redirects are reported, never followed).
struct HTTPAnswer: Sendable {
    var status: Int
    var body: Data
    var location: String?
}

/// What may stand in an HTTP request line.
enum HTTPTarget {
    /// Whether `text` is only printable ASCII without spaces (0x21–0x7E): percent-encoded, nothing that could end
    /// the request line or start a header.
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
