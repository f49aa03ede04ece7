import Foundation

/// Decoding of Aladin's `ItemSearch` answer (`output=js`, `Version=20131101`) into a ``BookSearchPage``.
///
/// Tolerated: a trailing `;` after the JSON object, and the JSONP form `callback({...});`, which Aladin's `js`
/// output is known to produce; fields this module does not use; missing optional item fields (they become empty
/// strings or `nil`). Required: `totalResults` and, when it is above zero, `item`.
///
/// Read item by item, so one bad item never hides the others: an item that is not an object, or whose text field
/// is not text, is skipped and counted (``BookSearchPage/skippedItems``); a price or item id that is not a whole
/// number from 0 (negative, a fraction, too large, text) is left out and the book kept. `totalResults` may come as
/// a number written as text or with a fraction (rounded down); one above ``maximumTotal`` is cut to it, and a
/// negative one stands for no total: the page is taken as the last.
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
        let listed = (body.item ?? []).prefix(request.pageSize)
        let books = listed.compactMap(\.item?.book)
        if body.item == nil && (body.totalResults.value ?? 0) > 0 {
            throw .malformedResponse("totalResults is \(body.totalResults.value ?? 0) but there is no item list")
        }
        // No usable total: the books up to this page are all there is, so the page shows and the paging ends.
        let (before, overflow) = (request.page - 1).multipliedReportingOverflow(by: request.pageSize)
        let total = body.totalResults.value ?? (overflow ? Self.maximumTotal : before + books.count)
        return BookSearchPage(
            books: books, totalResults: total, startIndex: request.page, itemsPerPage: request.pageSize,
            skippedItems: listed.count - books.count)
    }

    /// The largest total taken from a server: far above what any search lists (Aladin's whole catalogue is a few
    /// million titles), far below where page arithmetic could overflow.
    static let maximumTotal = 100_000_000

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
        var totalResults: Total
        var item: [Listed]?
    }

    /// `totalResults` as a count: a whole number, or one written as text or with a fraction (rounded down), cut
    /// to ``maximumTotal``; `nil` for a negative one. Anything else (`"many"`, an object) has the wrong type.
    private struct Total: Decodable {
        var value: Int?

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let number: Double
            if let whole = try? container.decode(Int.self) {
                value = whole < 0 ? nil : min(whole, maximumTotal)
                return
            } else if let fraction = try? container.decode(Double.self) {
                number = fraction
            } else if let text = try? container.decode(String.self),
                let parsed = Double(text.trimmingCharacters(in: .whitespaces))
            {
                number = parsed
            } else {
                throw DecodingError.typeMismatch(
                    Int.self, .init(codingPath: container.codingPath, debugDescription: "not a number"))
            }
            guard !number.isNaN else {
                throw DecodingError.typeMismatch(
                    Int.self, .init(codingPath: container.codingPath, debugDescription: "not a number"))
            }
            value = number < 0 ? nil : Int(min(number.rounded(.down), Double(maximumTotal)))
        }
    }

    /// One element of `item`: the item, or `nil` when it cannot be read as one (`null`, a number, an object
    /// whose text field is not text). Never fails, so the other items are read.
    private struct Listed: Decodable {
        var item: Item?

        init(from decoder: any Decoder) {
            item = try? Item(from: decoder)
        }
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

        private enum CodingKeys: String, CodingKey {
            case title, author, publisher, pubDate, isbn13, cover, link, priceStandard, itemId, description
        }

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            title = try fields.decodeIfPresent(String.self, forKey: .title)
            author = try fields.decodeIfPresent(String.self, forKey: .author)
            publisher = try fields.decodeIfPresent(String.self, forKey: .publisher)
            pubDate = try fields.decodeIfPresent(String.self, forKey: .pubDate)
            isbn13 = try fields.decodeIfPresent(String.self, forKey: .isbn13)
            cover = try fields.decodeIfPresent(String.self, forKey: .cover)
            link = try fields.decodeIfPresent(String.self, forKey: .link)
            description = try fields.decodeIfPresent(String.self, forKey: .description)
            // A detail, not the book: a price or id that is not a whole number from 0 is left out.
            func wholeNumber(_ key: CodingKeys) -> Int? {
                (try? fields.decodeIfPresent(Int.self, forKey: key)).flatMap { $0.flatMap { $0 >= 0 ? $0 : nil } }
            }
            priceStandard = wholeNumber(.priceStandard)
            itemId = wholeNumber(.itemId)
        }

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
