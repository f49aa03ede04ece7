import BookSearch
import Foundation

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
