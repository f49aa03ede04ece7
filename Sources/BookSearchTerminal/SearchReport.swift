import BookSearch
import Foundation

/// The result of the non-interactive `search` command: the books of the pages fetched, and the total.
public struct SearchReport: Sendable, Equatable {
    public var options: SearchOptions
    public var books: [Book]
    public var totalResults: Int

    public init(options: SearchOptions, books: [Book], totalResults: Int) {
        self.options = options
        self.books = books
        self.totalResults = totalResults
    }

    /// Fetches pages 1...`options.pages` from `service`, stopping early after the last page.
    public static func fetch(_ options: SearchOptions, from service: any BookSearchService)
        async throws(BookSearchError)
        -> SearchReport
    {
        var books: [Book] = []
        var total = 0
        var request = BookSearchRequest(query: options.query, queryType: options.queryType, page: 1)
        while request.page <= options.pages {
            let page = try await service.search(request)
            books += page.books
            total = page.totalResults
            guard page.hasMore else { break }
            request = request.nextPage
        }
        return SearchReport(options: options, books: books, totalResults: total)
    }

    /// One line per book, "N. Title — Author (Publisher, Year) ISBN", then "N of TOTAL".
    public var text: String {
        var lines = books.enumerated().map { index, book in "\(index + 1). \(Self.line(for: book))" }
        if books.isEmpty { lines.append("No books found for \"\(options.query)\" (\(options.queryType.rawValue)).") }
        lines.append("\(books.count) of \(totalResults)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// "Title — Author (Publisher, Year) ISBN", leaving out what is unknown.
    public static func line(for book: Book) -> String {
        var details = [book.publisher].filter { !$0.isEmpty }
        if let year = book.publicationYear { details.append(String(year)) }
        var line = book.title
        if !book.author.isEmpty { line += " — \(book.author)" }
        if !details.isEmpty { line += " (\(details.joined(separator: ", ")))" }
        if !book.isbn13.isEmpty { line += " \(book.isbn13)" }
        return line
    }

    /// The report as JSON: query, type, total, and the books (title, author, publisher, publicationDate, isbn13).
    public var json: String {
        struct Output: Encodable {
            struct Item: Encodable {
                let title, author, publisher, publicationDate, isbn13: String
            }
            let query: String
            let type: String
            let totalResults: Int
            let books: [Item]
        }
        let output = Output(
            query: options.query, type: options.queryType.rawValue.lowercased(), totalResults: totalResults,
            books: books.map {
                .init(
                    title: $0.title, author: $0.author, publisher: $0.publisher, publicationDate: $0.publicationDate,
                    isbn13: $0.isbn13)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(output)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}
