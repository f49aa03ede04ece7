import Foundation

/// A book search with no key and no network: a fixed list of real books, compiled into the module (generated from
/// `scripts/catalog_books.txt` by `scripts/generate-catalog.py`), searched and paged the way Aladin's `ItemSearch`
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

    /// `lhs` and `rhs` (UTF-8) compared byte by byte, which is code point order, except that runs of ASCII digits
    /// compare by value. Bytes, not `Character`s: a catalog of 100,000 titles sorts in well under a second.
    private static func naturalOrder(_ lhs: [UInt8], _ rhs: [UInt8]) -> ComparisonResult {
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        var i = 0
        var j = 0
        while i < lhs.count && j < rhs.count {
            if isDigit(lhs[i]) && isDigit(rhs[j]) {
                var iEnd = i
                while iEnd < lhs.count && isDigit(lhs[iEnd]) { iEnd += 1 }
                var jEnd = j
                while jEnd < rhs.count && isDigit(rhs[jEnd]) { jEnd += 1 }
                while i < iEnd - 1 && lhs[i] == 0x30 { i += 1 }  // leading zeros do not change the value
                while j < jEnd - 1 && rhs[j] == 0x30 { j += 1 }
                if iEnd - i != jEnd - j { return iEnd - i < jEnd - j ? .orderedAscending : .orderedDescending }
                while i < iEnd {
                    if lhs[i] != rhs[j] { return lhs[i] < rhs[j] ? .orderedAscending : .orderedDescending }
                    i += 1
                    j += 1
                }
                continue
            }
            if lhs[i] != rhs[j] { return lhs[i] < rhs[j] ? .orderedAscending : .orderedDescending }
            i += 1
            j += 1
        }
        if i == lhs.count && j == rhs.count { return .orderedSame }
        return i == lhs.count ? .orderedAscending : .orderedDescending
    }

    /// Titles folded for sorting.
    private enum SortKey {
        /// Case, accents and width folded, then recomposed (NFC) so Hangul syllables stay whole; as UTF-8.
        static func folded(_ text: String) -> [UInt8] {
            Array(
                text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                    .precomposedStringWithCanonicalMapping.utf8)
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
