/// A key the terminal app reacts to, decoded from the bytes a terminal sends in raw mode.
public enum Key: Equatable, Sendable {
    /// A printable character (letters, digits, punctuation, space, Hangul, ...).
    case character(Character)
    case up, down, left, right
    /// Ctrl-Left and Ctrl-Right (`ESC [ 1 ; 5 D`), and Alt-Left and Alt-Right, which some terminals send for the
    /// same: a word back or on in the search text.
    case wordLeft, wordRight
    case pageUp, pageDown, home, end
    case tab, backTab
    /// Delete (`ESC [ 3 ~`): deletes the character under the cursor.
    case delete
    case enter, backspace, escape
    /// Ctrl and a letter, e.g. `.control("c")` for Ctrl-C (byte 0x03).
    case control(Character)
    /// F1 (`ESC O P` or `ESC [ 1 1 ~`).
    case f1
    /// Text pasted while bracketed paste is on (`ESC [ 200 ~` … `ESC [ 201 ~`): inserted as text, so a pasted Tab
    /// or newline never switches fields or acts as Enter.
    case paste(String)
    /// Alt (Meta) and a key, sent as ESC and the key's character: never typed as the letter. Alt-b, Alt-f and Alt-d
    /// move and delete by words, as in a shell; the others are ignored.
    case alt(Character)
    /// A mouse report (SGR mode, ``ANSI/enableMouse``): the wheel or a button, at a screen cell.
    case mouse(MouseEvent)
    /// An escape sequence the app does not use; ignored.
    case unknown
}

/// What the mouse did, at which cell (0-based, from the top left).
public struct MouseEvent: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case wheelUp, wheelDown
        /// The left button pressed (the other buttons, releases and drags are ignored).
        case press
        /// Anything else the terminal reports.
        case other
    }

    public var action: Action
    public var row: Int
    public var column: Int

    public init(_ action: Action, row: Int, column: Int) {
        self.action = action
        self.row = row
        self.column = column
    }

    /// The event of an SGR report `ESC [ < button ; column ; row M` (press) or `m` (release), 1-based; `nil` when
    /// the parameters are not three numbers.
    static func sgr(parameters: Substring, final: UInt8) -> MouseEvent? {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, let button = numbers[0], let column = numbers[1], let row = numbers[2],
            column > 0, row > 0
        else { return nil }
        // The low two bits name the button, 64 marks the wheel, 32 a motion; shift, meta and ctrl add 4, 8, 16.
        let action: Action =
            switch (button & ~(4 | 8 | 16), final) {
            case (64, UInt8(ascii: "M")): .wheelUp
            case (65, UInt8(ascii: "M")): .wheelDown
            case (0, UInt8(ascii: "M")): .press
            default: .other
            }
        return MouseEvent(action, row: row - 1, column: column - 1)
    }
}

