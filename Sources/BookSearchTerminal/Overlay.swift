import BookSearch
import Foundation

/// A key and what it does in the current view, for the hint line at the bottom of the screen.
public struct KeyHint: Equatable, Sendable {
    public var key: String
    public var action: String

    public init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }

    /// "key action".
    public var text: String { "\(key) \(action)" }
}

/// A box drawn over the screen: the help, an error in full, or the countdown popup.
public struct Overlay: Equatable, Sendable {
    public var title: String
    public var lines: [String]
    /// Whether each line is centred in the box (the countdown's digit) rather than left-aligned.
    public var centersLines: Bool
    /// How far a wrapped line's continuation is indented (the help's key column). Only a line whose key column
    /// ends in two spaces before its text is wrapped beside the column; any other line (a paragraph) wraps whole.
    public var hangingIndent: Int
    /// The first line shown, when the lines do not all fit: Up/Down and PgUp/PgDn scroll.
    public var scrollOffset = 0
    /// The book's link in a book's details: `c` copies it, `o` prints it when the app quits.
    public var link: URL?
    /// The keys of the box, for the hint line.
    public var hints = [KeyHint("Esc", "close")]

    public init(title: String, lines: [String], centersLines: Bool = false, hangingIndent: Int = 0) {
        self.title = title
        self.lines = lines
        self.centersLines = centersLines
        self.hangingIndent = hangingIndent
    }

    /// The countdown popup showing `text` ("3", "2", "1", then ``CountdownPopup/finished``), the digit centred;
    /// "Ctrl-X cancels" while there is something to cancel, a blank line in its place once it is done.
    public static func countdown(_ text: String) -> Overlay {
        let running = text != CountdownPopup.finished
        return Overlay(title: "Countdown", lines: ["", text, "", running ? "Ctrl-X cancels" : ""], centersLines: true)
    }

    /// A failure's whole message (Ctrl-O), wrapped to the box.
    public static func error(_ message: String) -> Overlay {
        var overlay = Overlay(title: "Error", lines: [message, "", "Ctrl-R retries; Esc closes."])
        overlay.hints = [KeyHint("Ctrl-R", "retry"), KeyHint("Esc", "close")]
        return overlay
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
        overlay.hints =
            (book.link == nil ? [] : [KeyHint("c", "copy the link"), KeyHint("o", "print it on exit")])
            + [KeyHint("Esc", "back")]
        return overlay
    }

    /// The keys, and what each does.
    static let helpKeys: [(keys: String, action: String)] = [
        ("type", "edit the search text"),
        ("Left, Right", "move the cursor in the text (also Ctrl-B, Ctrl-F)"),
        ("Ctrl-Left/-Right", "a word back / on (also Alt-B, Alt-F)"),
        ("Ctrl-A, Ctrl-E", "start / end of the text"),
        ("Backspace, Del", "delete before / under the cursor"),
        ("Ctrl-W, Alt-D", "delete the word before / after the cursor"),
        ("Ctrl-K, Ctrl-U", "delete to the end / clear the text"),
        ("Tab, Shift-Tab", "next / previous search field"),
        ("Up, Down, wheel", "move through the results"),
        ("PgUp, PgDn", "a screen up / down"),
        ("Home, End", "first / last loaded result"),
        ("Enter, click", "the selected book's details (c copies its link, o prints it on exit)"),
        ("Ctrl-R", "retry after an error"),
        ("Ctrl-O", "show the whole error message"),
        ("Ctrl-T", "start (or restart) a 3-2-1 countdown"),
        ("Ctrl-X", "cancel the countdown"),
        ("Ctrl-Z", "suspend (fg resumes)"),
        ("Ctrl-G, F1", "show or hide this help"),
        ("Esc, Enter", "close this box"),
        ("Ctrl-C/-Q/-D", "quit"),
    ]

    /// The keys: a column as wide as the longest key and two spaces, then what the key does.
    public static let help: Overlay = {
        let column = helpKeys.map(\.keys.count).max()! + 2
        var overlay = Overlay(
            title: "Keys",
            lines: helpKeys.map { $0.keys.padding(toLength: column, withPad: " ", startingAt: 0) + $0.action } + [
                "",
                "Reaching the end of the list loads the next page. In this box, Up/Down and PgUp/PgDn scroll.",
            ],
            hangingIndent: column)
        overlay.hints = [KeyHint("Esc", "close")]
        return overlay
    }()
}
