/// Which page a ``Paginator`` asks for: Aladin's `Start` (the 1-based page number) and `MaxResults` (the page
/// size).
public struct PageRequest: Sendable, Equatable, Hashable {
    /// The 1-based page number.
    public var page: Int
    /// How many items a full page holds.
    public var pageSize: Int

    /// A request for page `page` (1-based) of `pageSize` items.
    public init(page: Int, pageSize: Int) {
        self.page = page
        self.pageSize = pageSize
    }

    /// The 0-based index of the page's first item: `(page - 1) * pageSize`.
    public var offset: Int { (page - 1) * pageSize }
}

/// One page of results, as a fetch returns it.
///
/// Whether more pages follow: `hasMore` when the fetch knows (a service with its own paging rules, such as
/// `BookSearchPage.hasMore`); otherwise the page is the last when it is empty, shorter than the page size, or
/// reaches `totalCount` (`page * pageSize >= totalCount`).
public struct Page<Item> {
    /// The page's items, in order.
    public var items: [Item]
    /// How many items the query matches in all, when the source says.
    public var totalCount: Int?
    /// Whether a later page can hold items, when the source decides; `nil` applies the rule above.
    public var hasMore: Bool?

    /// A page of `items`; `totalCount` and `hasMore` when the source says (see the type's rule for `nil`).
    public init(items: [Item], totalCount: Int? = nil, hasMore: Bool? = nil) {
        self.items = items
        self.totalCount = totalCount
        self.hasMore = hasMore
    }
}

extension Page: Sendable where Item: Sendable {}
extension Page: Equatable where Item: Equatable {}
