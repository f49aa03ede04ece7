import BookSearch
import RxLiteUI

/// Where things go on the screen, from its size.
///
/// ```
/// row 0            title
/// row 1            Search: text
/// row 2            Type: [Keyword] Title Author Publisher
/// row 3            ─────
/// rows 4..<h-3     the list (and "Loading more…" when the next page is coming)
/// row h-3          ─────
/// row h-2          error line
/// row h-1          status line and key hints
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
}

/// A box drawn over the screen: the help, and later other popups (a countdown).
public struct Overlay: Equatable, Sendable {
    public var title: String
    public var lines: [String]

    public init(title: String, lines: [String]) {
        self.title = title
        self.lines = lines
    }

    /// The keys.
    public static let help = Overlay(
        title: "Keys",
        lines: [
            "type           edit the search text",
            "Backspace      delete a character; Ctrl-U clears",
            "Tab, Shift-Tab next / previous search field",
            "Up, Down       move through the results",
            "PgUp, PgDn     a screen up / down",
            "Home, End      first / last loaded result",
            "Ctrl-R         retry after an error",
            "F1, Ctrl-G     show or hide this help",
            "Esc            close this help",
            "Ctrl-C, Ctrl-Q quit",
            "",
            "Reaching the end of the list loads the next page.",
        ])
}

/// What the screen shows, and the user's place in it. Changed only by ``handle(_:)`` (keys), ``apply(_:)`` (a new
/// paging state) and ``resize(to:)``; drawn by ``render()``.
public struct TerminalScreen: Sendable {
    public var layout: TerminalLayout
    /// Which service answers: shown in the title.
    public var sourceName: String
    public var searchText = ""
    public var queryType = QueryType.keyword
    public var list = PaginatorState<Book>.idle
    public var status = "Type to search"
    public var errorMessage: String?
    /// The selected row (an index into `list.items`).
    public var selectedRow = 0
    /// The first row shown.
    public var firstVisibleRow = 0
    /// The box drawn over the screen, if any (the help).
    public var overlay: Overlay?

    public init(layout: TerminalLayout, sourceName: String) {
        self.layout = layout
        self.sourceName = sourceName
    }

    /// What a key asks the app to do besides redrawing.
    public enum Effect: Equatable, Sendable {
        case searchTextChanged(String)
        case queryTypeChanged(QueryType)
        case retry
        case quit
    }

    /// Applies `key` and returns what the app must do.
    public mutating func handle(_ key: Key) -> [Effect] {
        if overlay != nil {
            switch key {
            case .escape, .f1, .control("g"), .enter:
                overlay = nil
                return []
            case .control("c"), .control("q"), .control("d"):
                return [.quit]
            default:
                return []
            }
        }
        switch key {
        case .character(let character):
            searchText.append(character)
            return [.searchTextChanged(searchText)]
        case .backspace:
            guard !searchText.isEmpty else { return [] }
            searchText.removeLast()
            return [.searchTextChanged(searchText)]
        case .control("u"):
            guard !searchText.isEmpty else { return [] }
            searchText = ""
            return [.searchTextChanged(searchText)]
        case .tab, .backTab:
            let all = QueryType.allCases
            let index = all.firstIndex(of: queryType) ?? 0
            queryType = all[(index + (key == .tab ? 1 : all.count - 1)) % all.count]
            return [.queryTypeChanged(queryType)]
        case .up: moveSelection(to: selectedRow - 1)
        case .down: moveSelection(to: selectedRow + 1)
        case .pageUp: moveSelection(to: selectedRow - layout.listHeight)
        case .pageDown: moveSelection(to: selectedRow + layout.listHeight)
        case .home: moveSelection(to: 0)
        case .end: moveSelection(to: list.items.count - 1)
        case .control("r"):
            return [.retry]
        case .f1, .control("g"):
            overlay = .help
        case .control("c"), .control("q"), .control("d"):
            return [.quit]
        default:
            break
        }
        return []
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

    /// Takes the new size; the selection stays visible.
    public mutating func resize(to newLayout: TerminalLayout) {
        layout = newLayout
        moveSelection(to: selectedRow)
    }

    /// Whether the list is scrolled to its last two rows and a next page should be requested: a next page exists,
    /// none is loading and the last one did not fail (a failed page waits for Ctrl-R or another move, so a broken
    /// connection is not retried in a loop).
    public var wantsNextPage: Bool {
        guard list.hasMore, !list.isLoading, list.error == nil else { return false }
        return ScrollGeometry(
            firstVisibleRow: firstVisibleRow, visibleRows: layout.listHeight, rowCount: list.items.count
        ).isNearBottom(threshold: 2)
    }

    private mutating func moveSelection(to row: Int) {
        let count = list.items.count
        selectedRow = count == 0 ? 0 : min(max(row, 0), count - 1)
        let height = layout.listHeight
        if selectedRow < firstVisibleRow { firstVisibleRow = selectedRow }
        if selectedRow >= firstVisibleRow + height { firstVisibleRow = selectedRow - height + 1 }
        firstVisibleRow = max(0, min(firstVisibleRow, max(count - height, 0)))
    }
}

/// One line of the screen: its text, exactly the screen's width in columns, and how to draw it.
public struct ScreenLine: Equatable, Sendable {
    public enum Style: Equatable, Sendable {
        case normal, title, selected, dim, error
    }

    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .normal) {
        self.text = text
        self.style = style
    }
}

