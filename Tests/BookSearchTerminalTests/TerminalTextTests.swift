import BookSearchTerminal
import RxLiteTest
import Testing

@Suite(.checksResources) struct TerminalTextTests {
    @Test(arguments: [
        ("Clear\u{1B}[2J\u{1B}]0;owned\u{07} me", "Clear me"),
        ("\u{1B}[31mred\u{1B}[0m", "red"),
        ("title\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\", "titlelink"),
        ("a\u{1B}cb", "ab"),
        ("line\nbreak\r\nand\rmore", "line break and more"),
        ("tab\there", "tab here"),
        ("bell\u{07}nul\u{00}del\u{7F}c1\u{85}x\u{9B}2Jy", "bell\u{FFFD}nul\u{FFFD}del\u{FFFD}c1 xy"),
        ("safe\u{202E}txt.exe\u{202C}", "safetxt.exe"),
        ("\u{2066}iso\u{2069}late\u{200F}", "isolate"),
        ("zero\u{200B}width\u{FEFF}\u{200D}", "zerowidth"),
        ("ends with ESC\u{1B}", "ends with ESC"),
        ("cut CSI \u{1B}[12", "cut CSI "),
    ])
    func outsideTextIsMadeSafe(raw: String, safe: String) {
        let result = TerminalText.sanitized(raw)
        #expect(result == safe)
        #expect(!result.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test(arguments: ["채식주의자", "Brontë", "e\u{301}", "👩‍💻 coder", "Ünïcödé — «quotes»", ""])
    func ordinaryTextIsKept(text: String) {
        #expect(TerminalText.sanitized(text) == text)
    }
}
