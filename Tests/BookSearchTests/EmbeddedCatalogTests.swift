import BookSearch
import Foundation
import RxLiteTest
import Testing

/// The bundled catalog: real books with valid ISBN-13s, searchable by every query type, paged like Aladin.
@Suite(.checksResources) struct EmbeddedCatalogTests {
    private let catalog: EmbeddedCatalog

    init() throws {
        catalog = try EmbeddedCatalog.bundled()
    }

    /// Every page of `query` in order, until the first page that says there is no more.
    private func allPages(_ query: String, _ queryType: QueryType, pageSize: Int) async throws -> [BookSearchPage] {
        var pages: [BookSearchPage] = []
        var request = BookSearchRequest(query: query, queryType: queryType, pageSize: pageSize)
        while true {
            let page = try await catalog.search(request)
            pages.append(page)
            if !page.hasMore { return pages }
            request = request.nextPage
        }
    }

    @Test func holdsAtLeast300BooksWithCompleteFields() {
        #expect(catalog.books.count >= 300)
        for book in catalog.books {
            #expect(!book.title.isEmpty && !book.author.isEmpty && !book.publisher.isEmpty, "\(book)")
            #expect(book.publicationYear.map { (1450...2026).contains($0) } == true, "\(book)")
            // Unknown, never guessed: the catalog has no prices, covers or links.
            #expect(book.priceKRW == nil && book.coverURL == nil && book.link == nil, "\(book)")
        }
    }

    @Test func everyISBN13HasAValidCheckDigitAndIsUnique() {
        let invalid = catalog.books.filter { !$0.hasValidISBN13 }
        #expect(invalid.isEmpty, "invalid ISBN-13s: \(invalid.map(\.isbn13))")
        #expect(Set(catalog.books.map(\.isbn13)).count == catalog.books.count)
    }

    @Test func checkDigitRule() {
        #expect(Book.isValidISBN13("9788936433598"))
        #expect(Book.isValidISBN13("9780262510875"))
        #expect(!Book.isValidISBN13("9788936433599"))  // last digit changed
        #expect(!Book.isValidISBN13("9788936435398"))  // two digits swapped
        #expect(!Book.isValidISBN13("978893643359"))  // 12 digits
        #expect(!Book.isValidISBN13("97889364335X8"))
        #expect(!Book.isValidISBN13("978-89-364-3359-8"))
    }

    @Test func mixesKoreanAndEnglishBooks() {
        let korean = catalog.books.filter { $0.isbn13.hasPrefix("97889") || $0.isbn13.hasPrefix("97911") }
        #expect(korean.count >= 50)
        #expect(catalog.books.count - korean.count >= 200)
    }

    @Test func searchesByEveryQueryType() async throws {
        let title = try await catalog.search(BookSearchRequest(query: "채식주의자", queryType: .title))
        #expect(title.books.map(\.isbn13) == ["9788936433598"])
        #expect(title.books.first?.author == "한강")

        let author = try await catalog.search(BookSearchRequest(query: "한강", queryType: .author, pageSize: 100))
        #expect(author.books.map(\.title).sorted() == ["소년이 온다", "작별하지 않는다", "채식주의자", "희랍어 시간", "흰"])

        let publisher = try await catalog.search(BookSearchRequest(query: "창비", queryType: .publisher, pageSize: 100))
        #expect(!publisher.books.isEmpty)
        #expect(publisher.books.allSatisfy { $0.publisher == "창비" })
        #expect(publisher.books.contains { $0.title == "아몬드" })

        let byTitle = try await catalog.search(BookSearchRequest(query: "Knuth", queryType: .title))
        #expect(byTitle.totalResults == 0)
        let byAuthor = try await catalog.search(BookSearchRequest(query: "Knuth", queryType: .author))
        #expect(byAuthor.totalResults == 6)
    }

    @Test func keywordMatchesTitleAuthorOrPublisher() async throws {
        for query in ["한강", "python", "Addison", "민음사", "Tolkien", "harry potter"] {
            let keyword = catalog.matches(query, in: .keyword)
            let union = Set(
                [QueryType.title, .author, .publisher].flatMap { catalog.matches(query, in: $0) }.map(\.isbn13))
            #expect(Set(keyword.map(\.isbn13)) == union, "\(query)")
            #expect(!keyword.isEmpty, "\(query)")
        }
    }

    @Test func matchingIgnoresCaseDiacriticsAndSurroundingSpace() async throws {
        #expect(catalog.matches("BRONTË", in: .author).count == catalog.matches("bronte", in: .author).count)
        #expect(catalog.matches("bronte", in: .author).count == 2)
        #expect(catalog.matches("  garcia marquez ", in: .author).count == 3)
        #expect(catalog.matches("Lipovaca", in: .author).map(\.title) == ["Learn You a Haskell for Great Good!"])
        #expect(catalog.matches("the pragmatic PROGRAMMER", in: .title).count == 2)
    }

