import Foundation

/// A book search with no key and no network: a fixed list of real books, compiled into the module (generated from
/// `scripts/catalog_books.txt` by `scripts/make_catalog.py`), searched and paged the way Aladin's `ItemSearch`
/// pages.
///
/// Matching: the query (trimmed) is contained in the field of the query type (`keyword`: title, author or
/// publisher), ignoring case and diacritics ("bronte" finds "Brontë"); Hangul matches whole syllables ("한" does
/// not match "학"). Results are sorted by title as a reader expects (``titleOrder(_:_:)``: case, accents and
/// digit runs compared as a person would), then ISBN-13, so pages never overlap or reorder. Paging follows
/// ``BookSearchPage``: page `p` of size `n` holds matches `(p - 1) * n + 1 ... p * n`, `totalResults` is the number
/// of matches, and a page past the end is empty with the same total.
public struct EmbeddedCatalog: BookSearchService {
    /// Every book, sorted by title (``titleOrder(_:_:)``) then ISBN-13.
    public let books: [Book]
    private let searchFields: [SearchFields]

    /// A catalog of `books` (for tests and previews); the bundled one is ``bundled()``.
    public init(books: [Book]) {
        self.books = books.sorted { lhs, rhs in
            switch Self.titleOrder(lhs.title, rhs.title) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: (lhs.title, lhs.isbn13) < (rhs.title, rhs.isbn13)
            }
        }
        searchFields = self.books.map(SearchFields.init)
    }

    /// How two titles compare for a reader: ignoring case, numbers by value ("Book 2" before "Book 10"), accents
    /// after letters ("Eclair", "Éclair", "Emile"), with a fixed collation (English's, which puts Latin before
    /// Hangul) so the order is the same on every machine, whatever its locale.
    public static func titleOrder(_ lhs: String, _ rhs: String) -> ComparisonResult {
        lhs.compare(rhs, options: [.caseInsensitive, .numeric], range: nil, locale: collationLocale)
    }

    private static let collationLocale = Locale(identifier: "en")

    /// The catalog compiled into the module (330 books from `scripts/catalog_books.txt`), built once per process.
    /// It is part of the binary, not a resource file, so it cannot go missing; the `throws` stays for callers
    /// written when it was a resource (`.catalogUnavailable`).
    public static func bundled() throws(BookSearchError) -> EmbeddedCatalog {
        bundledCatalog
    }

    private static let bundledCatalog = EmbeddedCatalog(books: bundledBooks)

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