/// Decodes raw terminal input into keys. Pure: feed it bytes, get keys and the bytes still incomplete.
public enum KeyParser {
    /// The keys in `bytes`, and the trailing bytes that may begin a key not yet complete (a UTF-8 character cut
    /// between two reads, or a paste whose end marker has not arrived). An escape byte with nothing after it is the
    /// Escape key: terminals send a whole escape sequence in one write; ESC and a printable character is Alt and
    /// that key. A paste longer than ``maximumPendingPaste`` is given as it is so far. A byte that cannot start a character, or a lead byte whose next bytes are not
    /// continuation bytes, is one `.unknown` on its own: the bytes after it are read as keys, never swallowed.
    public static func parse(_ bytes: [UInt8]) -> (keys: [Key], remainder: [UInt8]) {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                if bytes[index...].starts(with: pasteStart) {
                    let body = (index + pasteStart.count)...
                    guard let end = firstIndex(of: pasteEnd, in: bytes, from: body.lowerBound) else {
                        // The end marker may come in a later read; wait for it, unless the paste is huge.
                        if bytes.count - index <= maximumPendingPaste { return (keys, Array(bytes[index...])) }
                        keys.append(.paste(String(decoding: bytes[body], as: UTF8.self)))
                        return (keys, [])
                    }
                    keys.append(.paste(String(decoding: bytes[body.lowerBound..<end], as: UTF8.self)))
                    index = end + pasteEnd.count
                    continue
                }
                let (key, length) = escapeSequence(bytes, from: index)
                keys.append(key)
                index += length
            case 0x09:
                keys.append(.tab)
                index += 1
            case 0x0D, 0x0A:
                keys.append(.enter)
                index += 1
            case 0x7F, 0x08:
                keys.append(.backspace)
                index += 1
            case 0x01...0x1A:
                keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
                index += 1
            case 0x00, 0x1C...0x1F:
                keys.append(.unknown)
                index += 1
            case 0x20...0x7E:
                keys.append(.character(Character(Unicode.Scalar(byte))))
                index += 1
            default:
                let length = utf8Length(byte)
                guard length > 1 else {
                    keys.append(.unknown)  // a stray continuation byte or an invalid lead byte
                    index += 1
                    continue
                }
                // Only continuation bytes (10xxxxxx) may follow a lead byte; count those that are there.
                let available = bytes[(index + 1)...].prefix(length - 1).prefix { $0 & 0xC0 == 0x80 }.count
                if available < length - 1 {
                    if index + 1 + available == bytes.count { return (keys, Array(bytes[index...])) }  // cut: wait
                    keys.append(.unknown)  // a stray lead byte: drop it alone, keep what follows
                    index += 1
                    continue
                }
                if let text = String(validating: bytes[index..<index + length], as: UTF8.self),
                    let character = text.first
                {
                    keys.append(.character(character))
                } else {
                    keys.append(.unknown)  // well-formed shape, invalid value (an overlong form, a surrogate)
                }
                index += length
            }
        }
        return (keys, [])
    }

    /// The most bytes of a paste held while waiting for its end marker.
    public static let maximumPendingPaste = 64 << 10
    private static let pasteStart = Array("\u{1B}[200~".utf8)
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        return (start...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }

    /// The key of the escape sequence at `start` and its length in bytes.
    private static func escapeSequence(_ bytes: [UInt8], from start: Int) -> (Key, Int) {
        guard start + 1 < bytes.count else { return (.escape, 1) }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "O") {  // SS3: F1-F4 and arrows in application mode
            guard start + 2 < bytes.count else { return (.unknown, 2) }
            let key: Key =
                switch bytes[start + 2] {
                case UInt8(ascii: "P"): .f1
                case UInt8(ascii: "A"): .up
                case UInt8(ascii: "B"): .down
                case UInt8(ascii: "C"): .right
                case UInt8(ascii: "D"): .left
                case UInt8(ascii: "H"): .home
                case UInt8(ascii: "F"): .end
                default: .unknown
                }
            return (key, 3)
        }
        if introducer != UInt8(ascii: "["), (0x20...0x7E).contains(introducer) {
            return (.alt(Character(Unicode.Scalar(introducer))), 2)  // Alt-b: not the letter b
        }
        guard introducer == UInt8(ascii: "[") else { return (.escape, 1) }  // ESC then another key: Escape first
        // CSI: parameter bytes (0x30-0x3F), intermediate bytes (0x20-0x2F), one final byte (0x40-0x7E).
        var end = start + 2
        while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return (.unknown, end - start) }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        let final = bytes[end]
        if parameters.hasPrefix("<") {
            let event = MouseEvent.sgr(parameters: parameters.dropFirst(), final: final)
            return (event.map(Key.mouse) ?? .unknown, end - start + 1)
        }
        // A modified arrow is `1 ; m` with m - 1 the modifier bits: 2 Alt, 4 Ctrl (also 8 Meta on some terminals).
        let modifiers = parameters.split(separator: ";").dropFirst().first.flatMap { Int($0) }.map { $0 - 1 } ?? 0
        let byWord = modifiers & (2 | 4 | 8) != 0
        let key: Key =
            switch (final, parameters) {
            case (UInt8(ascii: "A"), _): .up
            case (UInt8(ascii: "B"), _): .down
            case (UInt8(ascii: "C"), _): byWord ? .wordRight : .right
            case (UInt8(ascii: "D"), _): byWord ? .wordLeft : .left
            case (UInt8(ascii: "H"), _): .home
            case (UInt8(ascii: "F"), _): .end
            case (UInt8(ascii: "Z"), _): .backTab
            case (UInt8(ascii: "~"), "5"): .pageUp
            case (UInt8(ascii: "~"), "6"): .pageDown
            case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
            case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
            case (UInt8(ascii: "~"), "3"): .delete
            case (UInt8(ascii: "~"), "11"): .f1
            default: .unknown
            }
        return (key, end - start + 1)
    }
}
