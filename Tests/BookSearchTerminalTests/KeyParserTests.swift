import BookSearchTerminal
import RxLiteTest
import Testing

@Suite(.checksResources) struct KeyParserTests {
    @Test(
        arguments: [
            ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[H", .home),
            ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[Z", .backTab), ("\u{1B}OP", .f1),
            ("\u{1B}[11~", .f1), ("\u{1B}", .escape), ("\t", .tab), ("\r", .enter), ("\u{7F}", .backspace),
            ("\u{03}", .control("c")), ("\u{11}", .control("q")), ("\u{12}", .control("r")), ("a", .character("a")),
            (" ", .character(" ")), ("한", .character("한")), ("\u{1B}[1;5A", .up), ("\u{1B}b", .alt("b")),
            ("\u{1B}x", .alt("x")),
            ("\u{1B}[200~a\tb\nc\u{1B}[201~", .paste("a\tb\nc")), ("\u{1B}[1;5D", .wordLeft),
            ("\u{1B}[1;5C", .wordRight),
            ("\u{1B}[1;3D", .wordLeft), ("\u{1B}[1;3C", .wordRight), ("\u{1B}[1;2D", .left),
            ("\u{1B}[<64;10;5M", .mouse(MouseEvent(.wheelUp, row: 4, column: 9))),
            ("\u{1B}[<65;1;1M", .mouse(MouseEvent(.wheelDown, row: 0, column: 0))),
            ("\u{1B}[<0;3;7M", .mouse(MouseEvent(.press, row: 6, column: 2))),
            ("\u{1B}[<0;3;7m", .mouse(MouseEvent(.other, row: 6, column: 2))),
            ("\u{1B}[<2;3;7M", .mouse(MouseEvent(.other, row: 6, column: 2))), ("\u{1B}[<0;0;7M", .unknown),
            ("\u{1B}[<1;2M", .unknown),
        ] as [(EscapedText, Key)])
    func decodes(input: EscapedText, key: Key) {
        let (keys, remainder) = KeyParser.parse(Array(input.text.utf8))
        #expect(keys == [key])
        #expect(remainder.isEmpty)
    }

    @Test func severalKeysInOneRead() {
        let (keys, _) = KeyParser.parse(Array("ab\u{1B}[B\u{1B}[6~강\u{7F}".utf8))
        #expect(keys == [.character("a"), .character("b"), .down, .pageDown, .character("강"), .backspace])
    }

    @Test func aCharacterCutBetweenReadsWaitsForTheRest() {
        let bytes = Array("강".utf8)
        let first = KeyParser.parse([UInt8(ascii: "x")] + bytes[0..<2])
        #expect(first.keys == [.character("x")])
        #expect(first.remainder == Array(bytes[0..<2]))
        let second = KeyParser.parse(first.remainder + bytes[2...])
        #expect(second.keys == [.character("강")])
    }

    @Test func invalidBytesAreIgnoredNotFatal() {
        let (keys, remainder) = KeyParser.parse([0xFF, 0x80, UInt8(ascii: "a"), 0x1B, UInt8(ascii: "[")])
        #expect(keys == [.unknown, .unknown, .character("a"), .unknown])
        #expect(remainder.isEmpty)
    }

    @Test(arguments: [
        [0xE0, UInt8(ascii: "a"), UInt8(ascii: "b")],
        [0xC3, UInt8(ascii: "a"), UInt8(ascii: "b")],
        [0xF0, 0x9F, UInt8(ascii: "a"), UInt8(ascii: "b")],
    ])
    func aStrayLeadByteDoesNotSwallowTheNextKeys(bytes: [UInt8]) {
        let (keys, remainder) = KeyParser.parse(bytes)
        #expect(keys.suffix(2) == [.character("a"), .character("b")])
        #expect(keys.dropLast(2).allSatisfy { $0 == .unknown } && !keys.dropLast(2).isEmpty)
        #expect(remainder.isEmpty)
    }

    @Test func aStrayByteBeforeAnArrowKeepsTheArrow() {
        #expect(KeyParser.parse([0xE0, 0x1B, UInt8(ascii: "["), UInt8(ascii: "A")]).keys == [.unknown, .up])
    }

    @Test func deleteIsAKey() {
        #expect(KeyParser.parse(Array("\u{1B}[3~".utf8)).keys == [.delete])
    }

    /// A paste whose end marker comes in a later read waits for it; what follows the end is read as keys.
    @Test func aPasteCutBetweenReadsWaitsForItsEnd() {
        let first = KeyParser.parse(Array("x\u{1B}[200~one\ttwo".utf8))
        #expect(first.keys == [.character("x")])
        let second = KeyParser.parse(first.remainder + Array("\r\u{1B}[201~y".utf8))
        #expect(second.keys == [.paste("one\ttwo\r"), .character("y")])
        #expect(second.remainder.isEmpty)
    }

    @Test func aHugePasteIsGivenAsItIsSoFar() {
        let bytes =
            Array("\u{1B}[200~".utf8) + Array(repeating: UInt8(ascii: "a"), count: KeyParser.maximumPendingPaste)
        let (keys, remainder) = KeyParser.parse(bytes)
        #expect(keys.count == 1 && remainder.isEmpty)
    }

    /// Alt and a letter is not the letter: the search text does not change.
    @Test func altKeysAreNotTyped() {
        var screen = TerminalScreen(layout: TerminalLayout(width: 40, height: 10), sourceName: "t")
        for key in KeyParser.parse(Array("\u{1B}b\u{1B}f\u{1B}x".utf8)).keys {
            #expect(screen.handle(key) == [])
        }
        #expect(screen.searchText.isEmpty)
    }

    /// Ctrl-Left/Right and Alt-b/f move by words, as in a shell; Alt-d deletes the word after the cursor.
    @Test func wordMovement() {
        var screen = TerminalScreen(layout: TerminalLayout(width: 40, height: 10), sourceName: "t")
        for character in "han  kang books" { _ = screen.handle(.character(character)) }
        let keys = KeyParser.parse(Array("\u{1B}[1;5D".utf8)).keys
        #expect(keys == [.wordLeft])
        _ = screen.handle(.wordLeft)
        #expect(screen.cursor == 10)  // before "books"
        _ = screen.handle(.alt("b"))
        #expect(screen.cursor == 5)  // before "kang", over the two spaces
        _ = screen.handle(.alt("b"))
        #expect(screen.cursor == 0)
        #expect(screen.handle(.wordLeft) == [] && screen.cursor == 0)
        _ = screen.handle(.wordRight)
        #expect(screen.cursor == 3)  // after "han"
        _ = screen.handle(.alt("f"))
        #expect(screen.cursor == 9)  // after "kang"
        #expect(screen.handle(.alt("d")) == [.searchTextChanged("han  kang")])
        #expect(screen.cursor == 9)
        _ = screen.handle(.control("a"))
        #expect(screen.handle(.alt("d")) == [.searchTextChanged("  kang")])
        #expect(screen.cursor == 0)
    }

    /// A pasted Tab or newline neither switches the field nor searches: it is text, made one line.
    @Test func aPasteIsInsertedAsOneLineOfText() {
        var screen = TerminalScreen(layout: TerminalLayout(width: 40, height: 10), sourceName: "t")
        let keys = KeyParser.parse(Array("\u{1B}[200~han\tkang\r\nbooks\u{1B}[201~".utf8)).keys
        #expect(keys.flatMap { screen.handle($0) } == [.searchTextChanged("han kang books")])
        #expect(screen.queryType == .keyword && screen.overlay == nil)
        let huge = Key.paste(String(repeating: "x", count: 10_000))
        _ = screen.handle(huge)
        #expect(screen.searchText.count == TerminalScreen.maximumSearchTextLength)
    }
}
