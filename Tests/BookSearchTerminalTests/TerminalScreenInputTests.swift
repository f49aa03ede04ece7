import BookSearch
import BookSearchTerminal
import RxLiteTest
import RxLiteUI
import Testing

/// Many keys at once, the mouse, the real cursor, the hint line, the start screen and the matched words: what
/// issue 39 asked of the screen.
@Suite(.checksResources) struct TerminalScreenInputTests {
    /// 40x11: a list of 3 rows, from row 4.
    func screen(width: Int = 40, height: Int = 11) -> TerminalScreen {
        TerminalScreen(layout: TerminalLayout(width: width, height: height), sourceName: "test")
    }

    func books(_ range: ClosedRange<Int>) -> [Book] {
        range.map { Book(title: "Book \($0)", author: "A", publisher: "P", publicationDate: "2020", isbn13: "") }
    }

    func state(_ items: PagedItems<Book>, loading: Bool = false, more: Bool = true) -> PaginatorState<Book> {
        var state = PaginatorState<Book>.idle
        state.items = items
        state.totalCount = 500
        state.isLoading = loading
        state.hasMore = more
        state.hasQuery = true
        return state
    }

    /// 100 Downs arriving in one read, with 40 books loaded: the selection stops at the last book for now, and
    /// goes on as the next pages arrive, to row 101, instead of the 60 keys past the page being lost.
    @Test func keysPastTheLoadedBooksAreKeptUntilThePagesArrive() {
        var screen = screen()
        let list = AppendOnlyList<Book>()
        list.append(contentsOf: books(1...40))
        screen.apply(state(list.snapshot))
        for key in KeyParser.parse(Array(String(repeating: "\u{1B}[B", count: 100).utf8)).keys {
            _ = screen.handle(key)
        }
        #expect(screen.selectedRow == 39)
        #expect(screen.selectionTarget == 100)
        #expect(screen.wantsNextPage)
        screen.apply(state(list.snapshot, loading: true))
        list.append(contentsOf: books(41...80))
        screen.apply(state(list.snapshot))
        #expect(screen.selectedRow == 79 && screen.selectionTarget == 100)
        list.append(contentsOf: books(81...120))
        screen.apply(state(list.snapshot))
        #expect(screen.selectedRow == 100 && screen.selectionTarget == nil)
        #expect(screen.render()[6].text.hasPrefix("› 101. Book 101 "))
    }

    @Test func aMoveWithinTheBooksOrTheLastPageForgetsTheTarget() {
        var screen = screen()
        let list = AppendOnlyList<Book>()
        list.append(contentsOf: books(1...10))
        screen.apply(state(list.snapshot))
        _ = screen.handle(.end)
        _ = screen.handle(.pageDown)
        #expect(screen.selectionTarget == 12)
        _ = screen.handle(.up)
        #expect(screen.selectionTarget == nil && screen.selectedRow == 8)
        _ = screen.handle(.pageDown)
        _ = screen.handle(.pageDown)
        #expect(screen.selectionTarget == 14)
        list.append(contentsOf: books(11...12))
        screen.apply(state(list.snapshot, more: false))  // the end: the target is dropped at the last book
        #expect(screen.selectedRow == 11 && screen.selectionTarget == nil)
        screen.apply(state(PagedItems(books(1...3))))  // a new search starts at the top
        #expect(screen.selectedRow == 0 && screen.selectionTarget == nil)
    }

    @Test func theWheelMovesTheSelectionAndAClickSelectsThenOpens() {
        var screen = screen()
        screen.apply(state(PagedItems(books(1...20))))
        _ = screen.handle(.mouse(MouseEvent(.wheelDown, row: 5, column: 3)))
        #expect(screen.selectedRow == 3)
        _ = screen.handle(.mouse(MouseEvent(.wheelUp, row: 5, column: 3)))
        #expect(screen.selectedRow == 0)
        _ = screen.handle(.mouse(MouseEvent(.press, row: 6, column: 10)))  // the third list row
        #expect(screen.selectedRow == 2 && screen.overlay == nil)
        _ = screen.handle(.mouse(MouseEvent(.press, row: 1, column: 10)))  // not the list: nothing
        #expect(screen.selectedRow == 2 && screen.overlay == nil)
        _ = screen.handle(.mouse(MouseEvent(.press, row: 6, column: 1)))
        #expect(screen.overlay?.title == "Book")
        #expect(screen.overlay?.lines.first == "Title      Book 3")
        _ = screen.handle(.mouse(MouseEvent(.wheelDown, row: 6, column: 1)))  // in a box: it scrolls the box
        #expect(screen.selectedRow == 2)
    }

    @Test func aClickBelowTheLastBookDoesNothing() {
        var screen = screen()
        screen.apply(state(PagedItems(books(1...2)), more: false))
        _ = screen.handle(.mouse(MouseEvent(.press, row: 6, column: 3)))
        #expect(screen.selectedRow == 0 && screen.overlay == nil)
    }

