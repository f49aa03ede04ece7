import BookSearch
import BookSearchTerminal
import RxLiteTest
import RxLiteUI
import Testing

@Suite(.checksResources) struct TerminalScreenTests {
    func books(_ count: Int, from start: Int = 1) -> [Book] {
        (start..<start + count).map {
            Book(title: "Book \($0)", author: "A", publisher: "P", publicationDate: "2020", isbn13: "")
        }
    }

    func state(_ items: PagedItems<Book>, total: Int? = 100, loading: Bool = false, more: Bool = true)
        -> PaginatorState<Book>
    {
        var state = PaginatorState<Book>.idle
        state.items = items
        state.totalCount = total
        state.isLoading = loading
        state.hasMore = more
        state.hasQuery = true
        return state
    }

    /// 40x11: a list of 3 rows.
    func screen() -> TerminalScreen {
        TerminalScreen(layout: TerminalLayout(width: 40, height: 11), sourceName: "test")
    }

    @Test func typingEditsTheTextAndTabCyclesTheField() {
        var screen = screen()
        #expect(screen.handle(.character("s")) == [.searchTextChanged("s")])
        #expect(screen.handle(.character("강")) == [.searchTextChanged("s강")])
        #expect(screen.handle(.backspace) == [.searchTextChanged("s")])
        #expect(screen.handle(.control("u")) == [.searchTextChanged("")])
        #expect(screen.handle(.backspace) == [])
        #expect(screen.handle(.tab) == [.queryTypeChanged(.title)])
        #expect(screen.handle(.backTab) == [.queryTypeChanged(.keyword)])
        #expect(screen.handle(.backTab) == [.queryTypeChanged(.publisher)])
        #expect(screen.handle(.control("r")) == [.retry])
        #expect(screen.handle(.control("c")) == [.quit])
    }

    @Test func movingScrollsToKeepTheSelectionVisibleAndTheEndAsksForTheNextPage() {
        var screen = screen()
        let list = AppendOnlyList<Book>()
        list.append(contentsOf: books(10))
        screen.apply(state(list.snapshot))
        #expect(!screen.wantsNextPage)
        _ = screen.handle(.pageDown)
        #expect(screen.selectedRow == 3 && screen.firstVisibleRow == 1)
        _ = screen.handle(.end)
        #expect(screen.selectedRow == 9 && screen.firstVisibleRow == 7)
        #expect(screen.wantsNextPage)
        screen.apply(state(list.snapshot, loading: true))
        #expect(!screen.wantsNextPage)  // one request at a time
        list.append(contentsOf: books(10, from: 11))
        screen.apply(state(list.snapshot))
        #expect(screen.selectedRow == 9)  // an append keeps the place
        _ = screen.handle(.home)
        #expect(screen.selectedRow == 0 && screen.firstVisibleRow == 0)
        _ = screen.handle(.up)
        #expect(screen.selectedRow == 0)
    }

    @Test func aNewSearchGoesBackToTheTop() {
        var screen = screen()
        screen.apply(state(PagedItems(books(10))))
        _ = screen.handle(.end)
        screen.apply(state(PagedItems(books(2, from: 50))))
        #expect(screen.selectedRow == 0 && screen.firstVisibleRow == 0)
    }

    @Test func afterAFailureOrTheLastPageNothingIsRequested() {
        var screen = screen()
        var failed = state(PagedItems(books(2)))
        failed.error = BookSearchError.timedOut
        screen.apply(failed)
        #expect(!screen.wantsNextPage)
        screen.apply(state(PagedItems(books(2)), more: false))
        #expect(!screen.wantsNextPage)
        screen.apply(state(PagedItems(books(2))))
        #expect(screen.wantsNextPage)  // a short list fills the screen
    }

