import BookSearch
import Foundation
import RxLiteUI

/// Where things go on the screen, from its size.
///
/// ```
/// row 0            title
/// row 1            Search: text
/// row 2            Field:  [Keyword]  Title   Author   Publisher  (Tab)
/// row 3            ─────
/// rows 4..<h-3     the list, then "Loading more…" or "— end of results —"; or an empty list's message
/// row h-3          ───── (or the first line of an error that needs two)
/// row h-2          the error, if any
/// row h-1          status (spinner while loading) and key hints
/// ```
public struct TerminalLayout: Equatable, Sendable {
    public static let minimumWidth = 40
    public static let minimumHeight = 10

    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether the screen is big enough to draw on.
    public var isUsable: Bool { width >= Self.minimumWidth && height >= Self.minimumHeight }
    /// The first row of the list.
    public var listTop: Int { 4 }
    /// How many rows the list has.
    public var listHeight: Int { max(height - 7, 1) }

    /// The message for a screen below the minimum size.
    public var tooSmallMessage: String {
        "The terminal is \(width)x\(height); book-search needs at least \(Self.minimumWidth)x\(Self.minimumHeight)."
    }

    /// `tooSmallMessage` wrapped at word boundaries to the screen's width, as many lines as fit (the last ends in
    /// "…" when cut), for drawing on the small screen itself.
    public var tooSmallLines: [String] {
        let wrapped = TextWidth.wrap(tooSmallMessage + " Ctrl-C quits.", to: max(width, 1))
        guard wrapped.count > height else { return wrapped }
        var shown = Array(wrapped.prefix(max(height, 1)))
        let last = TextWidth.fit(shown[shown.count - 1] + " …", to: max(width, 1))
        shown[shown.count - 1] = String(last.reversed().drop { $0 == " " }.reversed())
        return shown
    }
}

/// A box drawn over the screen: the help, an error in full, or the countdown popup.
public struct Overlay: Equatable, Sendable {
    public var title: String
    public var lines: [String]
    /// Whether each line is centred in the box (the countdown's digit) rather than left-aligned.
    public var centersLines: Bool
    /// How far a wrapped line's continuation is indented (the help's key column). Only a line whose key column
    /// ends in a space before its text is wrapped beside the column; any other line (a paragraph) wraps whole.
    public var hangingIndent: Int
    /// The first line shown, when the lines do not all fit: Up/Down and PgUp/PgDn scroll.
    public var scrollOffset = 0
    /// The book's link in a book's details: `c` copies it, `o` prints it when the app quits.
    public var link: URL?

    public init(title: String, lines: [String], centersLines: Bool = false, hangingIndent: Int = 0) {
        self.title = title
        self.lines = lines
        self.centersLines = centersLines
        self.hangingIndent = hangingIndent
    }

    /// The countdown popup showing `text` ("3", "2", "1", "0"), the digit centred.
    public static func countdown(_ text: String) -> Overlay {
        Overlay(title: "Countdown", lines: ["", text, "", "Ctrl-X cancels"], centersLines: true)
    }

    /// A failure's whole message (Ctrl-O), wrapped to the box.
    public static func error(_ message: String) -> Overlay {
        Overlay(title: "Error", lines: [message, "", "Ctrl-R retries; Esc closes."])
    }

    /// A book's details (Enter on a book), every field from outside sanitized; the link, when it has one, can be
    /// copied or printed on exit.
    public static func details(of book: Book) -> Overlay {
        func row(_ label: String, _ value: String) -> String? {
            let shown = TerminalText.sanitized(value)
            return shown.isEmpty ? nil : label.padding(toLength: 11, withPad: " ", startingAt: 0) + shown
        }
        var lines = [
            row("Title", book.title), row("Author", book.author), row("Publisher", book.publisher),
            row("Published", book.publicationDate), row("ISBN", book.isbn13),
            row("Price", book.priceKRW.map { "\($0) won" } ?? ""),
            row("Link", book.link?.absoluteString ?? ""),
        ].compactMap { $0 }
        if let summary = book.summary.map(TerminalText.sanitized), !summary.isEmpty { lines += ["", summary] }
        lines += ["", book.link == nil ? "Esc goes back." : "c copies the link, o prints it on exit; Esc goes back."]
        var overlay = Overlay(title: "Book", lines: lines, hangingIndent: 11)
        overlay.link = book.link
        return overlay
    }

