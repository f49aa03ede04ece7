import BookSearch
import BookSearchTerminal
import RxLiteTest
import Testing

@Suite(.checksResources) struct CommandLineTests {
    @Test func searchWithEveryOption() throws {
        let command = try BookSearchCommand.parse(["search", "swift", "--type", "title", "--pages", "2", "--json"])
        #expect(
            command
                == .search(
                    SearchOptions(query: "swift", queryType: .title, pages: 2, json: true, service: .embeddedCatalog)))
    }

    @Test func noArgumentsIsTheInteractiveAppOnTheCatalogOrAladinWithAKey() throws {
        #expect(try BookSearchCommand.parse([]) == .interactive(.embeddedCatalog))
        #expect(
            try BookSearchCommand.parse([], environment: ["ALADIN_TTB_KEY": "k1"]) == .interactive(.aladin(key: "k1")))
        #expect(
            try BookSearchCommand.parse([], environment: ["ALADIN_TTB_KEY": "  "]) == .interactive(.embeddedCatalog))
        #expect(
            try BookSearchCommand.parse(["--aladin-key", "k2"], environment: ["ALADIN_TTB_KEY": "k1"])
                == .interactive(.aladin(key: "k2")))
        #expect(try BookSearchCommand.parse(["--help"]) == .help)
    }

    @Test(arguments: [
        (["--bogus"], "Unknown option --bogus."),
        (["search", "swift", "--type"], "--type needs a value."),
        (["search", "swift", "--type", "isbn"], "Unknown --type \"isbn\": use keyword, title, author or publisher."),
        (["search", "swift", "--pages", "0"], "--pages needs a number from 1 to 100, not \"0\"."),
        (["search", "swift", "--pages", "--json"], "--pages needs a value."),
        (["search"], "search needs a query: book-search search QUERY"),
        (["search", "  "], "The query is empty: give some text to search for."),
        (["search", "a", "b"], "search takes one query; quote it if it has spaces: book-search search \"a b\""),
        (["find", "a"], "Unknown command \"find\"."),
        (["--aladin-key"], "--aladin-key needs a value."),
        (["--json"], "--type, --pages and --json belong to the search command."),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) { try BookSearchCommand.parse(arguments) }
    }
}