extension TerminalScreen {
    /// The screen as lines, each exactly `layout.width` columns wide, `layout.height` lines in all.
    public func render() -> [ScreenLine] {
        let width = layout.width
        func line(_ text: String, _ style: ScreenLine.Style = .normal) -> ScreenLine {
            ScreenLine(TextWidth.fit(text, to: width), style)
        }
        var lines: [ScreenLine] = []
        lines.append(line(" Book search — \(sourceName)", .title))
        lines.append(line(" Search: \(searchText)▏"))
        let types = QueryType.allCases.map { $0 == queryType ? "[\($0.rawValue)]" : " \($0.rawValue) " }
        lines.append(line(" Field:  " + types.joined(separator: " ") + "  (Tab)"))
        lines.append(line(String(repeating: "─", count: width), .dim))
        let items = list.items
        for offset in 0..<layout.listHeight {
            let row = firstVisibleRow + offset
            if row < items.count {
                let selected = row == selectedRow
                let text = "\(selected ? "›" : " ") \(row + 1). \(SearchReport.line(for: items[row]))"
                lines.append(line(text, selected ? .selected : .normal))
            } else if row == items.count && list.isLoading {
                lines.append(line(items.isEmpty ? "   Searching…" : "   Loading more…", .dim))
            } else if row == items.count && list.hasQuery && !list.hasMore && !items.isEmpty {
                lines.append(line("   — end of results —", .dim))
            } else {
                lines.append(line(""))
            }
        }
        lines.append(line(String(repeating: "─", count: width), .dim))
        if let errorMessage {
            lines.append(line(" ! \(errorMessage) (Ctrl-R retries)", .error))
        } else {
            lines.append(line(""))
        }
        let hints = "F1 help  Ctrl-C quit "
        let statusWidth = max(width - TextWidth.of(hints), 0)
        lines.append(
            ScreenLine(
                TextWidth.fit(" \(status)", to: statusWidth) + TextWidth.fit(hints, to: width - statusWidth), .dim))
        if let overlay { draw(overlay, over: &lines) }
        return lines
    }

    /// Draws `overlay` as a centered box over `lines`.
    private func draw(_ overlay: Overlay, over lines: inout [ScreenLine]) {
        let width = layout.width
        let contentWidth = min(
            max(overlay.lines.map { TextWidth.of($0) }.max() ?? 0, TextWidth.of(overlay.title)) + 2, width - 4)
        let boxWidth = contentWidth + 2
        let shownLines = Array(overlay.lines.prefix(max(layout.height - 4, 0)))
        let boxHeight = shownLines.count + 2
        let top = max((layout.height - boxHeight) / 2, 0)
        let left = max((width - boxWidth) / 2, 0)
        var box = [
            "┌"
                + TextWidth.fit(" \(overlay.title) ", to: contentWidth).replacingSpaces(
                    after: TextWidth.of(overlay.title) + 2) + "┐"
        ]
        box += shownLines.map { "│" + TextWidth.fit(" \($0)", to: contentWidth) + "│" }
        box.append("└" + String(repeating: "─", count: contentWidth) + "┘")
        for (offset, text) in box.enumerated() where top + offset < lines.count {
            let prefix = TextWidth.fit(String(repeating: " ", count: left), to: left)
            lines[top + offset] = ScreenLine(TextWidth.fit(prefix + text, to: width), .normal)
        }
    }
}

extension String {
    /// Replaces the spaces after the first `columns` characters with "─" (a box's top border after its title).
    fileprivate func replacingSpaces(after columns: Int) -> String {
        String(prefix(columns)) + String(dropFirst(columns)).replacingOccurrences(of: " ", with: "─")
    }
}
