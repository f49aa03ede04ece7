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
