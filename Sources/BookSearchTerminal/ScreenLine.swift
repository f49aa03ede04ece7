/// One line of the screen: its text, exactly the screen's width in columns, and how to draw it.
public struct ScreenLine: Equatable, Sendable {
    public enum Style: Equatable, Sendable {
        case normal, title, selected, dim, error
    }

    public var text: String
    public var style: Style
    /// The characters of `text` (offsets, not columns) drawn in reverse video within the line's style: the
    /// selected search field.
    public var highlight: Range<Int>?
    /// The characters of `text` (offsets) drawn bold and underlined within the line's style: the part of a title
    /// that the query matched.
    public var emphasis: [Range<Int>]

    public init(_ text: String, _ style: Style = .normal, highlight: Range<Int>? = nil, emphasis: [Range<Int>] = []) {
        self.text = text
        self.style = style
        self.highlight = highlight
        self.emphasis = emphasis
    }
}
