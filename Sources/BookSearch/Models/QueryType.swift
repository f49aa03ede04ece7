/// Which field a search matches: the search screen's drop-down, and Aladin's `QueryType` parameter.
public enum QueryType: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Title, author or publisher (Aladin's `Keyword`).
    case keyword = "Keyword"
    /// The title only.
    case title = "Title"
    /// The author only.
    case author = "Author"
    /// The publisher only.
    case publisher = "Publisher"

    /// Aladin's value for the `QueryType` parameter.
    public var aladinValue: String { rawValue }

    /// The name people and the command line use: "keyword", "title", "author", "publisher".
    public var name: String { rawValue.lowercased() }
}
