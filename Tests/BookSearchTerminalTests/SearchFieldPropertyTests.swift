import BookSearchTerminal
import Foundation
import RxLiteTest
import Testing

/// The search field typed into one code point at a time, as terminals, input methods and slow links deliver text:
/// random code points that Swift joins into the character before them (combining marks, ZWJ sequences, the second
/// regional indicator of a flag, variation selectors, skin tones, Hangul jamo), controls and plain text, with
/// random cursor moves, edits, pastes and resizes between them.
///
/// After every key: nothing trapped, the cursor is within the text, the text is the old text with exactly the
/// edit applied (compared as code points, since the characters around an edit may join or split), the cursor
/// sits right after what was inserted, and every line drawn, the field included, is exactly the screen's width.
///
/// CI runs ``caseCount`` cases from a fixed seed; `BOOK_SEARCH_FIELD_CASES=20000` runs more, and
/// `BOOK_SEARCH_FIELD_SEED` picks another seed (a failure names the seed and the case that found it).
@Suite(.checksResources) struct SearchFieldPropertyTests {
    static let caseCount =
        ProcessInfo.processInfo.environment["BOOK_SEARCH_FIELD_CASES"].flatMap(Int.init) ?? 300
    static let seed = ProcessInfo.processInfo.environment["BOOK_SEARCH_FIELD_SEED"].flatMap(UInt64.init) ?? 39

    /// The five sequences of the report that crashed the app, each typed one code point at a time.
    @Test(arguments: [
        CodePoints("👨\u{200D}👩\u{200D}👧"), CodePoints("e\u{0301}"), CodePoints("🇰🇷"), CodePoints("👍🏽"),
        CodePoints("\u{1112}\u{1161}"),
    ])
    func aCharacterTypedOneCodePointAtATimeIsOneCharacter(_ sequence: CodePoints) {
        var screen = TerminalScreen(layout: TerminalLayout(width: 40, height: 11), sourceName: "test")
        _ = screen.handle(.character("a"))
        for key in sequence.keys { _ = screen.handle(key) }
        #expect(screen.searchText == "a" + sequence.text)
        #expect(screen.searchText.count == 2)
        #expect(screen.cursor == 2)
        _ = screen.handle(.left)
        _ = screen.handle(.character("x"))  // typed before the joined character, not inside it
        #expect(screen.searchText == "ax" + sequence.text)
        _ = screen.handle(.control("e"))
        _ = screen.handle(.backspace)  // the whole character goes
        #expect(screen.searchText == "ax")
    }

    @Test func randomCodePointsEditsAndMovesKeepTheCursorWithinTheText() {
        var random = Xorshift(seed: Self.seed)
        for caseNumber in 0..<Self.caseCount {
            var screen = TerminalScreen(
                layout: TerminalLayout(width: Int.random(in: 40...70, using: &random), height: 11),
                sourceName: "test")
            for step in 0..<Int.random(in: 1...60, using: &random) {
                let key = Self.randomKey(using: &random)
                if Int.random(in: 0..<20, using: &random) == 0 {
                    screen.resize(to: TerminalLayout(width: Int.random(in: 40...70, using: &random), height: 11))
                }
                let before = screen
                _ = screen.handle(key)
                let failure = Self.check(key, before: before, after: screen)
                #expect(failure == nil, "seed \(Self.seed), case \(caseNumber), step \(step): \(failure ?? "")")
                if failure != nil { return }
            }
        }
    }

