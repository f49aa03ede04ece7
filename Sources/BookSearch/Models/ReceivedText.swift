/// Text from a server cut, on arrival, to a size the app can show at once.
///
/// One field of a few megabytes (a title, an error message) would otherwise be sanitised, measured and wrapped on
/// every frame, and copied whole to stderr: seconds per keystroke. No real title, author or Aladin message comes
/// near these sizes, so the cut only ever meets hostile or broken answers.
enum ReceivedText {
    /// A title, an author, a publisher: 1 KiB of UTF-8.
    static let maximumFieldBytes = 1 << 10
    /// A date, an ISBN: short by nature.
    static let maximumCodeBytes = 64
    /// A description or an error message: 4 KiB of UTF-8.
    static let maximumMessageBytes = 4 << 10
    /// A link or cover address: longer ones are dropped, since a cut address would lead elsewhere.
    static let maximumURLBytes = 2 << 10

    /// `text` if it has at most `maximumBytes` bytes of UTF-8, else its longest prefix of whole characters
    /// (grapheme clusters: an accent or an emoji sequence is never split) that fits with "…" after it.
    static func capped(_ text: String, maximumBytes: Int) -> String {
        guard text.utf8.count > maximumBytes else { return text }
        let room = maximumBytes - "…".utf8.count
        var end = text.startIndex
        var used = 0
        while end < text.endIndex {
            let next = text.index(after: end)
            let size = text.utf8.distance(from: end, to: next)
            if used + size > room { break }
            used += size
            end = next
        }
        return text[..<end] + "…"
    }
}
