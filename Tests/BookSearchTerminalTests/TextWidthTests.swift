import RxLiteTest
import Testing

@testable import BookSearchTerminal

@Suite(.checksResources) struct TextWidthTests {
    @Test func widths() {
        #expect(TextWidth.of("abc") == 3)
        #expect(TextWidth.of("한강") == 4)
        #expect(TextWidth.of("e\u{301}") == 1)  // e + combining acute: one column
        #expect(TextWidth.of("\u{1B}") == 0)
    }

    /// Emoji that terminals draw two columns wide: the examples from each block.
    @Test(arguments: ["🚀", "🛸", "🫠", "🪼", "⚽", "☔", "⌚", "🀄", "🃏", "🆎", "🌍", "🧠", "☺️", "🇰🇷", "👩‍💻", "Ａ"])
    func emojiAndWideFormsTakeTwoColumns(text: String) {
        #expect(TextWidth.of(text) == 2, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// Text-style symbols, East Asian ambiguous and half-width forms: one column, as most terminals draw them.
    @Test(arguments: ["a", "☺", "♠", "é", "ｱ", "—", "…", "€"])
    func textStyleSymbolsTakeOneColumn(text: String) {
        #expect(TextWidth.of(text) == 1)
    }

    /// Every range of the generated table: its first and last code points are wide, the code point before its
    /// first is not in the table (ranges are merged, so neighbours are narrow), and the ranges are sorted.
    @Test func everyRangeOfTheGeneratedTable() {
        #expect(TextWidth.unicodeVersion == "15.0.0")
        for (index, range) in TextWidth.wideRanges.enumerated() {
            #expect(TextWidth.isWide(range.lowerBound) && TextWidth.isWide(range.upperBound), "\(range)")
            #expect(!TextWidth.isWide(range.lowerBound - 1), "\(range)")
            #expect(!TextWidth.isWide(range.upperBound + 1), "\(range)")
            if index > 0 { #expect(TextWidth.wideRanges[index - 1].upperBound + 1 < range.lowerBound) }
        }
        for range in [0x1F680...0x1F6C5, 0x1FAE0...0x1FAE7, 0x1F300...0x1F320] as [ClosedRange<UInt32>] {
            #expect(range.allSatisfy(TextWidth.isWide), "\(range)")
        }
    }

    @Test func fitPadsOrCutsToExactlyTheColumns() {
        #expect(TextWidth.fit("ab", to: 4) == "ab  ")
        #expect(TextWidth.fit("abcdef", to: 4) == "abc…")
        // A wide character never straddles the edge: "채식" is 4 columns, 3 fit only "채" and "…".
        #expect(TextWidth.fit("채식주의자", to: 4) == "채… ")
        #expect(TextWidth.of(TextWidth.fit("채식주의자", to: 4)) == 4)
        #expect(TextWidth.fit("x", to: 0) == "")
    }
}

@Suite(.checksResources) struct TextWrapTests {
    @Test func wrapsAtSpacesAndCutsLongWords() {
        #expect(TextWidth.wrap("the quick brown fox", to: 10) == ["the quick", "brown fox"])
        #expect(TextWidth.wrap("abcdefghijkl", to: 5) == ["abcde", "fghij", "kl"])
        #expect(TextWidth.wrap("채식주의자 소년이", to: 6) == ["채식주", "의자", "소년이"])
        #expect(TextWidth.wrap("a b c d", to: 3, indent: 2) == ["a b", "  c", "  d"])
        #expect(TextWidth.wrap("", to: 5) == [""])
    }

    @Test func overwriteKeepsBothSidesAndNeverSplitsAWideCharacter() {
        #expect(TextWidth.overwrite("abcdefgh", with: "XY", at: 3) == "abcXYfgh")
        #expect(TextWidth.overwrite("채식주의", with: "X", at: 1) == " X식주의")
        #expect(TextWidth.overwrite("채식주의", with: "XY", at: 2) == "채XY주의")
        #expect(TextWidth.overwrite("채식주의", with: "XYZ", at: 2) == "채XYZ 의")
    }
}