    /// What is wrong after `key` took `before` to `after`, or `nil`.
    static func check(_ key: Key, before: TerminalScreen, after: TerminalScreen) -> String? {
        let text = after.searchText
        guard (0...text.count).contains(after.cursor) else {
            return "cursor \(after.cursor) outside \(text.count) characters of \(escaped(text))"
        }
        guard after.fieldScroll <= after.cursor else { return "the field scrolled past the cursor" }
        let lines = after.render()
        guard lines.allSatisfy({ TextWidth.of($0.text) == after.layout.width }) else {
            return "a line is not \(after.layout.width) columns wide for \(escaped(text))"
        }
        guard let cell = after.cursorCell, cell.row == 1, cell.column < after.layout.width else {
            return "the cursor is not on the field's line"
        }
        let oldScalars = Array(before.searchText.unicodeScalars)
        let newScalars = Array(text.unicodeScalars)
        let cut = scalarOffset(ofCharacter: before.cursor, in: before.searchText)
        switch key {
        case .character(let character):
            let inserted = Array(character.unicodeScalars)
            guard newScalars == Array(oldScalars[..<cut]) + inserted + Array(oldScalars[cut...]) else {
                return "typing \(escaped(String(character))) did not insert it at the cursor"
            }
            let end = cut + inserted.count
            let cursorScalar = scalarOffset(ofCharacter: after.cursor, in: text)
            let previous = after.cursor == 0 ? 0 : scalarOffset(ofCharacter: after.cursor - 1, in: text)
            guard cursorScalar >= end && previous < end else {
                return "after typing, the cursor is not after the character holding what was typed"
            }
        case .backspace where before.cursor > 0:
            let start = scalarOffset(ofCharacter: before.cursor - 1, in: before.searchText)
            guard newScalars == Array(oldScalars[..<start]) + Array(oldScalars[cut...]) else {
                return "backspace did not delete the one character before the cursor"
            }
        case .left, .right, .wordLeft, .wordRight, .control("a"), .control("e"):
            guard text == before.searchText else { return "a cursor move changed the text" }
        default:
            break
        }
        return nil
    }

    static func scalarOffset(ofCharacter offset: Int, in text: String) -> Int {
        let index = text.index(text.startIndex, offsetBy: offset)
        return text.unicodeScalars.distance(from: text.startIndex, to: index)
    }

    static func escaped(_ text: String) -> String { EscapedText.escape(text) }

    /// Code points that join the character before them, and some that do not.
    static let scalarPool: [ClosedRange<UInt32>] = [
        0x0300...0x036F,  // combining diacritical marks
        0x20DD...0x20E3,  // enclosing marks
        0x200D...0x200D,  // zero-width joiner
        0x1F1E6...0x1F1FF,  // regional indicators
        0xFE00...0xFE0F,  // variation selectors
        0x1F3FB...0x1F3FF,  // skin tones
        0x1100...0x1112,  // Hangul leading jamo
        0x1161...0x1175,  // Hangul vowel jamo
        0x11A8...0x11C2,  // Hangul trailing jamo
        0xAC00...0xAC20,  // Hangul syllables
        0x1F466...0x1F469,  // boy, girl, man, woman
        0x1F44D...0x1F44D,  // thumbs up
        0x0041...0x007A,  // ASCII letters and some punctuation
        0x0020...0x0020,  // space
        0x4E00...0x4E10,  // CJK
        0x0080...0x009F,  // C1 controls
        0x202A...0x202E,  // bidi embeddings and overrides
        0xE0020...0xE007F,  // tag characters (the tail of a flag like England's)
    ]

    static func randomScalar(using random: inout Xorshift) -> Unicode.Scalar {
        let range = scalarPool.randomElement(using: &random)!
        return Unicode.Scalar(UInt32.random(in: range, using: &random))!
    }

    static func randomKey(using random: inout Xorshift) -> Key {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<60:
            // Through the key parser, as the app reads it: one code point's bytes in one read.
            let bytes = Array(String(randomScalar(using: &random)).utf8)
            return KeyParser.parse(bytes).keys.first ?? .unknown
        case 60..<65:
            let count = Int.random(in: 1...6, using: &random)
            return .paste(String(String.UnicodeScalarView((0..<count).map { _ in randomScalar(using: &random) })))
        default:
            let keys: [Key] = [
                .backspace, .delete, .left, .right, .wordLeft, .wordRight, .control("a"), .control("e"),
                .control("w"), .control("k"), .control("u"), .alt("b"), .alt("f"), .alt("d"), .control("b"),
                .control("f"),
            ]
            return keys.randomElement(using: &random)!
        }
    }
}

/// A sequence of code points, each a key of its own; described by its code points (``EscapedText``), so the
/// test's log shows `U+1F468U+200D…` rather than raw characters.
struct CodePoints: CustomTestStringConvertible, Sendable {
    let text: String
    init(_ text: String) { self.text = text }

    /// One `.character` per code point, through the key parser as the app reads them.
    var keys: [Key] { text.unicodeScalars.flatMap { KeyParser.parse(Array(String($0).utf8)).keys } }
    var testDescription: String { EscapedText.escape(text) }
}

/// xorshift64* (Vigna 2016): seedable, so a failure is reproduced from the seed the test prints.
struct Xorshift: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x2545_F491_4F6C_DD1D : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
