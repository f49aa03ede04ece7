import Foundation

/// Decoding of Aladin's `ItemSearch` answer (`output=js`, `Version=20131101`) into a ``BookSearchPage``.
///
/// Tolerated: a trailing `;` after the JSON object, and the JSONP form `callback({...});`, which Aladin's `js`
/// output is known to produce; fields this module does not use; missing optional item fields (they become empty
/// strings or `nil`). Required: `totalResults` and, when it is above zero, `item`.
///
/// Not trusted: the page keeps at most the request's page size of items (a server listing 20,000 items for
/// `MaxResults=10` is cut to 10), and its page number and size are the request's, whatever the answer echoes, so
/// a server cannot move the paging.
enum AladinResponse {
    /// The page in `data`, or the error it stands for (Aladin's error body or a malformed answer).
    static func decodePage(_ data: Data, for request: BookSearchRequest) throws(BookSearchError) -> BookSearchPage {
        let json = unwrapJSON(data)
        if let failure = try? JSONDecoder().decode(ErrorBody.self, from: json) {
            throw failure.error
        }
        let body: SearchBody
        do {
            body = try JSONDecoder().decode(SearchBody.self, from: json)
        } catch {
            throw .malformedResponse(describe(error, data: data))
        }
        let items = (body.item ?? []).prefix(request.pageSize)
        if body.totalResults < 0 {
            throw .malformedResponse("totalResults is negative (\(body.totalResults))")
        }
        if body.item == nil && body.totalResults > 0 {
            throw .malformedResponse("totalResults is \(body.totalResults) but there is no item list")
        }
        return BookSearchPage(
            books: items.map(\.book), totalResults: body.totalResults, startIndex: request.page,
            itemsPerPage: request.pageSize)
    }

    /// If `data` is an Aladin error body, the error it stands for.
    static func decodeError(_ data: Data) -> BookSearchError? {
        (try? JSONDecoder().decode(ErrorBody.self, from: unwrapJSON(data)))?.error
    }

    /// The JSON object in `data`: without surrounding whitespace, a trailing `;`, or a JSONP `name(...)` wrapper.
    static func unwrapJSON(_ data: Data) -> Data {
        var bytes = Substring(decoding: data, as: UTF8.self)
        bytes = bytes.drop(while: \.isWhitespace)
        while let last = bytes.last, last.isWhitespace || last == ";" { bytes = bytes.dropLast() }
        if bytes.first != "{", bytes.last == ")", let open = bytes.firstIndex(of: "("),
            bytes[..<open].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "." })
        {
            bytes = bytes[bytes.index(after: open)..<bytes.index(before: bytes.endIndex)]
        }
        return Data(bytes.utf8)
    }

    static func describe(_ error: any Error, data: Data) -> String {
        if data.isEmpty { return "the body is empty" }
        switch error {
        case DecodingError.dataCorrupted:
            if let field = unrepresentableNumber(in: data) {
                return "\(field) is too large or not a whole number"
            }
            let start = String(decoding: data.prefix(40), as: UTF8.self)
            return "not valid JSON, or cut short; it starts with \"\(start)\""
        case DecodingError.keyNotFound(let key, let context):
            return "the field \(path(context.codingPath + [key])) is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            if context.codingPath.isEmpty { return "the answer is not a JSON object" }
            return "the field \(path(context.codingPath)) has the wrong type"
        default:
            return "\(error)"
        }
    }

    /// A coding path as a reader writes it: `item[0].title`, not Swift's `item.Index 0.title`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "(top level)" : text
    }

    /// The first integer field of the answer that is valid JSON but does not fit an `Int` (too large, or a
    /// fraction), as "totalResults (99999999999999999999)"; `nil` when there is none or the JSON is invalid.
    private static func unrepresentableNumber(in data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: unwrapJSON(data)) as? [String: Any] else {
            return nil
        }
        func check(_ value: Any?, _ name: String) -> String? {
            guard let number = value as? NSNumber, !(value is Bool) else { return nil }
            let double = number.doubleValue
            let fits = double.rounded() == double && abs(double) < 9.2e18
            return fits ? nil : "\(name) (\(number))"
        }
        if let found = check(object["totalResults"], "totalResults") { return found }
        for (index, item) in ((object["item"] as? [[String: Any]]) ?? []).enumerated() {
            if let found = check(item["priceStandard"], "item[\(index)].priceStandard") { return found }
        }
        return "a number"
    }

    /// Aladin's error body: `{"errorCode": 8, "errorMessage": "..."}`.
    private struct ErrorBody: Decodable {
        var errorCode: Int
        var errorMessage: String?

        /// A key problem when Aladin's message names the key; any other code is a plain API error. Aladin does not
        /// publish its error codes, so the message is what tells them apart.
        var error: BookSearchError {
            let message = ReceivedText.capped(
                errorMessage ?? "no message", maximumBytes: ReceivedText.maximumMessageBytes)
            let lowered = message.lowercased()
            if lowered.contains("key") || lowered.contains("키") {
                return .invalidKey(message)
            }
            return .api(code: errorCode, message: message)
        }
    }

    private struct SearchBody: Decodable {
        var totalResults: Int
        var item: [Item]?
    }

    private struct Item: Decodable {
        var title: String?
        var author: String?
        var publisher: String?
        var pubDate: String?
        var isbn13: String?
        var cover: String?
        var link: String?
        var priceStandard: Int?
        var itemId: Int?
        var description: String?

        /// The book, each field cut to its ``ReceivedText`` size on arrival.
        var book: Book {
            func field(_ text: String?, _ maximumBytes: Int = ReceivedText.maximumFieldBytes) -> String {
                ReceivedText.capped(AladinResponse.unescape(text), maximumBytes: maximumBytes)
            }
            func address(_ text: String?) -> URL? {
                guard let text, text.utf8.count <= ReceivedText.maximumURLBytes else { return nil }
                return URL(string: AladinResponse.unescape(text))
            }
            return Book(
                title: field(title), author: field(author), publisher: field(publisher),
                publicationDate: field(pubDate, ReceivedText.maximumCodeBytes),
                isbn13: field(isbn13, ReceivedText.maximumCodeBytes), coverURL: address(cover),
                priceKRW: priceStandard, link: address(link), itemID: itemId,
                summary: description.map { field($0, ReceivedText.maximumMessageBytes) }.flatMap {
                    $0.isEmpty ? nil : $0
                })
        }
    }

    /// Aladin HTML-escapes some text fields (`&amp;` in links, `&lt;` in titles).
    fileprivate static func unescape(_ text: String?) -> String {
        guard let text, text.contains("&") else { return text ?? "" }
        return text.replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
