import Testing

/// A test argument that holds text a terminal would act on (escape sequences, BEL, bidi controls), described in
/// the test log with those code points written as `U+XXXX`: printed raw, such an argument would clear the
/// terminal running `swift test`, overwrite its lines or rename its window.
struct EscapedText: CustomTestStringConvertible, Sendable, ExpressibleByStringLiteral {
    let text: String

    init(_ text: String) { self.text = text }
    init(stringLiteral text: String) { self.text = text }

    var testDescription: String { Self.escape(text) }

    /// `text` with every code point that is not printable ASCII written as `U+XXXX`.
    static func escape(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            (0x20..<0x7F).contains(scalar.value)
                ? String(scalar) : "U+" + String(scalar.value, radix: 16, uppercase: true)
        }.joined()
    }
}
