import BookSearch
import RxLiteTest
import RxLiteUI
import Testing

@Suite(.checksResources) struct ShownBooksTests {
    func book(_ title: String, isbn: String = "", itemID: Int? = nil) -> Book {
        Book(title: title, author: "A", publisher: "P", publicationDate: "2020", isbn13: isbn, itemID: itemID)
    }

    func page(_ books: [Book], total: Int, page: Int = 1) -> BookSearchPage {
        BookSearchPage(books: books, totalResults: total, startIndex: page, itemsPerPage: 10)
    }

    @Test func newBooksAreAdmittedAndTheCountGrows() {
        var shown = ShownBooks()
        let (books, hasMore) = shown.admit(page((1...10).map { book("b\($0)") }, total: 25))
        #expect(books.count == 10 && hasMore && shown.count == 10)
    }

    /// Skipped items add up over the pages, are said in the status beside the count, and are not a shortfall.
    @Test func skippedItemsAreCountedAndShown() {
        var shown = ShownBooks()
        let first = BookSearchPage(
            books: (1...8).map { book("b\($0)") }, totalResults: 20, startIndex: 1, itemsPerPage: 10, skippedItems: 2)
        let second = BookSearchPage(
            books: (9...17).map { book("b\($0)") }, totalResults: 20, startIndex: 2, itemsPerPage: 10, skippedItems: 1)
        _ = shown.admit(first)
        let (_, hasMore) = shown.admit(second)
        #expect(shown.count == 17 && shown.skippedCount == 3 && !hasMore)
        #expect(shown.shortfall(claimedTotal: 20) == nil)
        #expect(shown.shortfall(claimedTotal: 21) == "the server listed 17 of the 21 it claimed")
        var state = PaginatorState<Book>.idle
        state.hasQuery = true
        state.items = PagedItems((1...17).map { book("b\($0)") })
        state.totalCount = 20
        #expect(BookSearchViewModel.statusLine(for: state, skipped: 3) == "17 of 20, 3 skipped: unreadable")
        #expect(BookSearchViewModel.statusLine(for: state) == "17 of 20")
    }

    @Test func theSameItemIDIsOneBookEvenUnderAnotherTitle() {
        var shown = ShownBooks()
        _ = shown.admit(page([book("a", isbn: "9788936433598", itemID: 1), book("b", itemID: 7)], total: 50))
        let (books, hasMore) = shown.admit(
            page([book("a again", isbn: "9788936433598", itemID: 1), book("b again", itemID: 7), book("c")], total: 50))
        #expect(books.map(\.title) == ["c"])
        #expect(hasMore)  // one new book: the paging goes on
        #expect(shown.count == 3 && shown.repeatedCount == 2)
    }

    /// One ISBN on different books (a set, a misprint): different titles or item ids are different books.
    @Test func theSameISBNUnderAnotherTitleOrItemIDIsAnotherBook() {
        var shown = ShownBooks()
        let (books, _) = shown.admit(
            page(
                [
                    book("a", isbn: "9788936433598"), book("b", isbn: "9788936433598"),
                    book("a", isbn: "9788936433598", itemID: 1), book("a", isbn: "9788936433598", itemID: 2),
                    book("a", isbn: "9788936433598"),
                ], total: 50))
        #expect(books.count == 4)
        #expect(shown.repeatedCount == 1)  // only the last: same ISBN and title, no id
    }

    @Test func theShortfallSaysWhyTheTotalWasNotReached() {
        var shown = ShownBooks()
        let first = (1...10).map { book("b\($0)") }
        _ = shown.admit(page(first, total: 35))
        #expect(shown.shortfall(claimedTotal: 35) == "the server listed 10 of the 35 it claimed")
        _ = shown.admit(page(Array(first.prefix(2)) + [book("c1"), book("c2")], total: 35, page: 2))
        #expect(shown.shortfall(claimedTotal: 35) == "the server repeated books; 12 of the claimed 35 were new")
        #expect(shown.shortfall(claimedTotal: 12) == nil)
    }

    @Test func aRepeatedPageAddsNothingAndEndsThePaging() {
        var shown = ShownBooks()
        let first = (1...10).map { book("b\($0)") }
        _ = shown.admit(page(first, total: 40_000))
        let (books, hasMore) = shown.admit(page(first, total: 40_000, page: 2))
        #expect(books.isEmpty && !hasMore && shown.count == 10)
    }

    @Test func duplicatesWithinOnePageAreDropped() {
        var shown = ShownBooks()
        let (books, _) = shown.admit(
            page([book("x", itemID: 1), book("x", itemID: 1), book("y", itemID: 2)], total: 3))
        #expect(books.map(\.title) == ["x", "y"])
    }

    @Test func nothingPastTheClaimedTotal() {
        var shown = ShownBooks()
        _ = shown.admit(page((1...10).map { book("b\($0)") }, total: 12))
        let (books, hasMore) = shown.admit(page((11...20).map { book("b\($0)") }, total: 12, page: 2))
        #expect(books.map(\.title) == ["b11", "b12"] && !hasMore && shown.count == 12)
    }
}
