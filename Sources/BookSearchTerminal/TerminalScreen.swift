import BookSearch
import Foundation
import RxLiteUI

/// What the screen shows, and the user's place in it. Changed only by ``handle(_:)`` (keys), ``apply(_:)`` (a new
/// paging state) and ``resize(to:)``; drawn by ``render()``.
public struct TerminalScreen: Sendable {
    public var layout: TerminalLayout
    /// Which service answers: shown in the title.
    public var sourceName: String
    /// The search text as typed (drawn sanitized).
    public private(set) var searchText = ""
    /// Where the cursor is in `searchText`, in characters (0 is before the first).
    public private(set) var cursor = 0
    /// The first character of `searchText` shown: the field scrolls sideways to keep the cursor in view.
    public private(set) var fieldScroll = 0
    public var queryType = QueryType.keyword
    public var list = PaginatorState<Book>.idle
    public var status = "Type to search"
    public var errorMessage: String?
    /// The query the list shows (the debounced text); while the text typed differs, the list is marked stale.
    public var settledQuery: BookQuery?
    /// The frame of the busy spinner, advanced by the app while a page loads.
    public var spinnerFrame = 0
    /// The selected row (an index into `list.items`).
    public var selectedRow = 0
    /// The first row shown.
    public var firstVisibleRow = 0
    /// The row the keys asked for when it is past the books loaded so far and more are coming (100 Downs typed at
    /// once, or a PgDn at the end): each page that arrives moves the selection on towards it, so no key is lost
    /// to the wait for a page. Any move within the loaded books, or a new list, forgets it.
    public private(set) var selectionTarget: Int?
    /// Where the selection is going: the target while one waits for its page, else the selected row. Moves down
    /// start from it, so each key of a burst counts.
    private var wantedRow: Int { selectionTarget ?? selectedRow }
    /// The box drawn over the screen, if any (the help, an error).
    public var overlay: Overlay?
    /// The countdown popup's text while a countdown runs (`nil`: hidden). The help, when open, is drawn over it.
    public var countdownText: String?

    public init(layout: TerminalLayout, sourceName: String) {
        self.layout = layout
        self.sourceName = sourceName
    }

    /// What a key asks the app to do besides redrawing.
    public enum Effect: Equatable, Sendable {
        case searchTextChanged(String)
        case queryTypeChanged(QueryType)
        case retry
        case startCountdown
        case cancelCountdown
        /// Ctrl-Z: give the terminal back and stop until `fg`.
        case suspend
        /// `c` in a book's details: put the link on the clipboard (OSC 52, ``ANSI/copyToClipboard(_:)``).
        case copyLink(URL)
        /// `o` in a book's details: print the link on the normal screen when the app quits.
        case printLinkOnExit(URL)
        case quit
    }

    static let quitKeys: [Key] = [.control("c"), .control("q"), .control("d")]
    /// The longest search text a paste can make.
    public static let maximumSearchTextLength = 500

    /// Applies `key` and returns what the app must do. While the terminal is too small only the quit keys and
    /// Ctrl-Z work: nothing else can be seen, so nothing else is applied.
    public mutating func handle(_ key: Key) -> [Effect] {
        if Self.quitKeys.contains(key) { return [.quit] }
        if key == .control("z") { return [.suspend] }
        guard layout.isUsable else { return [] }
        if overlay != nil { return handleInOverlay(key) }
        return editSearchText(key) ?? handleCommand(key)
    }

    /// Keys that edit the search text or move its cursor; `nil` for any other key.
    private mutating func editSearchText(_ key: Key) -> [Effect]? {
        let count = searchText.count
        switch key {
        case .character(let character):
            return replaceText(cursor..<cursor, with: String(character))
        case .paste(let pasted):
            // One line of text: tabs and line breaks become spaces (sanitized), and a search text has no use for
            // more than a few hundred characters.
            let room = max(Self.maximumSearchTextLength - count, 0)
            let text = String(TerminalText.sanitized(pasted).prefix(room))
            guard !text.isEmpty else { return [] }
            return replaceText(cursor..<cursor, with: text)
        case .backspace:
            guard cursor > 0 else { return [] }
            return replaceText((cursor - 1)..<cursor, with: "")
        case .delete:
            guard cursor < count else { return [] }
            return replaceText(cursor..<(cursor + 1), with: "")
        case .control("w"):
            guard cursor > 0 else { return [] }
            return replaceText(wordStart(before: cursor)..<cursor, with: "")
        case .alt("d"):
            guard cursor < count else { return [] }
            return replaceText(cursor..<wordEnd(after: cursor), with: "")
        case .control("u"):
            guard !searchText.isEmpty else { return [] }
            return replaceText(0..<count, with: "")
        case .control("k"):
            guard cursor < count else { return [] }
            return replaceText(cursor..<count, with: "")
        case .left, .control("b"): moveCursor(to: cursor - 1)
        case .right, .control("f"): moveCursor(to: cursor + 1)
        case .wordLeft, .alt("b"): moveCursor(to: wordStart(before: cursor))
        case .wordRight, .alt("f"): moveCursor(to: wordEnd(after: cursor))
        case .control("a"): moveCursor(to: 0)
        case .control("e"): moveCursor(to: count)
        default:
            return nil
        }
        return []
    }

