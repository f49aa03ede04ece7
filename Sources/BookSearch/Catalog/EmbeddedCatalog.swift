import Foundation

/// A book search with no key and no network: a fixed list of real books, compiled into the module (generated from
/// `scripts/catalog_books.txt` by `scripts/make_catalog.py`), searched and paged the way Aladin's `ItemSearch`
/// pages.
///
/// Matching: the query (trimmed) is contained in the field of the query type (`keyword`: title, author or
/// publisher), ignoring case and diacritics ("bronte" finds "Brontë"); Hangul matches whole syllables ("한" does
/// not match "학"). Results are sorted by title as a reader expects (``titleOrder(_:_:)``: case and accents
/// ignored, numbers by value), then ISBN-13, so pages never overlap or reorder. Paging follows
/// ``BookSearchPage``: page `p` of size `n` holds matches `(p - 1) * n + 1 ... p * n`, `totalResults` is the number
/// of matches, and a page past the end is empty with the same total.
public struct EmbeddedCatalog: BookSearchService {
    /// Every book, sorted by title (``titleOrder(_:_:)``) then ISBN-13.
    public let books: [Book]
    private let searchFields: [SearchFields]

    /// A catalog of `books` (for tests and previews); the bundled one is ``bundled()``.
    public init(books: [Book]) {
        // Each title is folded once, not once per comparison.
        let keyed = books.map { (key: SortKey.folded($0.title), book: $0) }
        self.books = keyed.sorted { lhs, rhs in
            switch Self.naturalOrder(lhs.key, rhs.key) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: (lhs.book.title, lhs.book.isbn13) < (rhs.book.title, rhs.book.isbn13)
            }
        }.map(\.book)
        searchFields = self.books.map(SearchFields.init)
    }

    /// The catalog compiled into the module (330 books from `scripts/catalog_books.txt`), built once per process.
    /// It is part of the binary, not a resource file, so it cannot go missing; the `throws` stays for callers
    /// written when it was a resource (`.catalogUnavailable`).
    public static func bundled() throws(BookSearchError) -> EmbeddedCatalog {
        bundledCatalog
    }

    private static let bundledCatalog = EmbeddedCatalog(books: bundledBooks)

    /// How two titles compare for a reader: ignoring case, accents and width first ("apple", "Banana", "Eclair",
    /// "Éclair", "Emile"), numbers by value ("Book 2" before "Book 10"), then the exact text, so only equal titles
    /// are `.orderedSame`. The same on every machine, whatever its locale; scripts sort by code point (Latin
    /// before Hangul). Foundation's `compare(_:options:range:locale:)` is not used: on Linux it can order two
    /// Hangul titles each before the other, which no sort survives.
    public static func titleOrder(_ lhs: String, _ rhs: String) -> ComparisonResult {
        let folded = naturalOrder(SortKey.folded(lhs), SortKey.folded(rhs))
        if folded != .orderedSame { return folded }
        return lhs == rhs ? .orderedSame : (lhs < rhs ? .orderedAscending : .orderedDescending)
    }

    /// `lhs` and `rhs` compared character by character, except that runs of ASCII digits compare by value.
    private static func naturalOrder(_ lhs: String, _ rhs: String) -> ComparisonResult {
        var left = Substring(lhs)
        var right = Substring(rhs)
        while let l = left.first, let r = right.first {
            if l.isASCII, l.isNumber, r.isASCII, r.isNumber {
                let leftDigits = left.prefix { $0.isASCII && $0.isNumber }
                let rightDigits = right.prefix { $0.isASCII && $0.isNumber }
                left = left.dropFirst(leftDigits.count)
                right = right.dropFirst(rightDigits.count)
                let a = leftDigits.drop { $0 == "0" }
                let b = rightDigits.drop { $0 == "0" }
                if a.count != b.count { return a.count < b.count ? .orderedAscending : .orderedDescending }
                if a != b { return a < b ? .orderedAscending : .orderedDescending }
                continue
            }
            if l != r { return l < r ? .orderedAscending : .orderedDescending }
            left = left.dropFirst()
            right = right.dropFirst()
        }
        if left.isEmpty && right.isEmpty { return .orderedSame }
        return left.isEmpty ? .orderedAscending : .orderedDescending
    }

    /// Titles folded for sorting.
    private enum SortKey {
        /// Case, accents and width folded, then recomposed (NFC) so Hangul syllables stay whole.
        static func folded(_ text: String) -> String {
            text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                .precomposedStringWithCanonicalMapping
        }
    }

    public func search(_ request: BookSearchRequest) async throws(BookSearchError) -> BookSearchPage {
        try request.validate()
        let matches = self.matches(request.trimmedQuery, in: request.queryType)
        let (skipped, overflow) = (request.page - 1).multipliedReportingOverflow(by: request.pageSize)
        let start = overflow ? matches.count : min(skipped, matches.count)
        let end = min(start + request.pageSize, matches.count)
        return BookSearchPage(
            books: Array(matches[start..<end]), totalResults: matches.count, startIndex: request.page,
            itemsPerPage: request.pageSize)
    }

    /// Every book matching `query` in the field of `queryType`, in catalog order.
    public func matches(_ query: String, in queryType: QueryType) -> [Book] {
        let needle = SearchFields.normalized(query)
        guard !needle.isEmpty else { return [] }
        return zip(books, searchFields).compactMap { book, fields in
            fields.match(needle, queryType) ? book : nil
        }
    }

    /// A book's fields, normalized once for matching.
    private struct SearchFields {
        let title: String
        let author: String
        let publisher: String

        init(_ book: Book) {
            title = Self.normalized(book.title)
            author = Self.normalized(book.author)
            publisher = Self.normalized(book.publisher)
        }

        func match(_ needle: String, _ queryType: QueryType) -> Bool {
            switch queryType {
            case .keyword: title.contains(needle) || author.contains(needle) || publisher.contains(needle)
            case .title: title.contains(needle)
            case .author: author.contains(needle)
            case .publisher: publisher.contains(needle)
            }
        }

        /// Case and diacritics folded, then recomposed (NFC): folding decomposes Hangul syllables into jamo,
        /// which would let "한" match inside "학"; recomposing keeps syllables whole.
        static func normalized(_ text: String) -> String {
            text.trimmingCharacters(in: .whitespacesAndNewlines)
                .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                .precomposedStringWithCanonicalMapping
        }
    }
}
