import BookSearch
import BookSearchTerminal
import Foundation
import RxLiteTest
import Testing

@Suite(.checksResources) struct SearchReportTests {
    let books = [
        Book(title: "채식주의자", author: "한강", publisher: "창비", publicationDate: "2007", isbn13: "9788936433598"),
        Book(title: "Untitled", author: "", publisher: "", publicationDate: "", isbn13: ""),
    ]

    func options(json: Bool = false) -> SearchOptions {
        SearchOptions(query: "q", queryType: .keyword, pages: 1, json: json, service: .embeddedCatalog)
    }

    @Test func textIsOneLinePerBookThenTheCount() {
        let report = SearchReport(options: options(), books: books, totalResults: 12)
        #expect(report.text == "1. 채식주의자 — 한강 (창비, 2007) 9788936433598\n2. Untitled\n2 of 12\n")
    }

    @Test func noResultsSaysSo() {
        #expect(
            SearchReport(options: options(), books: [], totalResults: 0).text
                == "No books found for \"q\" (keyword).\n0 of 0\n")
    }

    @Test func jsonCarriesTheQueryTotalAndBooks() throws {
        let report = SearchReport(options: options(json: true), books: books, totalResults: 12)
        let object = try #require(JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(object["query"] as? String == "q")
        #expect(object["type"] as? String == "keyword")
        #expect(object["totalResults"] as? Int == 12)
        let first = try #require((object["books"] as? [[String: Any]])?.first)
        #expect(first["title"] as? String == "채식주의자")
        #expect(first["isbn13"] as? String == "9788936433598")
    }

    @Test func fetchStopsAfterTheLastPage() async throws {
        let catalog = EmbeddedCatalog(
            books: (1...15).map {
                Book(title: "Swift \($0)", author: "A", publisher: "P", publicationDate: "2020", isbn13: "")
            })
        var options = options()
        options.query = "swift"
        options.pages = 5
        let report = try await SearchReport.fetch(options, from: catalog)
        #expect(report.books.count == 15)
        #expect(report.totalResults == 15)
    }
}
