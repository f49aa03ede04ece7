/// Text from outside (a server, the catalog, the arguments) made safe to draw on a terminal.
///
/// A title holding `ESC[2J` would clear the screen on every frame, `ESC]0;…BEL` would rename the window, a newline
/// would break a one-line-per-book listing, and a bidi override would make the rest of a line read backwards. So,
/// before any outside text reaches the terminal:
/// - an escape sequence (CSI `ESC [ … final`, OSC/DCS/APC/PM/SOS `ESC ] … BEL or ESC \`, or ESC and one byte) is
///   removed whole, so its parameters do not show up as text either;
/// - a line break (LF, CR, CRLF, VT, FF, NEL, U+2028, U+2029) and a tab become one space;
/// - any other C0 or C1 control and DEL becomes "�" (visible: something was there);
/// - bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the marks U+200E, U+200F, U+061C
///   are removed, and so are zero-width characters (U+200B–U+200D, U+2060, U+FEFF, U+180E), except a joiner
///   between two emoji (👩‍💻), and other invisible format characters: the soft hyphen U+00AD, the invisible
///   operators U+2061–U+2064, the deprecated format controls U+206A–U+206F, the annotation marks U+FFF9–U+FFFB,
///   the musical format controls U+1D173–U+1D17A and the tag characters U+E0000–U+E007F (which can hide text);
/// - everything else, including Hangul, CJK, emoji and combining accents, is kept as it is.
/// `--json` output keeps the text as the server sent it, but JSON text is written to a terminal too: JSON escapes
/// only C0 controls itself, so ``jsonForTerminal(_:)`` writes DEL, C1 controls, U+2028/U+2029 and the invisible
/// characters above as `\uXXXX` escapes, which decode to the same strings.
public enum TerminalText {
    /// `text` safe to write to a terminal (see the type's rules).
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x1B:
                skipEscapeSequence(&scalars)
            case 0x0D:
                if scalars.first == "\n" { scalars.removeFirst() }
                output.append(" ")
            case 0x0A, 0x0B, 0x0C, 0x09, 0x85, 0x2028, 0x2029:
                output.append(" ")
            case 0x9B:  // the 8-bit CSI: a sequence like ESC [
                skipControlString(&scalars, csi: true)
            case 0x9D, 0x90, 0x9E, 0x9F, 0x98:  // 8-bit OSC, DCS, PM, APC, SOS
                skipControlString(&scalars, csi: false)
            case 0x00...0x1F, 0x7F...0x9F:
                output.append("\u{FFFD}")
            case 0x200D where output.last.map(isPictographic) == true && scalars.first.map(isPictographic) == true:
                output.append(scalar)  // the joiner inside an emoji sequence (👩‍💻) draws one picture
            case _ where isInvisibleFormat(scalar.value):
                continue
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    private static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmojiPresentation || (scalar.value >= 0x1F000 && scalar.properties.isEmoji)
    }

    /// `json` (encoded JSON text) with every character that ``sanitized(_:)`` would act on and JSON leaves as it
    /// is (DEL, C1 controls, U+2028, U+2029, bidi and zero-width characters) written as a `\uXXXX` escape: the
    /// same JSON value, safe to print. Such characters can only stand inside JSON strings, where the escape is valid.
    public static func jsonForTerminal(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsWork) else { return json }
        var output = ""
        for scalar in json.unicodeScalars {
            if scalar.value >= 0x20 && needsWork(scalar) {
                // JSON escapes are UTF-16 code units: a tag character (U+E00xx) is a surrogate pair.
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: true)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isInvisibleFormat(scalar.value)
            || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// Bidi controls and zero-width characters: invisible, yet they change how the rest of the line shows.
    private static func isInvisibleFormat(_ value: UInt32) -> Bool {
        switch value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x200B...0x200D, 0x2060, 0xFEFF, 0x180E,
            0x00AD, 0x2061...0x2064, 0x206A...0x206F, 0xFFF9...0xFFFB, 0x1D173...0x1D17A, 0xE0000...0xE007F:
            true
        default:
            false
        }
    }

    /// Drops the rest of an escape sequence whose ESC was just read.
    private static func skipEscapeSequence(_ scalars: inout Substring.UnicodeScalarView) {
        guard let introducer = scalars.popFirst() else { return }
        switch introducer {
        case "[": skipControlString(&scalars, csi: true)
        case "]", "P", "^", "_", "X": skipControlString(&scalars, csi: false)
        default: break  // ESC and one character (ESC c, ESC 7, ...): both gone
        }
    }

    /// Drops a CSI's parameters and final byte, or a string sequence up to BEL or ST (`ESC \`) or the end.
    private static func skipControlString(_ scalars: inout Substring.UnicodeScalarView, csi: Bool) {
        while let scalar = scalars.popFirst() {
            if csi {
                if (0x40...0x7E).contains(scalar.value) { return }  // the final byte
                if !(0x20...0x3F).contains(scalar.value) { return }  // not a CSI after all: stop here
            } else {
                if scalar.value == 0x07 || scalar.value == 0x9C { return }
                if scalar.value == 0x1B {
                    if scalars.first == "\\" { scalars.removeFirst() }
                    return
                }
            }
        }
    }
}
