import Foundation

/// The escape sequences the app writes. Pure: the app writes the strings.
public enum ANSI {
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    public static let leaveAlternateScreen = "\u{1B}[?1049l"
    public static let hideCursor = "\u{1B}[?25l"
    public static let showCursor = "\u{1B}[?25h"
    public static let home = "\u{1B}[H"
    public static let clearScreen = "\u{1B}[2J"
    public static let reset = "\u{1B}[0m"
    /// OSC 52: asks the terminal to put `text` on the system clipboard (base64, so nothing in it is interpreted).
    public static func copyToClipboard(_ text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }

    /// Pasted text arrives between `ESC [ 200 ~` and `ESC [ 201 ~` (``Key/paste(_:)``), not as typed keys.
    public static let enableBracketedPaste = "\u{1B}[?2004h"
    public static let disableBracketedPaste = "\u{1B}[?2004l"
    /// Mouse reports for button presses and the wheel (1000), in SGR form (1006), read as ``Key/mouse(_:)``.
    /// A user who wants the terminal's own selection holds Shift, as in any full-screen program that takes the mouse.
    public static let enableMouse = "\u{1B}[?1000h\u{1B}[?1006h"
    public static let disableMouse = "\u{1B}[?1006l\u{1B}[?1000l"
    /// What the app turns on when it takes the terminal: the alternate screen, bracketed paste, the mouse, a
    /// hidden cursor (each frame shows it again at the search field's insertion point), a clear screen.
    public static let takeOver = enterAlternateScreen + enableBracketedPaste + enableMouse + hideCursor + clearScreen
    /// What gives the terminal back, on every way out: all that ``takeOver`` turned on, turned off.
    public static let giveBack = reset + disableMouse + disableBracketedPaste + showCursor + leaveAlternateScreen
    /// Moves the cursor to `row` and `column` (0-based).
    public static func moveCursor(row: Int, column: Int) -> String { "\u{1B}[\(row + 1);\(column + 1)H" }

    /// A whole frame: each line at its row, styled, with the style reset at its end; then the cursor shown at
    /// `cursor` (row, column; 0-based), or left hidden when it is `nil`. The cursor is hidden while the frame is
    /// drawn, so it is never seen jumping across the screen.
    public static func frame(_ lines: [ScreenLine], cursor: (row: Int, column: Int)? = nil) -> String {
        var output = hideCursor + home
        for (row, line) in lines.enumerated() {
            output += "\u{1B}[\(row + 1);1H" + style(line.style) + styledText(line) + reset
        }
        if let cursor { output += moveCursor(row: cursor.row, column: cursor.column) + showCursor }
        return output
    }

    /// The line's text with its highlight in reverse video and its emphasis bold and underlined, each turned off
    /// on its own so the line's style stays on around them.
    static func styledText(_ line: ScreenLine) -> String {
        let reversed = line.highlight ?? 0..<0
        guard !reversed.isEmpty || !line.emphasis.isEmpty else { return line.text }
        var output = ""
        var isReversed = false
        var isEmphasized = false
        for (offset, character) in line.text.enumerated() {
            let reverse = reversed.contains(offset)
            let emphasize = line.emphasis.contains { $0.contains(offset) }
            if reverse != isReversed { output += reverse ? "\u{1B}[7m" : "\u{1B}[27m" }
            if emphasize != isEmphasized { output += emphasize ? "\u{1B}[1;4m" : "\u{1B}[22;24m" }
            isReversed = reverse
            isEmphasized = emphasize
            output.append(character)
        }
        if isReversed { output += "\u{1B}[27m" }
        if isEmphasized { output += "\u{1B}[22;24m" }
        return output
    }

    static func style(_ style: ScreenLine.Style) -> String {
        switch style {
        case .normal: ""
        case .title: "\u{1B}[1;7m"
        case .selected: "\u{1B}[7m"
        case .dim: "\u{1B}[2m"
        case .error: "\u{1B}[31m"
        }
    }
}