    @Test func rendersEveryRowAtTheScreensWidth() {
        var screen = screen()
        for character in "swift" { _ = screen.handle(.character(character)) }
        screen.settledQuery = BookQuery(text: "swift", type: .keyword)
        screen.status = "3 of 100"
        screen.errorMessage = "Aladin did not answer in time."
        screen.apply(state(PagedItems(books(3)), loading: true))
        _ = screen.handle(.down)
        let lines = screen.render()
        #expect(lines.count == 11)
        #expect(lines.allSatisfy { TextWidth.of($0.text) == 40 })
        #expect(
            lines.map { $0.text.replacingOccurrences(of: "─", with: "-") } == [
                " Book search — test                     ",
                " Search: swift                          ",
                " Field: Keyword Title Author Publisher  ",
                "----------------------------------------",
                "  1. Book 1 — A (P, 2020)               ",
                "› 2. Book 2 — A (P, 2020)               ",
                "  3. Book 3 — A (P, 2020)               ",
                "----------------------------------------",
                " ! Aladin did not answer in time.       ",
                " ⠋ 3 of 100                             ",
                " Ctrl-R retry  Ctrl-G help  Ctrl-C quit ",
            ])
        #expect(lines[5].style == .selected)
        #expect(lines[8].style == .error)
        #expect(screen.cursorCell! == (1, 14))  // the terminal's cursor, after the text typed
    }

    /// The selected field is in reverse video, whole, with every field readable, at every width from 40.
    @Test(arguments: [40, 44, 52, 53, 80, 120])
    func theSelectedFieldIsHighlightedAndEveryFieldIsWhole(width: Int) {
        var screen = TerminalScreen(layout: TerminalLayout(width: width, height: 10), sourceName: "test")
        for type in QueryType.allCases {
            while screen.queryType != type { _ = screen.handle(.tab) }
            let line = screen.render()[2]
            let text = Array(line.text)
            let highlighted = line.highlight.map { String(text[$0]) } ?? ""
            #expect(highlighted.contains(type.rawValue), "\(line.text)")
            #expect(QueryType.allCases.allSatisfy { line.text.contains($0.rawValue) }, "\(line.text)")
            #expect(TextWidth.of(line.text) == width)
            #expect(ANSI.frame([line]).contains("\u{1B}[7m\(highlighted)\u{1B}[27m"))
        }
    }

    @Test func theLoadingRowFollowsTheLastItem() {
        var screen = TerminalScreen(layout: TerminalLayout(width: 40, height: 12), sourceName: "test")
        screen.apply(state(PagedItems(books(2)), loading: true))
        #expect(screen.render()[6].text.hasPrefix("     ⠋ Loading more…"))
        screen.apply(state(PagedItems(books(2)), more: false))
        #expect(screen.render()[6].text.hasPrefix("     — end of results —"))
    }

    @Test func helpIsAnOverlayThatEscapeCloses() {
        var screen = TerminalScreen(layout: TerminalLayout(width: 80, height: 24), sourceName: "test")
        #expect(screen.handle(.f1) == [])
        #expect(screen.overlay == .help)
        let lines = screen.render()
        #expect(lines.contains { $0.text.contains("┌ Keys ") })
        #expect(lines.allSatisfy { TextWidth.of($0.text) == 80 })
        #expect(screen.handle(.character("x")) == [])  // keys do not reach the search field under the help
        #expect(screen.handle(.escape) == [])
        #expect(screen.overlay == nil)
    }

    @Test func sizes() {
        #expect(TerminalLayout(width: 40, height: 10).isUsable)
        #expect(!TerminalLayout(width: 39, height: 30).isUsable)
        #expect(!TerminalLayout(width: 100, height: 9).isUsable)
        #expect(TerminalLayout(width: 30, height: 8).tooSmallMessage.contains("at least 40x10"))
    }

    @Test func aFrameIsPositionedLinesWithStyles() {
        let frame = ANSI.frame([ScreenLine("a"), ScreenLine("b", .selected)])
        #expect(frame == "\u{1B}[?25l\u{1B}[H\u{1B}[1;1Ha\u{1B}[0m\u{1B}[2;1H\u{1B}[7mb\u{1B}[0m")
        let withCursor = ANSI.frame([ScreenLine("a")], cursor: (row: 0, column: 3))
        #expect(withCursor.hasSuffix("\u{1B}[0m\u{1B}[1;4H\u{1B}[?25h"))
    }
}

