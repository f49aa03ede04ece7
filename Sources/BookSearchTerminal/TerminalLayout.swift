/// Where things go on the screen, from its size.
///
/// ```
/// row 0            title
/// row 1            Search: text
/// row 2            Field:  [Keyword]  Title   Author   Publisher  (Tab)
/// row 3            ─────
/// rows 4..<h-4     the list, then "Loading more…" or "— end of results —"; or an empty list's message
/// row h-4          ───── (or the first line of an error that needs two)
/// row h-3          the error, if any
/// row h-2          status (spinner while loading)
/// row h-1          the keys of the current view
/// ```
public struct TerminalLayout: Equatable, Sendable {
    public static let minimumWidth = 40
    public static let minimumHeight = 10

    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether the screen is big enough to draw on.
    public var isUsable: Bool { width >= Self.minimumWidth && height >= Self.minimumHeight }
    /// The first row of the list.
    public var listTop: Int { 4 }
    /// How many rows the list has.
    public var listHeight: Int { max(height - 8, 1) }

    /// The message for a screen below the minimum size.
    public var tooSmallMessage: String {
        "The terminal is \(width)x\(height); book-search needs at least \(Self.minimumWidth)x\(Self.minimumHeight)."
    }

    /// `tooSmallMessage` wrapped at word boundaries to the screen's width, as many lines as fit (the last ends in
    /// "…" when cut), for drawing on the small screen itself.
    public var tooSmallLines: [String] {
        let wrapped = TextWidth.wrap(tooSmallMessage + " Ctrl-C quits.", to: max(width, 1))
        guard wrapped.count > height else { return wrapped }
        var shown = Array(wrapped.prefix(max(height, 1)))
        let last = TextWidth.fit(shown[shown.count - 1] + " …", to: max(width, 1))
        shown[shown.count - 1] = String(last.reversed().drop { $0 == " " }.reversed())
        return shown
    }
}