    /// Replaces the characters at `offsets` (character offsets into `searchText`) with `text` and puts the cursor
    /// after the new text.
    ///
    /// The cursor is worked out again from the text as it is after the edit, not moved by the count of what was
    /// typed: the new text can join the characters beside it into one (a combining accent after "e", a skin tone
    /// after 👍, the second regional indicator of a flag, a jamo after a jamo, a ZWJ), so the text may grow by fewer
    /// characters than were typed, or by none. The end of the new text, in Unicode scalars, is a fixed place in the
    /// new text; the cursor goes after the character that holds it.
    private mutating func replaceText(_ offsets: Range<Int>, with text: String) -> [Effect] {
        let lower = searchText.index(searchText.startIndex, offsetBy: offsets.lowerBound)
        let upper = searchText.index(lower, offsetBy: offsets.count)
        let end = searchText.unicodeScalars.distance(from: searchText.startIndex, to: lower) + text.unicodeScalars.count
        searchText.replaceSubrange(lower..<upper, with: text)
        let endIndex = searchText.unicodeScalars.index(searchText.startIndex, offsetBy: end)
        var position = 0
        var index = searchText.startIndex
        while index < endIndex {
            index = searchText.index(after: index)
            position += 1
        }
        cursor = position
        return textChanged()
    }

    /// Where the word before `position` starts: back over spaces, then over the word.
    private func wordStart(before position: Int) -> Int {
        let characters = Array(searchText)
        var start = min(position, characters.count)
        while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
        while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
        return start
    }

    /// Where the word after `position` ends: on over spaces, then over the word.
    private func wordEnd(after position: Int) -> Int {
        let characters = Array(searchText)
        var end = max(position, 0)
        while end < characters.count && characters[end].isWhitespace { end += 1 }
        while end < characters.count && !characters[end].isWhitespace { end += 1 }
        return end
    }

    /// The other keys: the query type, the list's selection, retry, the boxes and the countdown.
    private mutating func handleCommand(_ key: Key) -> [Effect] {
        switch key {
        case .tab, .backTab:
            let all = QueryType.allCases
            let index = all.firstIndex(of: queryType) ?? 0
            queryType = all[(index + (key == .tab ? 1 : all.count - 1)) % all.count]
            return [.queryTypeChanged(queryType)]
        case .up: moveSelection(to: selectedRow - 1)
        case .down: moveSelection(to: wantedRow + 1)
        case .pageUp: moveSelection(to: selectedRow - listHeight)
        case .pageDown: moveSelection(to: wantedRow + listHeight)
        case .home: moveSelection(to: 0)
        case .end: moveSelection(to: list.items.count - 1)
        case .control("r"):
            return [.retry]
        case .control("o"):
            if let errorMessage { overlay = .error(TerminalText.sanitized(errorMessage)) }
        case .control("t"):
            return [.startCountdown]
        case .control("x"):
            return [.cancelCountdown]
        case .f1, .control("g"):
            overlay = .help
        case .enter:
            if list.items.indices.contains(selectedRow) { overlay = .details(of: list.items[selectedRow]) }
        case .mouse(let event):
            handleMouse(event)
        default:
            break
        }
        return []
    }

    /// Keys while a box is open: they close or scroll it, and never reach the search field under it.
    private mutating func handleInOverlay(_ key: Key) -> [Effect] {
        switch key {
        case .escape, .f1, .control("g"), .enter:
            overlay = nil
        case .up: scrollOverlay(by: -1)
        case .down: scrollOverlay(by: 1)
        case .pageUp: scrollOverlay(by: -overlayGeometry.visibleLines)
        case .pageDown: scrollOverlay(by: overlayGeometry.visibleLines)
        case .home: scrollOverlay(by: -Int.max / 2)
        case .end: scrollOverlay(by: Int.max / 2)
        case .control("r"):
            return [.retry]
        case .mouse(let event) where event.action == .wheelUp: scrollOverlay(by: -Self.wheelStep)
        case .mouse(let event) where event.action == .wheelDown: scrollOverlay(by: Self.wheelStep)
        case .character("c"), .character("o"):
            guard var shown = overlay, let link = shown.link else { break }
            let copies = key == .character("c")
            shown.lines[shown.lines.count - 1] =
                copies
                ? "The link was sent to the clipboard (OSC 52); Esc goes back."
                : "The link will be printed when you quit; Esc goes back."
            overlay = shown
            return [copies ? .copyLink(link) : .printLinkOnExit(link)]
        default:
            break
        }
        return []
    }

    /// How many rows one notch of the mouse wheel moves.
    static let wheelStep = 3

