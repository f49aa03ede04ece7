/// One page of one search: what to look for, in which field, and which page.
///
/// Pages are numbered from 1, as Aladin's `Start` parameter is; `pageSize` is Aladin's `MaxResults` (1...100).
public struct BookSearchRequest: Sendable, Equatable, Hashable, Codable {
    /// The largest page size Aladin serves.
    public static let maximumPageSize = 100
    /// The page size the search screen asks for as the list scrolls.
    public static let defaultPageSize = 10

    /// The text to look for. Leading and trailing whitespace is ignored; an empty query is rejected.
    public var query: String
    /// The field the query matches.
    public var queryType: QueryType
    /// The 1-based page number (Aladin's `Start`).
    public var page: Int
    /// How many books a page holds (Aladin's `MaxResults`).
    public var pageSize: Int

    public init(
        query: String, queryType: QueryType = .keyword, page: Int = 1, pageSize: Int = BookSearchRequest.defaultPageSize
    ) {
        self.query = query
        self.queryType = queryType
        self.page = page
        self.pageSize = pageSize
    }

    /// The query without surrounding whitespace.
    public var trimmedQuery: String { query.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The same search, one page further.
    public var nextPage: BookSearchRequest {
        var next = self
        next.page += 1
        return next
    }

    /// Throws the error a service must report for this request before doing any work: an empty query, a page
    /// below 1, or a page size outside 1...100.
    public func validate() throws(BookSearchError) {
        if trimmedQuery.isEmpty { throw .emptyQuery }
        if page < 1 { throw .invalidRequest("The page number must be 1 or more, not \(page).") }
        if !(1...Self.maximumPageSize).contains(pageSize) {
            throw .invalidRequest("The page size must be between 1 and \(Self.maximumPageSize), not \(pageSize).")
        }
    }
}
