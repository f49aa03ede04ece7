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

    /// 40x10: a list of 3 rows.
    func screen() -> TerminalScreen {
        TerminalScreen(layout: TerminalLayout(width: 40, height: 10), sourceName: "test")
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
        screen.searchText = "swift"
        screen.status = "3 of 100"
        screen.errorMessage = "Aladin did not answer in time."
        screen.apply(state(PagedItems(books(3)), loading: true))
        _ = screen.handle(.down)
        let lines = screen.render()
        #expect(lines.count == 10)
        #expect(lines.allSatisfy { TextWidth.of($0.text) == 40 })
        #expect(
            lines.map { $0.text.replacingOccurrences(of: "─", with: "-") } == [
                " Book search — test                     ",
                " Search: swift▏                         ",
                " Field:  [Keyword]  Title   Author   Pu…",
                "----------------------------------------",
                "  1. Book 1 — A (P, 2020)               ",
                "› 2. Book 2 — A (P, 2020)               ",
                "  3. Book 3 — A (P, 2020)               ",
                "----------------------------------------",
                " ! Aladin did not answer in time. (Ctrl…",
                " 3 of 100          F1 help  Ctrl-C quit ",
            ])
        #expect(lines[5].style == .selected)
        #expect(lines[8].style == .error)
    }

    @Test func theLoadingRowFollowsTheLastItem() {
        var screen = TerminalScreen(layout: TerminalLayout(width: 40, height: 12), sourceName: "test")
        screen.apply(state(PagedItems(books(2)), loading: true))
        #expect(screen.render()[6].text.hasPrefix("   Loading more…"))
        screen.apply(state(PagedItems(books(2)), more: false))
        #expect(screen.render()[6].text.hasPrefix("   — end of results —"))
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
        #expect(frame == "\u{1B}[H\u{1B}[1;1Ha\u{1B}[0m\u{1B}[2;1H\u{1B}[7mb\u{1B}[0m")
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
        #expect(shown.contains("Ctrl-T"))
    }
}
