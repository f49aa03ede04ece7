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
}