    @Test func hangulMatchesWholeSyllables() {
        // Folding decomposes 학 into ᄒ ᅡ ᆨ; recomposing keeps "하" from matching inside it.
        let books = [
            Book(title: "학교", author: "가", publisher: "나", publicationDate: "2020", isbn13: "9791199900016"),
            Book(title: "하늘", author: "가", publisher: "나", publicationDate: "2020", isbn13: "9791199900023"),
        ]
        let catalog = EmbeddedCatalog(books: books)
        #expect(catalog.matches("하", in: .title).map(\.title) == ["하늘"])
        #expect(catalog.matches("학", in: .title).map(\.title) == ["학교"])
    }

    @Test func resultsAreSortedByTitleThenISBN() {
        let outOfOrder = zip(catalog.books, catalog.books.dropFirst()).filter { lhs, rhs in
            switch EmbeddedCatalog.titleOrder(lhs.title, rhs.title) {
            case .orderedAscending: false
            case .orderedDescending: true
            case .orderedSame: (lhs.title, lhs.isbn13) > (rhs.title, rhs.isbn13)
            }
        }
        #expect(outOfOrder.isEmpty)
        let same = catalog.matches("The Catcher in the Rye", in: .title)
        #expect(same.map(\.isbn13) == ["9780316769174", "9780316769488"])
    }

    @Test func titlesSortAsAReaderExpects() {
        let titles = ["zebra", "Éclair", "Book 10", "apple", "한강", "Banana", "Book 2", "Eclair", "1984"]
        let catalog = EmbeddedCatalog(
            books: titles.map { Book(title: $0, author: "", publisher: "", publicationDate: "", isbn13: "") })
        #expect(
            catalog.books.map(\.title) == [
                "1984", "apple", "Banana", "Book 2", "Book 10", "Eclair", "Éclair", "zebra", "한강",
            ])
    }

    @Test(arguments: [
        ("a", QueryType.keyword, 10), ("the", .title, 7), ("한", .keyword, 3), ("Press", .publisher, 10),
        ("e", .author, 25), ("Penguin", .publisher, 1), ("potter", .title, 100),
    ])
    func pagingMatchesTheTotal(query: String, queryType: QueryType, pageSize: Int) async throws {
        let matches = catalog.matches(query, in: queryType)
        let pages = try await allPages(query, queryType, pageSize: pageSize)
        #expect(!matches.isEmpty)
        // Pages cover the matches exactly once, in order, with Aladin's paging fields.
        #expect(pages.flatMap(\.books) == matches)
        #expect(pages.count == (matches.count + pageSize - 1) / pageSize)
        for (index, page) in pages.enumerated() {
            #expect(page.startIndex == index + 1)
            #expect(page.itemsPerPage == pageSize)
            #expect(page.totalResults == matches.count)
            #expect(page.books.count == (index < pages.count - 1 ? pageSize : matches.count - index * pageSize))
        }
        // A page past the end is empty with the same total.
        let past = try await catalog.search(
            BookSearchRequest(query: query, queryType: queryType, page: pages.count + 1, pageSize: pageSize))
        #expect(past.books.isEmpty)
        #expect(past.totalResults == matches.count)
        #expect(past.startIndex == pages.count + 1)
        #expect(!past.hasMore)
        let farPast = try await catalog.search(
            BookSearchRequest(query: query, queryType: queryType, page: Int.max, pageSize: pageSize))
        #expect(farPast.books.isEmpty && farPast.totalResults == matches.count)
    }

    @Test func noMatchesIsOneEmptyPage() async throws {
        let page = try await catalog.search(BookSearchRequest(query: "zzqxj"))
        #expect(page == BookSearchPage(books: [], totalResults: 0, startIndex: 1, itemsPerPage: 10))
        #expect(!page.hasMore)
    }

    @Test func rejectsEmptyQueriesAndBadPaging() async {
        await #expect(throws: BookSearchError.emptyQuery) { try await catalog.search(BookSearchRequest(query: " \n")) }
        await #expect(throws: BookSearchError.self) {
            try await catalog.search(BookSearchRequest(query: "a", page: 0))
        }
        await #expect(throws: BookSearchError.self) {
            try await catalog.search(BookSearchRequest(query: "a", pageSize: 101))
        }
    }

    @Test func bundledCatalogDecodesAsBooks() throws {
        // The resource round-trips through Book's Codable conformance unchanged.
        let data = try JSONEncoder().encode(catalog.books)
        #expect(try JSONDecoder().decode([Book].self, from: data) == catalog.books)
    }
}
