import BookSearchTerminal
import Foundation
import RxLiteTest
import Testing

@Suite(.checksResources) struct TerminalTextTests {
    @Test(
        arguments: [
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
            ("soft\u{AD}hyphen", "softhyphen"),
            ("tag\u{E0041}\u{E0042}\u{E007F}s hide text", "tags hide text"),
            ("in\u{2062}visible\u{206A}\u{FFF9}ops\u{1D173}", "invisibleops"),
        ] as [(EscapedText, String)])
    func outsideTextIsMadeSafe(raw: EscapedText, safe: String) {
        let result = TerminalText.sanitized(raw.text)
        #expect(result == safe)
        #expect(!result.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    /// JSON text printed to a terminal: what JSON leaves as it is (DEL, C1 such as CSI U+009B, bidi overrides,
    /// zero-width characters, U+2028) is written as `\uXXXX`, and decoding gives back exactly what was encoded.
    @Test func jsonForTerminalEscapesWhatJSONLeavesAndDecodesToTheSameText() throws {
        let original =
            "A\u{9B}2J \u{202E}evil\u{202C} \u{7F}\u{200B}\u{2028}x 채식주의자 👩\u{200D}💻 \u{1B}[31m \u{AD}\u{E0041}"
        let encoded = String(decoding: try JSONEncoder().encode([original]), as: UTF8.self)
        let printed = TerminalText.jsonForTerminal(encoded)
        #expect(!printed.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
        #expect(!printed.unicodeScalars.contains { $0.value == 0x200B || $0.value == 0x2028 || $0.value < 0x20 })
        #expect(printed.contains("\\u009B") && printed.contains("\\u202E") && printed.contains("\\u007F"))
        #expect(printed.contains("\\u00AD") && printed.contains("\\uDB40\\uDC41"))  // a tag: a surrogate pair
        #expect(try JSONDecoder().decode([String].self, from: Data(printed.utf8)) == [original])
        #expect(TerminalText.jsonForTerminal("{\"a\": \"plain\"}") == "{\"a\": \"plain\"}")
    }

    @Test(arguments: ["채식주의자", "Brontë", "e\u{301}", "👩‍💻 coder", "Ünïcödé — «quotes»", ""])
    func ordinaryTextIsKept(text: String) {
        #expect(TerminalText.sanitized(text) == text)
    }
}
