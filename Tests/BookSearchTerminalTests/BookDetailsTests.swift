import BookSearch
import Foundation
import RxLiteTest
import RxLiteUI
import Testing

@testable import BookSearchTerminal

/// Enter on a book: its details in a box; `c` copies the link (OSC 52), `o` prints it on exit, Esc goes back.
@Suite(.checksResources) struct BookDetailsTests {
    static let link = URL(string: "http://www.aladin.co.kr/shop/wproduct.aspx?ItemId=1197296")!
    static let book = Book(
        title: "채식주의자\u{1B}[2J", author: "한강 (지은이)", publisher: "창비", publicationDate: "2007-10-30",
        isbn13: "9788936433598", priceKRW: 15_000, link: link, itemID: 1_197_296, summary: "A novel\nin three parts.")

    func screen(with books: [Book]) -> TerminalScreen {
        var screen = TerminalScreen(layout: TerminalLayout(width: 80, height: 24), sourceName: "test")
        let list = AppendOnlyList<Book>()
        list.append(contentsOf: books)
        var state = PaginatorState<Book>.idle
        state.items = list.snapshot
        state.totalCount = books.count
        state.hasQuery = true
        screen.apply(state)
        return screen
    }

    @Test func enterShowsEveryFieldSanitizedAndEscGoesBack() {
        var screen = screen(with: [Self.book])
        #expect(screen.handle(.enter) == [])
        let shown = screen.render().map(\.text).joined(separator: "\n")
        for text in [
            "Title      채식주의자", "Author     한강 (지은이)", "Publisher  창비", "Published  2007-10-30",
            "ISBN       9788936433598", "Price      15000 won", "Link       \(Self.link.absoluteString)",
            "A novel in three parts.",
        ] {
            #expect(shown.contains(text), "\(text)")
        }
        #expect(!shown.contains("\u{1B}"))
        #expect(screen.handle(.escape) == [] && screen.overlay == nil)
    }

    @Test func cCopiesTheLinkAndOPrintsItOnExit() {
        var screen = screen(with: [Self.book])
        _ = screen.handle(.enter)
        #expect(screen.handle(.character("c")) == [.copyLink(Self.link)])
        #expect(screen.render().contains { $0.text.contains("sent to the clipboard") })
        #expect(screen.handle(.character("o")) == [.printLinkOnExit(Self.link)])
        #expect(screen.searchText.isEmpty)  // the keys did not reach the search field
        #expect(ANSI.copyToClipboard("ab") == "\u{1B}]52;c;YWI=\u{07}")
    }

    @Test func aBookWithoutALinkOffersNoCopyAndAnEmptyListOpensNothing() {
        var screen = screen(with: [Book(title: "T", author: "A", publisher: "P", publicationDate: "", isbn13: "")])
        _ = screen.handle(.enter)
        #expect(screen.handle(.character("c")) == [])
        _ = screen.handle(.escape)
        var empty = self.screen(with: [])
        _ = empty.handle(.enter)
        #expect(empty.overlay == nil)
    }
}