    /// The wheel moves the selection; a click on a book selects it, and a click on the selected book opens it.
    private mutating func handleMouse(_ event: MouseEvent) {
        switch event.action {
        case .wheelUp: moveSelection(to: selectedRow - Self.wheelStep)
        case .wheelDown: moveSelection(to: wantedRow + Self.wheelStep)
        case .press:
            let listRows = layout.listTop..<(layout.listTop + listHeight)
            guard listRows.contains(event.row) else { return }
            let row = firstVisibleRow + event.row - layout.listTop
            guard list.items.indices.contains(row) else { return }
            if row == selectedRow {
                overlay = .details(of: list.items[row])
            } else {
                moveSelection(to: row)
            }
        case .other:
            break
        }
    }

    private mutating func scrollOverlay(by lines: Int) {
        guard var shown = overlay else { return }
        let geometry = overlayGeometry
        let maximum = max(geometry.wrappedLines.count - geometry.visibleLines, 0)
        shown.scrollOffset = min(max(shown.scrollOffset + lines, 0), maximum)
        overlay = shown
    }

    private mutating func textChanged() -> [Effect] {
        keepCursorVisible()
        return [.searchTextChanged(searchText)]
    }

    private mutating func moveCursor(to position: Int) {
        cursor = min(max(position, 0), searchText.count)
        keepCursorVisible()
    }

    /// The columns the search field has for text (after " Search: ", with room for the cursor and a "›").
    var fieldWidth: Int { max(layout.width - Self.fieldLabel.count - 2, 4) }
    static let fieldLabel = " Search: "

    /// Moves `fieldScroll` so the cursor and the character before it are in view.
    private mutating func keepCursorVisible() {
        let characters = Array(searchText)
        fieldScroll = min(fieldScroll, max(cursor - 1, 0))
        while fieldScroll < cursor
            && TextWidth.of(String(characters[fieldScroll..<cursor])) + 1 > fieldWidth - (fieldScroll > 0 ? 1 : 0)
        {
            fieldScroll += 1
        }
    }

    /// Shows a new paging state. A list that is not the shown one grown (a new search) goes back to the top: the
    /// pages of one search share one storage (``PagedItems/sharesStorage(with:)``).
    public mutating func apply(_ update: PaginatorState<Book>) {
        let isSameList = update.items.count >= list.items.count && update.items.sharesStorage(with: list.items)
        list = update
        if !isSameList {
            selectedRow = 0
            firstVisibleRow = 0
            selectionTarget = nil
        }
        moveSelection(to: wantedRow)
    }

    /// Takes the new size; the selection and the cursor stay visible, an open box stays scrolled within range.
    public mutating func resize(to newLayout: TerminalLayout) {
        layout = newLayout
        moveSelection(to: wantedRow)
        keepCursorVisible()
        scrollOverlay(by: 0)
    }

    /// Whether the list is scrolled to its last two rows and a next page should be requested: a next page exists,
    /// none is loading and the last one did not fail. After a failure nothing is requested until Ctrl-R (the
    /// `retry` effect), so a broken connection is not retried in a loop by moving through the list.
    public var wantsNextPage: Bool {
        guard list.hasMore, !list.isLoading, list.error == nil else { return false }
        return ScrollGeometry(
            firstVisibleRow: firstVisibleRow, visibleRows: listHeight, rowCount: list.items.count
        ).isNearBottom(threshold: 2)
    }

    /// Whether the list is for another text or field than the one typed now (the debounce has not settled),
    /// the first search included: text typed with no search yet is stale too.
    public var isStale: Bool {
        let typed = searchText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !typed.isEmpty else { return false }
        guard let settledQuery else { return true }
        return settledQuery.text != typed || settledQuery.type != queryType
    }

    /// How many rows the list has: the layout's list rows.
    public var listHeight: Int { layout.listHeight }

    /// The row after the last book, when there is one to show: "Loading more…" or "— end of results —".
    var footerText: String? {
        let items = list.items
        if list.isLoading { return items.isEmpty ? nil : "Loading more…" }
        if list.hasQuery && !list.hasMore && !items.isEmpty && list.error == nil { return "— end of results —" }
        return nil
    }

    private mutating func moveSelection(to row: Int) {
        let count = list.items.count
        selectionTarget = row >= count && count > 0 && list.hasMore && list.error == nil ? row : nil
        selectedRow = count == 0 ? 0 : min(max(row, 0), count - 1)
        let height = listHeight
        // The footer row counts as a row, so at the last book it scrolls into view.
        let rowCount = count + (footerText == nil ? 0 : 1)
        if selectedRow < firstVisibleRow { firstVisibleRow = selectedRow }
        if selectedRow >= firstVisibleRow + height { firstVisibleRow = selectedRow - height + 1 }
        if count > 0 && selectedRow == count - 1 { firstVisibleRow = max(firstVisibleRow, rowCount - height) }
        firstVisibleRow = max(0, min(firstVisibleRow, max(rowCount - height, 0)))
    }
}
