import BookSearch
import Foundation

/// The result of the non-interactive `search` command: the books of the pages fetched, and the total.
public struct SearchReport: Sendable, Equatable {
    public var options: SearchOptions
    public var books: [Book]
    public var totalResults: Int
    /// Why the paging ended below `totalResults` (``ShownBooks/shortfall(claimedTotal:)``), if it did before the
    /// pages asked for.
    public var shortfall: String?
    /// Why a later page failed, when pages before it were loaded: the report holds those pages, and the command
    /// prints them, then this error, and exits 1.
    public var failure: BookSearchError?
    /// The page that failed, with ``failure``.
    public var failedPage: Int?
    /// How many items of the pages fetched could not be read (``ShownBooks/skippedCount``); the text says so.
    public var skippedItems: Int

    public init(
        options: SearchOptions, books: [Book], totalResults: Int, shortfall: String? = nil,
        failure: BookSearchError? = nil, failedPage: Int? = nil, skippedItems: Int = 0
    ) {
        self.options = options
        self.books = books
        self.totalResults = totalResults
        self.shortfall = shortfall
        self.failure = failure
        self.failedPage = failedPage
        self.skippedItems = skippedItems
    }

    /// Fetches pages 1...`options.pages` from `service`, stopping early after the last page. Each page adds only
    /// books not listed before, and never more than the server's total (``ShownBooks``), so a server repeating
    /// its pages or paging past its total cannot make the list longer than what it really holds. Throws when the
    /// first page fails; a later page's failure keeps the pages loaded and is returned in ``failure``.
    public static func fetch(_ options: SearchOptions, from service: any BookSearchService)
        async throws(BookSearchError)
        -> SearchReport
    {
        var books: [Book] = []
        var shown = ShownBooks()
        var total = 0
        var request = BookSearchRequest(query: options.query, queryType: options.queryType, page: 1)
        while request.page <= options.pages {
            let page: BookSearchPage
            do {
                page = try await service.search(request)
            } catch let failure where request.page > 1 {
                return SearchReport(
                    options: options, books: books, totalResults: total, failure: failure, failedPage: request.page,
                    skippedItems: shown.skippedCount)
            }
            let (admitted, hasMore) = shown.admit(page)
            books += admitted
            total = page.totalResults
            guard hasMore else {
                return SearchReport(
                    options: options, books: books, totalResults: total,
                    shortfall: shown.shortfall(claimedTotal: total), skippedItems: shown.skippedCount)
            }
            request = request.nextPage
        }
        return SearchReport(
            options: options, books: books, totalResults: total, skippedItems: shown.skippedCount)
    }

    /// One line per book, "N. Title — Author (Publisher, Year) ISBN", then "N of TOTAL" (", K skipped:
    /// unreadable" when items could not be read);
    /// every outside string made safe for a terminal (``TerminalText``), so each book is exactly one line.
    public var text: String {
        var lines = books.enumerated().map { index, book in "\(index + 1). \(Self.line(for: book))" }
        let query = "\"\(TerminalText.sanitized(options.query))\" (\(options.queryType.name))"
        let skipped = skippedItems > 0 ? ", \(skippedItems) skipped: unreadable" : ""
        if books.isEmpty && totalResults > 0 {
            lines.append("The server counts \(totalResults) books for \(query) but listed none\(skipped).")
        } else {
            if books.isEmpty { lines.append("No books found for \(query).") }
            lines.append("\(books.count) of \(totalResults)" + skipped + (shortfall.map { ": " + $0 } ?? ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "Title — Author (Publisher, Year) ISBN", leaving out what is unknown, safe for a terminal.
    public static func line(for book: Book) -> String {
        let publisher = TerminalText.sanitized(book.publisher)
        var details = [publisher].filter { !$0.isEmpty }
        if let year = book.publicationYear { details.append(String(year)) }
        var line = TerminalText.sanitized(book.title)
        let author = TerminalText.sanitized(book.author)
        if !author.isEmpty { line += " — \(author)" }
        if !details.isEmpty { line += " (\(details.joined(separator: ", ")))" }
        let isbn = TerminalText.sanitized(book.isbn13)
        if !isbn.isEmpty { line += " \(isbn)" }
        return line
    }

    /// The report as JSON: query, type, totalResults, and the books (title, author, publisher, publicationDate,
    /// isbn13), each string as the service gave it, with what a terminal would act on escaped
    /// (``TerminalText/jsonForTerminal(_:)``).
    public var json: String {
        // Written field by field, not through an Encodable struct: JSONEncoder on Linux does not keep the declared
        // order, and book-search's manual (Sources/book-search/README.md) promises query, type and totalResults
        // before the books.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        func literal(_ text: String) -> String {
            String(decoding: (try? encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
        }
        let items = books.map { book in
            let fields = [
                ("title", book.title), ("author", book.author), ("publisher", book.publisher),
                ("publicationDate", book.publicationDate), ("isbn13", book.isbn13),
            ]
            return "    {\n" + fields.map { "      \"\($0.0)\" : \(literal($0.1))" }.joined(separator: ",\n")
                + "\n    }"
        }
        let json = """
            {
              "query" : \(literal(options.query)),
              "type" : \(literal(options.queryType.name)),
              "totalResults" : \(totalResults),
              "books" : \(items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n  ]")
            }
            """
        return TerminalText.jsonForTerminal(json) + "\n"
    }
}
