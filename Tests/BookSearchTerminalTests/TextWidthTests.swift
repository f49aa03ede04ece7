import BookSearchTerminal
import RxLiteTest
import Testing

@Suite(.checksResources) struct TextWidthTests {
    @Test func widths() {
        #expect(TextWidth.of("abc") == 3)
        #expect(TextWidth.of("한강") == 4)
        #expect(TextWidth.of("e\u{301}") == 1)  // e + combining acute: one column
        #expect(TextWidth.of("\u{1B}") == 0)
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
