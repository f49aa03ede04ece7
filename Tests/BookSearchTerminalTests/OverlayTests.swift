import BookSearch
import Foundation
import RxLiteTest
import RxLiteUI
import Testing

@testable import BookSearchTerminal

/// The boxes drawn over the screen (help, error, countdown), on the screen model at every width.
@Suite(.checksResources) struct OverlayTests {
    /// A screen of `width` x 24 whose list rows are long enough to reach the right edge (cut with "…").
    func screen(width: Int) -> TerminalScreen {
        var screen = TerminalScreen(layout: TerminalLayout(width: width, height: 24), sourceName: "test")
        let list = AppendOnlyList<Book>()
        list.append(
            contentsOf: (1...30).map {
                Book(
                    title: "A title long enough to be cut at the edge \($0)", author: "Author", publisher: "P",
                    publicationDate: "2020", isbn13: "9788936433598")
            })
        var state = PaginatorState<Book>.idle
        state.items = list.snapshot
        state.totalCount = 30
        state.hasQuery = true
        screen.apply(state)
        return screen
    }

    /// A blank column on each side of every box row: nothing beneath reads as part of the box.
    @Test(arguments: [40, 41, 52, 60, 79, 80, 100, 120])
    func boxesCoverWhatIsBeneathThemWithAMargin(width: Int) {
        var screen = screen(width: width)
        for open in [Key.f1, .control("t")] {
            screen.overlay = nil
            if open == .f1 { _ = screen.handle(.f1) } else { screen.countdownText = "3" }
            for line in screen.render() {
                let characters = Array(line.text)
                guard let left = characters.firstIndex(where: { "┌│└".contains($0) }),
                    let right = characters.lastIndex(where: { "┐│┘".contains($0) }), right > left
                else { continue }
                #expect(left == 0 || characters[left - 1] == " ", "\(line.text)")
                #expect(right == characters.count - 1 || characters[right + 1] == " ", "\(line.text)")
                #expect(TextWidth.of(line.text) == width)
            }
        }
    }

    /// The help's descriptions start in one column at every width (a wrapped one continues under it), and its
    /// closing paragraph wraps as a paragraph, not split at the key column.
    @Test(arguments: Array(40...120))
    func theHelpsKeyColumnIsAlignedAtEveryWidth(width: Int) {
        let screen = TerminalScreen(layout: TerminalLayout(width: width, height: 24), sourceName: "test")
        let geometry = screen.geometry(of: .help)
        let indent = Overlay.help.hangingIndent
        let paragraph = Overlay.help.lines.last!
        var paragraphLines: [String] = []
        for line in geometry.wrappedLines where !line.isEmpty {
            let characters = Array(line)
            if paragraph.hasPrefix(line) || !paragraphLines.isEmpty {
                paragraphLines.append(line)
                continue
            }
            #expect(characters.count > indent && characters[indent - 1] == " " && characters[indent] != " ", "\(line)")
        }
        #expect(paragraphLines.joined(separator: " ") == paragraph)
    }

    /// Every key the key table of book-search's manual (Sources/book-search/README.md) lists is in the help.
    @Test func theHelpListsEveryKeyTheReadmeLists() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/book-search/README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let table = text.components(separatedBy: "| key | does |").dropFirst().first ?? ""
        let rows = table.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }
        let keys = rows.flatMap { row in
            (row.split(separator: "|").first ?? "").split(whereSeparator: { ",;".contains($0) })
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }.filter { !$0.isEmpty && $0 != "typing" }
        #expect(keys.count > 20)
        let help = Overlay.help.lines.joined(separator: "\n")
        for key in keys {
            let short = key.replacingOccurrences(of: "Ctrl-", with: "-")
            #expect(help.contains(key) || help.contains(short) || (key == "Delete" && help.contains("Del ")), "\(key)")
        }
    }
}
