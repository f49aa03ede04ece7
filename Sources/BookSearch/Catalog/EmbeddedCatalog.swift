import Foundation

/// A book search with no key and no network: a fixed list of real books, bundled with the module as
/// `Resources/catalog.json`, searched and paged the way Aladin's `ItemSearch` pages.
///
/// Matching: the query (trimmed) is contained in the field of the query type (`keyword`: title, author or
/// publisher), ignoring case and diacritics ("bronte" finds "Brontë"); Hangul matches whole syllables ("한" does
/// not match "학"). Results are sorted by title, then ISBN-13, so pages never overlap or reorder. Paging follows
/// ``BookSearchPage``: page `p` of size `n` holds matches `(p - 1) * n + 1 ... p * n`, `totalResults` is the number
/// of matches, and a page past the end is empty with the same total.
public struct EmbeddedCatalog: BookSearchService {
    /// Every book, sorted by title then ISBN-13.
    public let books: [Book]
    private let searchFields: [SearchFields]

    /// A catalog of `books` (for tests and previews); the bundled one is ``bundled()``.
    public init(books: [Book]) {
        self.books = books.sorted { ($0.title, $0.isbn13) < ($1.title, $1.isbn13) }
        searchFields = self.books.map(SearchFields.init)
    }

    /// The catalog bundled with the module, read once per process.
    public static func bundled() throws(BookSearchError) -> EmbeddedCatalog {
        try bundledCatalog.get()
    }

    private static let bundledCatalog: Result<EmbeddedCatalog, BookSearchError> = {
        guard let url = Bundle.module.url(forResource: "catalog", withExtension: "json") else {
            return .failure(.catalogUnavailable("catalog.json is not in the module's bundle"))
        }
        do {
            let books = try JSONDecoder().decode([Book].self, from: Data(contentsOf: url))
            return .success(EmbeddedCatalog(books: books))
        } catch {
            return .failure(.catalogUnavailable("catalog.json could not be read: \(error)"))
        }
    }()

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