@Suite(.checksResources) struct CountdownPopupTests {
    func screen() -> TerminalScreen {
        TerminalScreen(layout: TerminalLayout(width: 40, height: 12), sourceName: "test")
    }

    func text(of screen: TerminalScreen) -> String {
        screen.render().map(\.text).joined(separator: "\n")
    }

    @Test func ctrlTStartsAndCtrlXCancels() {
        var screen = screen()
        #expect(screen.handle(.control("t")) == [.startCountdown])
        #expect(screen.handle(.control("x")) == [.cancelCountdown])
        #expect(screen.searchText.isEmpty)
    }

    @Test func thePopupShowsTheCountOnlyWhileCounting() {
        var screen = screen()
        #expect(!text(of: screen).contains("Countdown"))
        screen.countdownText = "2"
        let shown = text(of: screen)
        #expect(shown.contains("Countdown"))
        #expect(shown.contains("     2     "))
        #expect(shown.contains("Ctrl-X cancels"))
        screen.countdownText = nil
        #expect(!text(of: screen).contains("Countdown"))
    }

    @Test func helpIsDrawnOverTheCountdown() {
        var screen = screen()
        screen.countdownText = "3"
        _ = screen.handle(.f1)
        let shown = text(of: screen)
        #expect(shown.contains("Keys"))
        #expect(!shown.contains("Countdown"))
        var seen = text(of: screen)
        for _ in 0..<4 {
            _ = screen.handle(.pageDown)  // the help scrolls: it is taller than the screen
            seen += text(of: screen)
        }
        #expect(seen.contains("Ctrl-T"))
    }
}

/// The search field, errors, the list's ends and boxes: what issue 15 asked the screen to do.
@Suite(.checksResources) struct TerminalScreenEditingTests {
    /// 40x11: a list of 3 rows.
    func screen(width: Int = 40, height: Int = 11) -> TerminalScreen {
        TerminalScreen(layout: TerminalLayout(width: width, height: height), sourceName: "test")
    }

    func type(_ text: String, into screen: inout TerminalScreen) {
        for character in text { _ = screen.handle(.character(character)) }
    }

    func books(_ count: Int) -> [Book] {
        (1...count).map { Book(title: "Book \($0)", author: "A", publisher: "P", publicationDate: "2020", isbn13: "") }
    }

    func state(_ books: [Book], total: Int? = 100, loading: Bool = false, more: Bool = true) -> PaginatorState<Book> {
        var state = PaginatorState<Book>.idle
        state.items = PagedItems(books)
        state.totalCount = total
        state.isLoading = loading
        state.hasMore = more
        state.hasQuery = true
        return state
    }

    @Test func leftRightAndCtrlAEMoveTheCursorAndTypingInsertsThere() {
        var screen = screen()
        type("swft", into: &screen)
        _ = screen.handle(.left)
        _ = screen.handle(.left)
        #expect(screen.handle(.character("i")) == [.searchTextChanged("swift")])
        #expect(screen.cursor == 3)
        #expect(screen.render()[1].text.hasPrefix(" Search: swift "))
        #expect(screen.cursorCell! == (1, 12))  // the terminal's cursor, between "swi" and "ft"
        _ = screen.handle(.control("a"))
        #expect(screen.cursor == 0)
        #expect(screen.handle(.delete) == [.searchTextChanged("wift")])
        _ = screen.handle(.control("e"))
        #expect(screen.cursor == 4)
        #expect(screen.handle(.delete) == [])  // nothing under the cursor at the end
        _ = screen.handle(.right)
        #expect(screen.cursor == 4)
    }

    @Test func ctrlWDeletesTheWordBeforeTheCursor() {
        var screen = screen()
        type("harry  potter", into: &screen)
        #expect(screen.handle(.control("w")) == [.searchTextChanged("harry  ")])
        #expect(screen.handle(.control("w")) == [.searchTextChanged("")])
        #expect(screen.handle(.control("w")) == [])
        type("a b", into: &screen)
        _ = screen.handle(.left)
        #expect(screen.handle(.control("w")) == [.searchTextChanged("b")])
    }

