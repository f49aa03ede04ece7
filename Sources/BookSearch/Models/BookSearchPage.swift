/// One page of results, with Aladin's paging fields.
///
/// Paging rules (the same for every service):
/// - `startIndex` is the page number that was served (Aladin's `startIndex`, the request's `page`), and
///   `itemsPerPage` the page size, so page `p` covers results `(p - 1) * itemsPerPage + 1 ... p * itemsPerPage`.
/// - `totalResults` is the number of matches when this page was made. A page past the end has no books and the
///   same total.
/// - A page may hold fewer books than that range promises (a server may drop items it cannot list). The page is
///   returned as it came; `hasMore` still follows the arithmetic, so the next page number is asked for next and
///   the dropped items are not fetched again.
/// - The total may change between pages (books listed or withdrawn meanwhile). Each page reports the total the
///   server gave for it; treat the latest page's total as current. `hasMore` is computed from it, so a shrinking
///   total ends the paging early and a growing one lets it go on.
public struct BookSearchPage: Sendable, Equatable, Hashable, Codable {
    /// The books on this page, in the service's order.
    public var books: [Book]
    /// How many books match the query in all.
    public var totalResults: Int
    /// The 1-based page number of this page.
    public var startIndex: Int
    /// The page size this page was cut with.
    public var itemsPerPage: Int
    /// How many of the page's items could not be read and are not in `books` (an item that is `null`, or whose
    /// title is not text): the rest of the page is kept, and the count is shown, not hidden.
    public var skippedItems: Int

    public init(books: [Book], totalResults: Int, startIndex: Int, itemsPerPage: Int, skippedItems: Int = 0) {
        self.books = books
        self.totalResults = totalResults
        self.startIndex = startIndex
        self.itemsPerPage = itemsPerPage
        self.skippedItems = skippedItems
    }

    private enum CodingKeys: String, CodingKey {
        case books, totalResults, startIndex, itemsPerPage, skippedItems
    }

    /// Decodes a page; one encoded before ``skippedItems`` existed reads as having skipped none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        books = try container.decode([Book].self, forKey: .books)
        totalResults = try container.decode(Int.self, forKey: .totalResults)
        startIndex = try container.decode(Int.self, forKey: .startIndex)
        itemsPerPage = try container.decode(Int.self, forKey: .itemsPerPage)
        skippedItems = try container.decodeIfPresent(Int.self, forKey: .skippedItems) ?? 0
    }

    /// Whether a later page can hold more results: this page was not empty and does not reach `totalResults`.
    /// An empty page always ends the paging, so a server that promises more than it serves cannot cause an
    /// endless loop.
    public var hasMore: Bool {
        let (lastCovered, overflow) = startIndex.multipliedReportingOverflow(by: itemsPerPage)
        return !books.isEmpty && !overflow && lastCovered < totalResults
    }
}
