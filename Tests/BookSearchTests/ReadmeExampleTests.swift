import BookSearch
import Foundation
import RxLite
import RxLiteTest
import Testing

/// Runs the example of book-search's README (Sources/book-search/README.md), which
/// `scripts/generate-readme-examples.py` copies into `GENERATED-BookSearchReadmeExamples.swift`; with no key, so
/// against the bundled catalog.
@Suite(.checksResources) struct ReadmeExampleTests {
    @Test func withoutAKeyTheServiceIsTheCatalog() async throws {
        let service = try searchService(environment: [:])
        #expect(service is EmbeddedCatalog)
        let page = try await firstPageByHanKang(from: service)
        #expect(page.totalResults == 5 && page.startIndex == 1 && page.itemsPerPage == 10 && !page.hasMore)
        _ = swiftBooks(from: service)
    }

    @Test func withAKeyTheServiceIsAladin() throws {
        #expect(try searchService(environment: ["ALADIN_TTB_KEY": "ttbexample"]) is AladinClient)
    }
}