    @Test func theFieldScrollsSidewaysToKeepTheCursorInView() {
        var screen = screen()
        let long = String(repeating: "abcdefghij", count: 6)
        type(long, into: &screen)
        let line = screen.render()[1].text
        #expect(line.hasPrefix(" Search: ‹"))
        #expect(line.hasSuffix("hij   "))
        #expect(TextWidth.of(line) == 40)
        #expect(screen.cursorCell! == (1, 37))  // after the last character shown
        _ = screen.handle(.control("a"))
        let start = screen.render()[1].text
        #expect(start.hasPrefix(" Search: abcdefghij"))
        #expect(start.contains("›"))
        #expect(screen.cursorCell! == (1, 9))
    }

    @Test func typedControlTextIsDrawnSafely() {
        var screen = screen()
        type("a\u{202E}b", into: &screen)
        #expect(screen.render()[1].text.hasPrefix(" Search: ab "))
        #expect(screen.cursorCell! == (1, 11))
    }

    @Test func aLongErrorWrapsOntoTwoLinesAndCtrlOShowsItAll() {
        var screen = screen()
        screen.errorMessage =
            "Aladin's answer could not be read (the field item[0].title has the wrong type). Try again; if it "
            + "persists, the API may have changed.\nSecond line."
        let lines = screen.render()
        #expect(lines[7].style == .error && lines[8].style == .error)
        #expect(lines[7].text.hasPrefix(" ! Aladin's answer could not be read"))
        #expect(lines[8].text.hasSuffix(" Ctrl-O: all"))
        #expect(lines[10].text.contains("Ctrl-R retry"))
        #expect(lines.allSatisfy { TextWidth.of($0.text) == 40 && !$0.text.contains("\n") })
        _ = screen.handle(.control("o"))
        #expect(screen.overlay?.title == "Error")
        var seen = screen.render().map(\.text).joined()
        for _ in 0..<4 {
            _ = screen.handle(.pageDown)
            seen += screen.render().map(\.text).joined()
        }
        #expect(seen.contains("Second line."))
        #expect(screen.handle(.control("r")) == [.retry])  // retry from the box too
    }

    @Test func theEndOfResultsRowIsReachable() {
        var screen = screen()  // 3 list rows
        screen.apply(state(books(5), total: 5, more: false))
        _ = screen.handle(.end)
        let lines = screen.render().map(\.text)
        #expect(lines[5].hasPrefix("› 5. Book 5"))
        #expect(lines[6].hasPrefix("     — end of results —"))
    }

    @Test func theLoadingRowIsReachableWithASpinner() {
        var screen = screen()
        screen.apply(state(books(5), loading: true))
        _ = screen.handle(.end)
        #expect(screen.render()[6].text.hasPrefix("     ⠋ Loading more…"))
        screen.spinnerFrame = 1
        #expect(screen.render()[6].text.hasPrefix("     ⠙ Loading more…"))
        #expect(screen.render()[9].text.hasPrefix(" ⠙ "))
        #expect(screen.render()[10].text.hasPrefix(" ↑↓ move  Ctrl-G help "))
    }

    @Test func anEmptyAnswerSaysSoInTheList() {
        var screen = screen(width: 60)
        type("zzq", into: &screen)
        screen.settledQuery = BookQuery(text: "zzq", type: .keyword)
        screen.apply(state([], total: 0, more: false))
        #expect(screen.render()[4].text.hasPrefix("   No books match “zzq” (keyword)."))
        screen.apply(state([], total: 100, more: false))
        #expect(screen.render()[4].text.hasPrefix("   The server counts 100 books for “zzq” (keyword) but"))
    }

    @Test func whileTheDebounceIsPendingTheListIsMarkedStale() {
        var screen = screen()
        type("swift", into: &screen)
        screen.settledQuery = BookQuery(text: "swift", type: .keyword)
        screen.apply(state(books(5)))
        #expect(!screen.isStale)
        _ = screen.handle(.character("y"))
        #expect(screen.isStale)
        let lines = screen.render()
        #expect(lines[9].text.hasPrefix(" typing… "))
        #expect(lines[5].style == .dim)
        screen.settledQuery = BookQuery(text: "swifty", type: .keyword)
        #expect(!screen.isStale)
        _ = screen.handle(.tab)
        #expect(screen.isStale)  // another field, not searched yet
    }

