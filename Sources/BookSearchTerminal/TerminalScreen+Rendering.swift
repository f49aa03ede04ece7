import BookSearch
import Foundation
import RxLiteUI

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
        lines.append(line(Self.fieldLabel + fieldText().text))
        lines.append(fieldLine())
        lines.append(line(String(repeating: "─", count: width), .dim))
        lines += listLines()
        lines += errorLines().map { line($0.0, $0.1) }
        lines.append(statusLine())
        lines.append(hintLine())
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

    /// The visible part of the search text, "‹" and "›" where text is scrolled out of view, and the column in it
    /// (from its start) where the cursor goes: the real terminal cursor is put there (``cursorCell``), where an input
    /// method draws the text it is composing.
    func fieldText() -> (text: String, cursorColumn: Int) {
        let characters = Array(searchText).map { TerminalText.sanitized(String($0)) }
        var text = fieldScroll > 0 ? "‹" : ""
        var used = TextWidth.of(text)
        var cursorColumn = used
        var index = fieldScroll
        while index <= characters.count {
            if index == cursor { cursorColumn = used }
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
        return (text, cursorColumn)
    }

    /// The screen cell of the cursor: the insertion point in the search field, or `nil` (the cursor hidden) while
    /// a box that takes the keys is open, or the screen is too small to draw.
    public var cursorCell: (row: Int, column: Int)? {
        guard layout.isUsable, overlay == nil else { return nil }
        return (1, min(Self.fieldLabel.count + fieldText().cursorColumn, layout.width - 1))
    }

    /// The list's rows: the books (numbers right-aligned, the query's words emphasized in the field searched),
    /// then "Loading more…" or "— end of results —"; or "Searching…", or what an empty answer means; or, before
    /// any search, how to use the screen.
    private func listLines() -> [ScreenLine] {
        let items = list.items
        let height = listHeight
        let width = layout.width
        var rows: [ScreenLine] = []
        func message(_ text: String, _ style: ScreenLine.Style = .normal) {
            rows += TextWidth.wrap(text, to: max(width - 4, 1)).map {
                ScreenLine(TextWidth.fit("   " + $0, to: width), style)
            }
        }
        if items.isEmpty && !list.hasQuery && !list.isLoading {
            for paragraph in Self.startScreen {
                message(paragraph, .dim)
                rows.append(ScreenLine(TextWidth.fit("", to: width)))
            }
        } else if items.isEmpty && list.hasQuery {
            if list.isLoading {
                rows.append(ScreenLine(TextWidth.fit("   \(spinner) Searching…", to: width), .dim))
            } else if list.error == nil {
                let query = TerminalText.sanitized(settledQuery?.text ?? searchText)
                let field = (settledQuery?.type ?? queryType).name
                if let total = list.totalCount, total > 0 {
                    message("The server counts \(total) books for “\(query)” (\(field)) but listed none.")
                } else {
                    message("No books match “\(query)” (\(field)).")
                }
            }
        }
        let numberWidth = String(items.count).count
        let dimmed = isStale
        let terms = settledQuery.map { Self.terms(of: $0.text) } ?? []
        for row in firstVisibleRow..<(firstVisibleRow + height) where rows.count < height {
            if row < items.count {
                let selected = row == selectedRow
                let number = String(row + 1)
                let padding = String(repeating: " ", count: numberWidth - number.count)
                let lead = "\(selected ? "›" : " ") \(padding)\(number). "
                let text = TextWidth.fit(lead + SearchReport.line(for: items[row]), to: width)
                let emphasis = Self.matchedRanges(of: terms, in: items[row], searched: settledQuery?.type ?? queryType)
                    .map { ($0.lowerBound + lead.count)..<($0.upperBound + lead.count) }
                rows.append(
                    ScreenLine(
                        text, selected ? .selected : (dimmed ? .dim : .normal),
                        emphasis: Self.clip(emphasis, toShownPartOf: text)))
            } else if row == items.count, let footerText {
                let text = list.isLoading ? "\(spinner) \(footerText)" : footerText
                rows.append(
                    ScreenLine(TextWidth.fit(String(repeating: " ", count: numberWidth + 4) + text, to: width), .dim))
            }
        }
        while rows.count < height { rows.append(ScreenLine(TextWidth.fit("", to: width))) }
        return Array(rows.prefix(height))
    }

    /// What the list shows before the first search.
    static let startScreen = [
        "Type a title, an author or any words: the books appear as you type, a page at a time. Try “한강”, "
            + "“harry” or “swift”.",
        "Tab chooses what is searched: Keyword, Title, Author or Publisher.",
        "Up and Down (or the mouse wheel) move through the books, Enter opens one; the end of the list loads the next page.",
        "Ctrl-T starts a countdown, Ctrl-G shows every key, Ctrl-C quits.",
    ]

    /// The words of a query, as emphasized in the list: those of two characters or more, or any word of a script
    /// without spaces between words (a single Hangul or CJK character is a word).
    static func terms(of query: String) -> [String] {
        query.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0.count > 1 || TextWidth.of($0) > 1 }
    }

    /// Where `terms` occur in the part of `book`'s list line (``SearchReport/line(for:)``) that `searched` names,
    /// as character offsets into that line; ignoring case, accents and width. A keyword search names the title.
    static func matchedRanges(of terms: [String], in book: Book, searched: QueryType) -> [Range<Int>] {
        guard !terms.isEmpty else { return [] }
        let title = TerminalText.sanitized(book.title)
        let author = TerminalText.sanitized(book.author)
        let (field, start): (String, Int) =
            switch searched {
            case .keyword, .title: (title, 0)
            case .author: (author, title.count + 3)
            case .publisher:
                (TerminalText.sanitized(book.publisher), title.count + (author.isEmpty ? 0 : 3 + author.count) + 2)
            }
        var ranges: [Range<Int>] = []
        for term in terms {
            var searchStart = field.startIndex
            while let found = field.range(
                of: term, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive],
                range: searchStart..<field.endIndex), !found.isEmpty
            {
                let lower = field.distance(from: field.startIndex, to: found.lowerBound)
                let upper = field.distance(from: field.startIndex, to: found.upperBound)
                if upper > lower { ranges.append((start + lower)..<(start + upper)) }
                searchStart = found.upperBound
            }
        }
        return ranges.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// `ranges` without what `TextWidth.fit` cut from the line (its "…" included).
    static func clip(_ ranges: [Range<Int>], toShownPartOf text: String) -> [Range<Int>] {
        let shown = text.hasSuffix("…") ? text.count - 1 : text.count
        return ranges.compactMap { range in
            let upper = min(range.upperBound, shown)
            return range.lowerBound < upper ? range.lowerBound..<upper : nil
        }
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

    /// The status, with the spinner while a page loads and "typing…" while the list is stale.
    private func statusLine() -> ScreenLine {
        var text = TerminalText.sanitized(status)
        // Before the first search the status has nothing to say beside it ("Type to search").
        if isStale { text = list.hasQuery ? "typing… " + text : "typing…" }
        if list.isLoading { text = "\(spinner) " + text }
        return ScreenLine(TextWidth.fit(" \(text)", to: layout.width), .dim)
    }

    /// The keys of the current view, as many as fit; help and quit always shown.
    private func hintLine() -> ScreenLine {
        let width = layout.width
        let hints = keyHints
        let kept = [KeyHint("Ctrl-G", "help"), KeyHint("Ctrl-C", "quit")].filter(hints.contains)
        func text(_ hints: [KeyHint]) -> String { " " + hints.map(\.text).joined(separator: "  ") }
        var shown: [KeyHint] = []
        for hint in hints where !kept.contains(hint) {
            if TextWidth.of(text(shown + [hint] + kept)) <= width { shown.append(hint) }
        }
        return ScreenLine(TextWidth.fit(text(shown + kept), to: width), .dim)
    }

    /// The keys that do something in the current view, the most useful first.
    public var keyHints: [KeyHint] {
        let help = KeyHint("Ctrl-G", "help")
        let quit = KeyHint("Ctrl-C", "quit")
        if let overlay {
            let scrolls = overlayGeometry.wrappedLines.count > overlayGeometry.visibleLines
            return overlay.hints + (scrolls ? [KeyHint("↑↓ PgUp PgDn", "scroll")] : []) + [quit]
        }
        var hints: [KeyHint] = []
        if countdownText != nil { hints.append(KeyHint("Ctrl-X", "cancel the countdown")) }
        if errorMessage != nil { hints += [KeyHint("Ctrl-R", "retry"), KeyHint("Ctrl-O", "whole error")] }
        if !list.items.isEmpty { hints += [KeyHint("↑↓", "move"), KeyHint("Enter", "details")] }
        hints += [KeyHint("Tab", "field"), KeyHint("Ctrl-T", "countdown"), help, quit]
        return hints
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
                indent > 1 && characters.count > indent && characters[indent - 2] == " "
                && characters[indent - 1] == " "
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
