import BookSearch
import Foundation
import RxLite
import RxLiteTest
import Testing

/// The README's book-search example, compiled and run (with no key, so against the catalog).
@Suite(.checksResources) struct ReadmeExampleTests {
    @Test func readmeExample() async throws {
        let service: any BookSearchService
        if let aladin = AladinClient(environment: [:]) {  // ALADIN_TTB_KEY is set
            service = aladin
        } else {
            service = try EmbeddedCatalog.bundled()  // no key, no network: the bundled catalog
        }
        let page = try await service.search(BookSearchRequest(query: "한강", queryType: .author, page: 1))
        #expect(page.totalResults == 5 && page.startIndex == 1 && page.itemsPerPage == 10 && !page.hasMore)
        _ = service.searchObservable(BookSearchRequest(query: "swift"))
    }
}