    /// The terminal's cursor is at the insertion point, counted in columns: a Hangul syllable takes two.
    @Test func theCursorIsAtTheInsertionPointInColumns() {
        var screen = screen()
        #expect(screen.cursorCell! == (1, 9))
        for character in "한강x" { _ = screen.handle(.character(character)) }
        #expect(screen.cursorCell! == (1, 14))
        _ = screen.handle(.left)
        #expect(screen.cursorCell! == (1, 13))
        _ = screen.handle(.left)
        #expect(screen.cursorCell! == (1, 11))
        #expect(!screen.render()[1].text.contains("▏"))
        _ = screen.handle(.control("g"))
        #expect(screen.cursorCell == nil)  // hidden under the help
        let frame = ANSI.frame(screen.render(), cursor: screen.cursorCell)
        #expect(!frame.hasSuffix(ANSI.showCursor))
    }

    @Test func theHintLineNamesTheKeysOfTheCurrentView() {
        var screen = screen(width: 100)
        #expect(screen.render()[10].text.hasPrefix(" Tab field  Ctrl-T countdown  Ctrl-G help  Ctrl-C quit "))
        screen.apply(state(PagedItems(books(1...5))))
        #expect(screen.render()[10].text.hasPrefix(" ↑↓ move  Enter details  Tab field "))
        screen.errorMessage = "Aladin did not answer in time."
        #expect(screen.render()[10].text.hasPrefix(" Ctrl-R retry  Ctrl-O whole error  ↑↓ move "))
        screen.countdownText = "2"
        #expect(screen.render()[10].text.hasPrefix(" Ctrl-X cancel the countdown  Ctrl-R retry "))
        _ = screen.handle(.enter)
        #expect(screen.render()[10].text.hasPrefix(" Esc back  Ctrl-C quit "))
        _ = screen.handle(.escape)
        _ = screen.handle(.f1)
        #expect(screen.render()[10].text.hasPrefix(" Esc close  ↑↓ PgUp PgDn scroll  Ctrl-C quit "))
        // At the narrowest screen the help and quit keys stay; what does not fit whole is left out, never cut.
        var narrow = self.screen()
        narrow.apply(state(PagedItems(books(1...5))))
        #expect(narrow.render()[10].text == " ↑↓ move  Ctrl-G help  Ctrl-C quit      ")
    }

    /// The status names only the status: the keys are on the hint line, help as Ctrl-G, which every terminal
    /// passes (some take F1 for their own help).
    @Test func theStatusLineHasNoKeyHints() {
        var screen = screen()
        screen.status = "5 of 500"
        screen.errorMessage = "x"
        let lines = screen.render()
        #expect(lines[9].text == " 5 of 500" + String(repeating: " ", count: 31))
        #expect(lines[10].text.contains("Ctrl-G help") && !lines.contains { $0.text.contains("F1 help") })
    }

    @Test func theStartScreenSaysHowToSearch() {
        let lines = screen(width: 80, height: 24).render().map(\.text)
        let shown = lines[4..<16].joined(separator: " ")
        #expect(shown.contains("Type a title, an author or any words"))
        #expect(shown.contains("Tab chooses what is searched"))
        #expect(shown.contains("Ctrl-G shows every key"))
        var searched = screen(width: 80, height: 24)
        searched.apply(state(PagedItems(books(1...2))))
        #expect(!searched.render().map(\.text).joined().contains("Type a title"))
    }

    /// The query's words are emphasized where they occur in the field searched, ignoring case and accents;
    /// a cut title never emphasizes its "…".
    @Test func theMatchedWordsOfATitleAreEmphasized() {
        var screen = screen(width: 60)
        let book = Book(
            title: "Swift and the swiftest Café", author: "Café Owner", publisher: "P", publicationDate: "", isbn13: "")
        screen.apply(state(PagedItems([book]), more: false))
        screen.settledQuery = BookQuery(text: "swift cafe", type: .keyword)
        let row = screen.render()[4]
        let text = Array(row.text)
        #expect(row.emphasis.map { String(text[$0]) } == ["Swift", "swift", "Café"])
        let frame = ANSI.frame([row])
        #expect(frame.contains("\u{1B}[1;4mSwift\u{1B}[22;24m"))
        screen.settledQuery = BookQuery(text: "owner", type: .author)
        let byAuthor = screen.render()[4]
        #expect(byAuthor.emphasis.map { String(Array(byAuthor.text)[$0]) } == ["Owner"])
        var narrow = self.screen()
        narrow.apply(state(PagedItems([book]), more: false))
        narrow.settledQuery = BookQuery(text: "owner swiftest", type: .keyword)
        let cut = narrow.render()[4]
        #expect(cut.text.hasSuffix("…"))
        #expect(cut.emphasis.allSatisfy { $0.upperBound < cut.text.count })
    }

    @Test func theCountdownsDoneFrameHasNoCancelHint() {
        #expect(Overlay.countdown("2").lines.contains("Ctrl-X cancels"))
        let done = Overlay.countdown(CountdownPopup.finished)
        #expect(!done.lines.contains("Ctrl-X cancels"))
        #expect(done.lines.count == Overlay.countdown("2").lines.count)  // the box keeps its size
    }

    /// Every key of the help has at least two spaces after it, the longest too.
    @Test func theHelpsKeyColumnSeparatesEveryKeyFromItsAction() {
        let column = Overlay.help.hangingIndent
        for line in Overlay.help.lines where !line.isEmpty && !line.hasPrefix("Reaching") {
            let characters = Array(line)
            #expect(
                characters[column - 2] == " " && characters[column - 1] == " " && characters[column] != " ", "\(line)")
        }
        #expect(Overlay.help.lines.contains { $0.hasPrefix("Backspace, Del  ") })
    }
}