    /// The first search shows "typing…" while its debounce is pending, as later ones do.
    @Test func theFirstSearchIsMarkedTypingToo() {
        var screen = screen()
        type("sw", into: &screen)
        #expect(screen.isStale)
        #expect(screen.render()[9].text.hasPrefix(" typing… "))
        screen.settledQuery = BookQuery(text: "sw", type: .keyword)
        #expect(!screen.isStale)
    }

    @Test func rowNumbersAreRightAligned() {
        var screen = screen()
        screen.apply(state(books(12)))
        let top = screen.render().map(\.text)
        #expect(top[4].hasPrefix("›  1. Book 1 "))
        #expect(top[5].hasPrefix("   2. Book 2 "))
        _ = screen.handle(.end)
        let bottom = screen.render().map(\.text)
        #expect(bottom[4].hasPrefix("  10. Book 10 "))
        #expect(bottom[6].hasPrefix("› 12. Book 12 "))
    }

    @Test func keysTypedWhileTooSmallAreNotApplied() {
        var screen = screen(width: 30, height: 8)
        #expect(screen.handle(.character("x")) == [])
        #expect(screen.handle(.f1) == [])
        #expect(screen.searchText.isEmpty && screen.overlay == nil)
        #expect(screen.handle(.control("c")) == [.quit])
        #expect(screen.handle(.control("z")) == [.suspend])
    }

    @Test func theTooSmallMessageWrapsAtWords() {
        let lines = TerminalLayout(width: 30, height: 8).tooSmallLines
        #expect(lines == ["The terminal is 30x8;", "book-search needs at least", "40x10. Ctrl-C quits."])
        let tiny = TerminalLayout(width: 12, height: 2).tooSmallLines
        #expect(tiny.count == 2 && tiny.allSatisfy { TextWidth.of($0) <= 12 })
        #expect(tiny.last?.hasSuffix("…") == true)
    }

    @Test func theHelpScrollsAtTheMinimumSize() {
        var screen = screen(height: 10)
        _ = screen.handle(.f1)
        var seen = Set<String>()
        for _ in 0..<10 {
            let lines = screen.render()
            #expect(lines.count == 10 && lines.allSatisfy { TextWidth.of($0.text) == 40 })
            lines.forEach { seen.insert($0.text) }
            _ = screen.handle(.pageDown)
        }
        let all = seen.joined(separator: "\n")
        for key in ["Ctrl-W", "Ctrl-O", "Ctrl-Z", "Ctrl-C/-Q/-D", "Esc, Enter", "Reaching the end"] {
            #expect(all.contains(key), "\(key)")
        }
        #expect(screen.handle(.enter) == [] && screen.overlay == nil)
    }

    @Test func boxesDrawOverTheListKeepingItsSides() {
        var screen = screen(width: 60, height: 14)
        screen.apply(
            state(
                (1...10).map {
                    Book(
                        title: "A long title number \($0) that fills the row", author: "X", publisher: "P",
                        publicationDate: "2020", isbn13: "")
                }))
        screen.countdownText = "2"
        let lines = screen.render().map(\.text)
        let digitRow = lines.first { $0.contains("│") && $0.contains("2") && !$0.contains("Ctrl") }
        // The list stays visible left of the box, and the digit is centred in it.
        #expect(lines.contains { $0.contains("A long title") && $0.contains("┌ Countdown") })
        #expect(lines.contains { $0.contains("A long title") && $0.contains("│ Ctrl-X cancels │") })
        if let digitRow, let open = digitRow.firstIndex(of: "│"), let close = digitRow.lastIndex(of: "│") {
            let inside = String(digitRow[digitRow.index(after: open)..<close])
            let left = inside.prefix { $0 == " " }.count
            let right = inside.reversed().prefix { $0 == " " }.count
            #expect(abs(left - right) <= 1)
        }
    }
}
