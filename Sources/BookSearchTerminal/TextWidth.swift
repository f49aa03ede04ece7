/// How many terminal columns text takes: East Asian wide characters (Hangul, CJK, full-width forms, most emoji)
/// take two, combining marks and controls none, everything else one. Approximate (as every terminal is), but
/// consistent, so a line is never cut in the middle of a wide character or padded past the screen's edge.
public enum TextWidth {
    /// The columns of `character`.
    public static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark {
            return 0
        }
        if isWide(value) { return 2 }
        return 1
    }

    /// The columns of `text`.
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// `text` cut to at most `columns` columns (with "…" as its last column when cut), then padded with spaces to
    /// exactly `columns` columns.
    public static func fit(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        let width = of(text)
        if width <= columns { return text + String(repeating: " ", count: columns - width) }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = of(character)
            if used + characterWidth > columns - 1 { break }
            result.append(character)
            used += characterWidth
        }
        result.append("…")
        used += 1
        return result + String(repeating: " ", count: columns - used)
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` broken into lines of at most `columns` columns, at spaces where it can be (a word longer than a line
    /// is cut inside); lines after the first start with `indent` spaces. Runs of spaces at a break disappear.
    public static func wrap(_ text: String, to columns: Int, indent: Int = 0) -> [String] {
        guard columns > 0 else { return [] }
        let indent = min(max(indent, 0), columns - 1)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        func finishLine() {
            lines.append(String(line.reversed().drop { $0 == " " }.reversed()))
            line = String(repeating: " ", count: indent)
            lineWidth = indent
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = of(word)
            let separator = lineWidth > (lines.isEmpty ? 0 : indent) ? 1 : 0
            if lineWidth + separator + wordWidth <= columns {
                if separator == 1 { line += " " }
                line += word
                lineWidth += separator + wordWidth
                continue
            }
            if lineWidth > (lines.isEmpty ? 0 : indent) { finishLine() }
            for character in word {  // a word longer than the room left: cut it
                let width = of(character)
                if lineWidth + width > columns { finishLine() }
                line.append(character)
                lineWidth += width
            }
        }
        if lineWidth > (lines.isEmpty ? 0 : indent) || lines.isEmpty { finishLine() }
        return lines
    }

    /// `base` (exactly `totalColumns` wide) with `insert` written over it from column `start`: what is left and
    /// right of `insert` stays, and a wide character cut by either edge becomes a space.
    public static func overwrite(_ base: String, with insert: String, at start: Int) -> String {
        let insertWidth = of(insert)
        var left = ""
        var right = ""
        var column = 0
        for character in base {
            let width = of(character)
            if column + width <= start {
                left.append(character)
            } else if column < start {
                left += String(repeating: " ", count: start - column)  // a wide character cut by the left edge
            } else if column >= start + insertWidth {
                right.append(character)
            } else if column + width > start + insertWidth {
                right += String(repeating: " ", count: column + width - start - insertWidth)
            }
            column += width
        }
        left += String(repeating: " ", count: max(start - of(left), 0))
        return left + insert + right
    }
}
