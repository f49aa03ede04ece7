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

    /// A whole frame: each line at its row, styled, with the style reset at its end.
    public static func frame(_ lines: [ScreenLine]) -> String {
        var output = home
        for (row, line) in lines.enumerated() {
            output += "\u{1B}[\(row + 1);1H" + style(line.style)
            if let reversed = line.highlight, reversed.upperBound <= line.text.count {
                let start = line.text.index(line.text.startIndex, offsetBy: reversed.lowerBound)
                let end = line.text.index(line.text.startIndex, offsetBy: reversed.upperBound)
                output += line.text[..<start] + "\u{1B}[7m" + line.text[start..<end] + "\u{1B}[27m" + line.text[end...]
            } else {
                output += line.text
            }
            output += reset
        }
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