    /// The keys.
    public static let help = Overlay(
        title: "Keys",
        lines: [
            "type           edit the search text",
            "Left, Right    move the cursor in the text",
            "Ctrl-A, Ctrl-E start / end of the text",
            "Backspace, Del delete before / under the cursor",
            "Ctrl-W, Ctrl-K delete the word before the cursor / to the end",
            "Ctrl-U         clear the text",
            "Tab, Shift-Tab next / previous search field",
            "Up, Down       move through the results",
            "PgUp, PgDn     a screen up / down",
            "Home, End      first / last loaded result",
            "Enter          the selected book's details (c copies its link, o prints it on exit)",
            "Ctrl-R         retry after an error",
            "Ctrl-O         show the whole error message",
            "Ctrl-T         start (or restart) a 3-2-1 countdown",
            "Ctrl-X         cancel the countdown",
            "Ctrl-Z         suspend (fg resumes)",
            "F1, Ctrl-G     show or hide this help",
            "Esc, Enter     close this box",
            "Ctrl-C/-Q/-D   quit",
            "",
            "Reaching the end of the list loads the next page. In this box, Up/Down and PgUp/PgDn scroll.",
        ],
        hangingIndent: 15)
}

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
        switch key {
        case .character(let character):
            let index = searchText.index(searchText.startIndex, offsetBy: cursor)
            searchText.insert(character, at: index)
            cursor += 1
            return textChanged()
        case .paste(let pasted):
            // One line of text: tabs and line breaks become spaces (sanitized), and a search text has no use for
            // more than a few hundred characters.
            let room = max(Self.maximumSearchTextLength - searchText.count, 0)
            let text = String(TerminalText.sanitized(pasted).prefix(room))
            guard !text.isEmpty else { return [] }
            let index = searchText.index(searchText.startIndex, offsetBy: cursor)
            searchText.insert(contentsOf: text, at: index)
            cursor += text.count
            return textChanged()
        case .backspace:
            guard cursor > 0 else { return [] }
            let index = searchText.index(searchText.startIndex, offsetBy: cursor - 1)
            searchText.remove(at: index)
            cursor -= 1
            return textChanged()
        case .delete:
            guard cursor < searchText.count else { return [] }
            searchText.remove(at: searchText.index(searchText.startIndex, offsetBy: cursor))
            return textChanged()
        case .control("w"):
            guard cursor > 0 else { return [] }
            let characters = Array(searchText)
            var start = cursor
            while start > 0 && characters[start - 1] == " " { start -= 1 }
            while start > 0 && characters[start - 1] != " " { start -= 1 }
            searchText = String(characters[..<start] + characters[cursor...])
            cursor = start
            return textChanged()
        case .control("u"):
            guard !searchText.isEmpty else { return [] }
            searchText = ""
            cursor = 0
            return textChanged()
        case .control("k"):
            guard cursor < searchText.count else { return [] }
            searchText = String(searchText.prefix(cursor))
            return textChanged()
        case .left: moveCursor(to: cursor - 1)
        case .right: moveCursor(to: cursor + 1)
        case .control("a"): moveCursor(to: 0)
        case .control("e"): moveCursor(to: searchText.count)
        case .tab, .backTab:
            let all = QueryType.allCases
            let index = all.firstIndex(of: queryType) ?? 0
            queryType = all[(index + (key == .tab ? 1 : all.count - 1)) % all.count]
            return [.queryTypeChanged(queryType)]
        case .up: moveSelection(to: selectedRow - 1)
        case .down: moveSelection(to: selectedRow + 1)
        case .pageUp: moveSelection(to: selectedRow - listHeight)
        case .pageDown: moveSelection(to: selectedRow + listHeight)
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
        }
        moveSelection(to: selectedRow)
    }

    /// Takes the new size; the selection and the cursor stay visible, an open box stays scrolled within range.
    public mutating func resize(to newLayout: TerminalLayout) {
        layout = newLayout
        moveSelection(to: selectedRow)
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

/// One line of the screen: its text, exactly the screen's width in columns, and how to draw it.
public struct ScreenLine: Equatable, Sendable {
    public enum Style: Equatable, Sendable {
        case normal, title, selected, dim, error
    }

    public var text: String
    public var style: Style
    /// The characters of `text` (offsets, not columns) drawn in reverse video within the line's style: the
    /// selected search field.
    public var highlight: Range<Int>?

    public init(_ text: String, _ style: Style = .normal, highlight: Range<Int>? = nil) {
        self.text = text
        self.style = style
        self.highlight = highlight
    }
}

extension TerminalScreen {
    static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The spinner's character for `spinnerFrame`.
    var spinner: Character { Self.spinnerFrames[spinnerFrame % Self.spinnerFrames.count] }

    /// The screen as lines, each exactly `layout.width` columns wide, `layout.height` lines in all. Every string
    /// from outside (book fields, the source's name, messages, the text typed) goes through ``TerminalText``.
    public func render() -> [ScreenLine] {
        let width = layout.width
        func line(_ text: String, _ style: ScreenLine.Style = .normal) -> ScreenLine {
            ScreenLine(TextWidth.fit(text, to: width), style)
        }
        var lines: [ScreenLine] = []
        lines.append(line(" Book search — \(TerminalText.sanitized(sourceName))", .title))
        lines.append(line(Self.fieldLabel + fieldText()))
        lines.append(fieldLine())
        lines.append(line(String(repeating: "─", count: width), .dim))
        lines += listLines().map { line($0.0, $0.1) }
        lines += errorLines().map { line($0.0, $0.1) }
        lines.append(statusLine())
        if let overlay {
            draw(overlay, over: &lines)
        } else if let countdownText {
            draw(Overlay.countdown(TerminalText.sanitized(countdownText)), over: &lines)
        }
        return lines
    }

    /// The search fields, the selected one in reverse video (and bracketed where there is room, for terminals
    /// without it): the widest form that fits, so at 40 columns every field is still whole.
    func fieldLine() -> ScreenLine {
        let names = QueryType.allCases.map(\.rawValue)
        let selected = QueryType.allCases.firstIndex(of: queryType) ?? 0
        let forms: [(label: String, separator: String, brackets: Bool, hint: String)] = [
            (" Field:  ", " ", true, "  (Tab)"), (" Field: ", " ", false, " (Tab)"), (" Field: ", " ", false, ""),
        ]
        for form in forms {
            var text = form.label
            var reversed = 0..<0
            for (index, name) in names.enumerated() {
                if index > 0 { text += form.separator }
                let shown = form.brackets ? (index == selected ? "[\(name)]" : " \(name) ") : name
                if index == selected { reversed = text.count..<(text.count + shown.count) }
                text += shown
            }
            text += form.hint
            if TextWidth.of(text) <= layout.width || form.hint.isEmpty {
                return ScreenLine(TextWidth.fit(text, to: layout.width), .normal, highlight: reversed)
            }
        }
        return ScreenLine(String(repeating: " ", count: layout.width))
    }

    /// The visible part of the search text with the cursor ("▏") at its place, "‹" and "›" where text is
    /// scrolled out of view.
    func fieldText() -> String {
        let characters = Array(searchText).map { TerminalText.sanitized(String($0)) }
        var text = fieldScroll > 0 ? "‹" : ""
        var used = TextWidth.of(text)
        var index = fieldScroll
        while index <= characters.count {
            if index == cursor {
                text += "▏"
                used += 1
            }
            guard index < characters.count else { break }
            let width = TextWidth.of(characters[index])
            if used + width > fieldWidth {
                text += "›"
                break
            }
            text += characters[index]
            used += width
            index += 1
        }
        return text
    }

    /// The list's rows: the books (numbers right-aligned), then "Loading more…" or "— end of results —"; or
    /// "Searching…", or what an empty answer means.
    private func listLines() -> [(String, ScreenLine.Style)] {
        let items = list.items
        let height = listHeight
        var rows: [(String, ScreenLine.Style)] = []
        if items.isEmpty && list.hasQuery {
            if list.isLoading {
                rows.append(("   \(spinner) Searching…", .dim))
            } else if list.error == nil {
                let query = TerminalText.sanitized(settledQuery?.text ?? searchText)
                let field = (settledQuery?.type ?? queryType).name
                let message =
                    if let total = list.totalCount, total > 0 {
                        "The server counts \(total) books for “\(query)” (\(field)) but listed none."
                    } else {
                        "No books match “\(query)” (\(field))."
                    }
                rows += TextWidth.wrap(message, to: max(layout.width - 4, 1)).map { ("   " + $0, .normal) }
            }
        }
        let numberWidth = String(items.count).count
        let dimmed = isStale
        for row in firstVisibleRow..<(firstVisibleRow + height) where rows.count < height {
            if row < items.count {
                let selected = row == selectedRow
                let number = String(row + 1)
                let padding = String(repeating: " ", count: numberWidth - number.count)
                let text = "\(selected ? "›" : " ") \(padding)\(number). \(SearchReport.line(for: items[row]))"
                rows.append((text, selected ? .selected : (dimmed ? .dim : .normal)))
            } else if row == items.count, let footerText {
                let text = list.isLoading ? "\(spinner) \(footerText)" : footerText
                rows.append((String(repeating: " ", count: numberWidth + 4) + text, .dim))
            }
        }
        while rows.count < height { rows.append(("", .normal)) }
        return Array(rows.prefix(height))
    }

    /// The two rows above the status line: a rule and the error, or the error on both when it needs two lines,
    /// its end cut with "… Ctrl-O" when it needs more (Ctrl-O shows it whole).
    private func errorLines() -> [(String, ScreenLine.Style)] {
        let rule = (String(repeating: "─", count: layout.width), ScreenLine.Style.dim)
        guard let errorMessage else { return [rule, ("", .normal)] }
        let width = max(layout.width - 1, 1)
        let wrapped = TextWidth.wrap("! " + TerminalText.sanitized(errorMessage), to: width, indent: 2)
        switch wrapped.count {
        case ...1:
            return [rule, (" " + (wrapped.first ?? ""), .error)]
        case 2:
            return [(" " + wrapped[0], .error), (" " + wrapped[1], .error)]
        default:
            let more = " Ctrl-O: all"
            let rest = wrapped[1...].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            let second = TextWidth.fit("  " + rest, to: max(width - more.count, 1)) + more
            return [(" " + wrapped[0], .error), (" " + second, .error)]
        }
    }

    /// The status (with the spinner while a page loads, and "typing…" while the list is stale) and the key
    /// hints; "Ctrl-R retries" whenever an error is shown.
    private func statusLine() -> ScreenLine {
        let width = layout.width
        let hints = errorMessage == nil ? "F1 help  Ctrl-C quit " : "Ctrl-R retries  F1 help "
        var text = TerminalText.sanitized(status)
        // Before the first search the status has nothing to say beside it ("Type to search").
        if isStale { text = list.hasQuery ? "typing… " + text : "typing…" }
        if list.isLoading { text = "\(spinner) " + text }
        let statusWidth = max(width - TextWidth.of(hints), 0)
        return ScreenLine(
            TextWidth.fit(" \(text)", to: statusWidth) + TextWidth.fit(hints, to: width - statusWidth), .dim)
    }

    /// Where a box goes and what it shows, for the screen's size.
    struct OverlayGeometry {
        var contentWidth: Int
        var wrappedLines: [String]
        var visibleLines: Int
    }

    var overlayGeometry: OverlayGeometry {
        guard let overlay else { return OverlayGeometry(contentWidth: 0, wrappedLines: [], visibleLines: 0) }
        return geometry(of: overlay)
    }

    func geometry(of overlay: Overlay) -> OverlayGeometry {
        let widest = max(overlay.lines.map { TextWidth.of($0) }.max() ?? 0, TextWidth.of(overlay.title) + 2)
        let contentWidth = max(min(widest + 2, layout.width - 4), 3)
        let wrapped = overlay.lines.flatMap { line in
            let indent = overlay.hangingIndent
            let characters = Array(line)
            let hasKeyColumn =
                indent > 0 && characters.count > indent && characters[indent - 1] == " "
                && characters[indent] != " "
            guard hasKeyColumn, indent < contentWidth - 2 else {
                // A line that fits is kept as it is: `wrap` would fold its runs of spaces.
                return TextWidth.of(line) <= contentWidth - 2 ? [line] : TextWidth.wrap(line, to: contentWidth - 2)
            }
            // The key column stays as it is; the description wraps beside it.
            let key = String(line.prefix(indent))
            let pad = String(repeating: " ", count: indent)
            let rest = TextWidth.wrap(String(line.dropFirst(indent)), to: contentWidth - 2 - indent)
            return rest.enumerated().map { ($0.offset == 0 ? key : pad) + $0.element }
        }
        return OverlayGeometry(
            contentWidth: contentWidth, wrappedLines: wrapped,
            visibleLines: max(min(wrapped.count, layout.height - 4), 1))
    }

    /// Draws `overlay` as a centred box over `lines`, with a blank column on each side so that what is left and
    /// right of it, still in view, never reads as part of it (a "…" beside its border). A box taller than the
    /// screen shows a part, with "↑"/"↓ PgDn" in its bottom border.
    private func draw(_ overlay: Overlay, over lines: inout [ScreenLine]) {
        let width = layout.width
        let geometry = geometry(of: overlay)
        let contentWidth = geometry.contentWidth
        let offset = min(overlay.scrollOffset, max(geometry.wrappedLines.count - geometry.visibleLines, 0))
        let shown = geometry.wrappedLines[offset..<min(offset + geometry.visibleLines, geometry.wrappedLines.count)]
        func border(_ left: String, _ label: String, _ right: String) -> String {
            let label = TextWidth.of(label) + 2 > contentWidth ? "" : label
            return left + label + String(repeating: "─", count: contentWidth - TextWidth.of(label)) + right
        }
        var box = [border("┌", " \(overlay.title) ", "┐")]
        box += shown.map { text in
            let free = contentWidth - 2 - TextWidth.of(text)
            let lead = overlay.centersLines ? max(free / 2, 0) : 0
            return "│ " + TextWidth.fit(String(repeating: " ", count: lead) + text, to: contentWidth - 2) + " │"
        }
        let above = offset > 0
        let below = offset + shown.count < geometry.wrappedLines.count
        let scrollHint = above && below ? " ↑↓ " : below ? " ↓ PgDn " : above ? " ↑ PgUp " : ""
        box.append(border("└", scrollHint, "┘"))
        let top = max((layout.height - box.count) / 2, 0)
        let left = max((width - contentWidth - 2) / 2, 0)
        for (row, text) in box.enumerated() where top + row < lines.count {
            let under = lines[top + row].text
            // The box is at most width - 2 columns, so its margins fit: left >= 1, left + box + 1 <= width.
            let covered = (left > 0 ? " " : "") + text + (left + contentWidth + 2 < width ? " " : "")
            lines[top + row] = ScreenLine(
                TextWidth.fit(TextWidth.overwrite(under, with: covered, at: max(left - 1, 0)), to: width), .normal)
        }
    }
}
