import Foundation

/// One book as the search shows it: what Aladin's `ItemSearch` returns for an item, and what the embedded catalog
/// holds.
public struct Book: Sendable, Equatable, Hashable, Codable {
    /// The title as published, e.g. "채식주의자" or "Structure and Interpretation of Computer Programs".
    public var title: String
    /// The authors as one display string. Aladin adds roles ("한강 (지은이)"); the catalog gives names only.
    public var author: String
    /// The publisher, e.g. "창비" or "MIT Press".
    public var publisher: String
    /// The publication date: "yyyy-MM-dd" from Aladin; the catalog gives the year alone ("2007").
    public var publicationDate: String
    /// The 13-digit ISBN, digits only. Empty for the few Aladin items that have none.
    public var isbn13: String
    /// The cover image, when known. Aladin gives one for most items; the catalog gives none.
    public var coverURL: URL?
    /// The list price in Korean won (Aladin's `priceStandard`). `nil` when unknown: the catalog never guesses one.
    public var priceKRW: Int?
    /// The book's page at the seller, when known. Aladin gives one; the catalog gives none.
    public var link: URL?
    /// Aladin's item id (`itemId`), when known; the catalog gives none.
    public var itemID: Int?
    /// Aladin's short description of the book (`description`), when it gives one; the catalog gives none.
    public var summary: String?

    /// A book; what is unknown stays `nil`.
    public init(
        title: String, author: String, publisher: String, publicationDate: String, isbn13: String,
        coverURL: URL? = nil, priceKRW: Int? = nil, link: URL? = nil, itemID: Int? = nil, summary: String? = nil
    ) {
        self.title = title
        self.author = author
        self.publisher = publisher
        self.publicationDate = publicationDate
        self.isbn13 = isbn13
        self.coverURL = coverURL
        self.priceKRW = priceKRW
        self.link = link
        self.itemID = itemID
        self.summary = summary
    }

    /// What makes two listings the same book: the service's item id when there is one; else the ISBN-13 and the
    /// title together (one ISBN is sometimes printed on different books, and sets and editions share one); else
    /// every field shown (two listings that agree on all of them look the same to a reader anyway).
    public var identity: String {
        if let itemID { return "item:\(itemID)" }
        if !isbn13.isEmpty { return ["isbn", isbn13, title].joined(separator: "\u{1F}") }
        return ["text", title, author, publisher, publicationDate].joined(separator: "\u{1F}")
    }

    /// The year of `publicationDate`, or `nil` when it does not start with four digits.
    public var publicationYear: Int? {
        let prefix = publicationDate.prefix(4)
        guard prefix.count == 4, prefix.allSatisfy(\.isASCII) else { return nil }
        return Int(prefix)
    }
}

extension Book {
    /// Whether `isbn13` is 13 digits with a valid ISBN-13 check digit (weights 1 and 3, sum divisible by 10).
    public var hasValidISBN13: Bool { Self.isValidISBN13(isbn13) }

    /// Whether `text` is 13 ASCII digits with a valid ISBN-13 check digit.
    public static func isValidISBN13(_ text: String) -> Bool {
        let digits = text.utf8.map { Int($0) - 48 }
        guard digits.count == 13, digits.allSatisfy({ (0...9).contains($0) }) else { return false }
        let sum = digits.enumerated().reduce(0) { sum, pair in sum + pair.element * (pair.offset % 2 == 0 ? 1 : 3) }
        return sum % 10 == 0
    }
}
