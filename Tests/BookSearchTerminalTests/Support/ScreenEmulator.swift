import BookSearchTerminal

/// The few terminal sequences book-search writes, applied to a grid of cells: enough to read back what a user
/// would see (each row's text, where the cursor is and whether it shows, which private modes are on) from the
/// bytes the app wrote to a pseudo-terminal.
///
/// Understood: text (wide characters take two cells, by ``TextWidth``), CR and LF, CSI `H` (cursor position),
/// `2J` (clear), `K`, `m` (ignored: styles are not cells), `? … h` and `? … l` (private modes), OSC strings up to
/// BEL or ST (skipped). Anything else is skipped.
struct ScreenEmulator {
    let width: Int
    let height: Int
    private(set) var cells: [[String]]
    private(set) var cursor = (row: 0, column: 0)
    /// The private modes now on (1049 alternate screen, 25 cursor shown, 2004 bracketed paste, 1000 and 1006
    /// mouse reports).
    private(set) var modes: Set<Int> = [25]
    /// Every private mode set or reset, in order, as `+1000` or `-1000`.
    private(set) var modeChanges: [String] = []
    private var pending: [UInt8] = []

    init(width: Int = 80, height: Int = 24) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    /// The row's text, wide characters once.
    func row(_ index: Int) -> String { cells[index].joined() }

    /// Every row, joined by newlines.
    var text: String { (0..<height).map(row).joined(separator: "\n") }

    /// Applies `bytes`; a UTF-8 character or escape sequence cut at their end waits for the next bytes.
    mutating func feed(_ bytes: [UInt8]) {
        pending += bytes
        var index = 0
        while index < pending.count {
            guard let consumed = step(at: index) else { break }
            index += consumed
        }
        pending.removeFirst(index)
    }

    /// Applies what starts at `index` and returns its length, or `nil` when it is not complete yet.
    private mutating func step(at index: Int) -> Int? {
        let byte = pending[index]
        switch byte {
        case 0x1B:
            return escape(at: index)
        case 0x0D:
            cursor.column = 0
            return 1
        case 0x0A:
            cursor.row = min(cursor.row + 1, height - 1)
            return 1
        case 0x00..<0x20, 0x7F:
            return 1
        default:
            // A run of text up to the next control byte, drawn character by character (grapheme clusters, as the
            // app measures them); a UTF-8 sequence cut at the end of the bytes so far waits for the rest.
            var end = index
            while end < pending.count, pending[end] >= 0x20, pending[end] != 0x7F { end += 1 }
            if end == pending.count {
                var lead = end - 1
                while lead > index, pending[lead] & 0xC0 == 0x80 { lead -= 1 }
                let length = pending[lead] < 0xC0 ? 1 : pending[lead] < 0xE0 ? 2 : pending[lead] < 0xF0 ? 3 : 4
                if lead + length > end { end = lead }
            }
            guard end > index else { return nil }
            for character in String(decoding: pending[index..<end], as: UTF8.self) { put(character) }
            return end - index
        }
    }

    private mutating func escape(at index: Int) -> Int? {
        guard index + 1 < pending.count else { return nil }
        switch pending[index + 1] {
        case UInt8(ascii: "["):
            var end = index + 2
            while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
            guard end < pending.count else { return nil }
            csi(String(decoding: pending[(index + 2)..<end], as: UTF8.self), final: pending[end])
            return end - index + 1
        case UInt8(ascii: "]"):
            var end = index + 2
            while end < pending.count {
                if pending[end] == 0x07 { return end - index + 1 }
                if pending[end] == 0x1B, end + 1 < pending.count, pending[end + 1] == UInt8(ascii: "\\") {
                    return end - index + 2
                }
                end += 1
            }
            return nil
        default:
            return 2
        }
    }

    private mutating func csi(_ parameters: String, final: UInt8) {
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 1 }
            cursor = (
                min(max((numbers.first ?? 1) - 1, 0), height - 1),
                min(max((numbers.count > 1 ? numbers[1] : 1) - 1, 0), width - 1)
            )
        case UInt8(ascii: "J") where parameters == "2":
            cells = Array(repeating: Array(repeating: " ", count: width), count: height)
        case UInt8(ascii: "h") where parameters.hasPrefix("?"), UInt8(ascii: "l") where parameters.hasPrefix("?"):
            let on = final == UInt8(ascii: "h")
            for number in parameters.dropFirst().split(separator: ";").compactMap({ Int($0) }) {
                if on { modes.insert(number) } else { modes.remove(number) }
                modeChanges.append((on ? "+" : "-") + String(number))
            }
        default:
            break
        }
    }

    /// Puts `character` at the cursor: a wide one fills two cells, the second empty.
    private mutating func put(_ character: Character) {
        let columns = TextWidth.of(character)
        guard columns > 0 else {
            // A mark that arrived apart from its base joins the character before it.
            if cursor.column > 0 { cells[cursor.row][cursor.column - 1].append(character) }
            return
        }
        guard cursor.column + columns <= width else { return }
        cells[cursor.row][cursor.column] = String(character)
        if columns == 2 { cells[cursor.row][cursor.column + 1] = "" }
        cursor.column = min(cursor.column + columns, width - 1)
    }
}
