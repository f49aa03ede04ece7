/// How many terminal columns text takes: East Asian wide and full-width characters (Hangul, CJK, full-width
/// forms) and emoji shown as emoji take two, combining marks and controls none, everything else one. The wide
/// code points come from the Unicode data (``unicodeVersion``), generated into ``wideRanges`` by
/// `scripts/generate-east-asian-width.py`. Approximate (as every terminal is), but consistent, so a line is never
/// cut in the middle of a wide character or padded past the screen's edge.
public enum TextWidth {
    /// The columns of `character`: those of its first scalar; two for a text-style emoji made an emoji by
    /// U+FE0F (☺️) and for a flag (two regional indicators).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let scalar = scalars.first else { return 0 }
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark {
            return 0
        }
        if isWide(value) { return 2 }
        if scalars.count > 1 {
            if scalar.properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
            if (0x1F1E6...0x1F1FF).contains(value) { return 2 }
        }
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

    /// Whether `value` is in ``wideRanges`` (a binary search).
    static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }  // the first wide code point
        var low = 0
        var high = wideRanges.count
        while low < high {
            let middle = (low + high) / 2
            if wideRanges[middle].upperBound < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < wideRanges.count && wideRanges[low].contains(value)
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
