import BookSearch
import BookSearchTerminal
import Foundation
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
            try BookSearchCommand.parse([], environment: ["ALADIN_TTB_KEY": "k1"])
                == .interactive(.aladin(AladinOptions(key: "k1", keySource: .environment))))
        #expect(
            try BookSearchCommand.parse([], environment: ["ALADIN_TTB_KEY": "  "]) == .interactive(.embeddedCatalog))
        #expect(
            try BookSearchCommand.parse([], environment: ["ALADIN_TTB_KEY": "\n\t"]) == .interactive(.embeddedCatalog))
        #expect(
            try BookSearchCommand.parse(["--aladin-key", "k2"], environment: ["ALADIN_TTB_KEY": "k1"])
                == .interactive(.aladin(AladinOptions(key: "k2", keySource: .argument))))
        #expect(try BookSearchCommand.parse(["--help"]) == .help)
    }

    @Test func keysAreTrimmedOfWhitespaceAndNewlines() throws {
        #expect(
            try BookSearchCommand.parse(["--aladin-key", " k2\r\n"])
                == .interactive(.aladin(AladinOptions(key: "k2", keySource: .argument))))
        #expect(
            try BookSearchCommand.parse([], environment: ["ALADIN_TTB_KEY": "k1\n"])
                == .interactive(.aladin(AladinOptions(key: "k1", keySource: .environment))))
    }

    @Test func theBaseURLComesFromTheArgumentThenTheEnvironment() throws {
        let proxy = try #require(URL(string: "http://127.0.0.1:8080/ttb/api/"))
        let other = try #require(URL(string: "https://other.example/api/"))
        #expect(
            try BookSearchCommand.parse(["--aladin-key", "k", "--aladin-url", proxy.absoluteString])
                == .interactive(.aladin(AladinOptions(key: "k", keySource: .argument, baseURL: proxy))))
        #expect(
            try BookSearchCommand.parse(
                [], environment: ["ALADIN_TTB_KEY": "k", "ALADIN_BASE_URL": proxy.absoluteString])
                == .interactive(.aladin(AladinOptions(key: "k", keySource: .environment, baseURL: proxy))))
        #expect(
            try BookSearchCommand.parse(
                ["--aladin-url", other.absoluteString],
                environment: ["ALADIN_TTB_KEY": "k", "ALADIN_BASE_URL": proxy.absoluteString])
                == .interactive(.aladin(AladinOptions(key: "k", keySource: .environment, baseURL: other))))
        #expect(
            throws: UsageError(message: "ALADIN_BASE_URL must be an http or https URL with a host, not \"localhost\".")
        ) { try BookSearchCommand.parse([], environment: ["ALADIN_TTB_KEY": "k", "ALADIN_BASE_URL": "localhost"]) }
        // Without a key there is nothing to send to the base URL: one rule for both sources, a usage error.
        #expect(
            throws: UsageError(
                message: "ALADIN_BASE_URL needs an Aladin TTB key: give --aladin-key KEY or set ALADIN_TTB_KEY "
                    + "(or unset ALADIN_BASE_URL to search the catalog).")
        ) { try BookSearchCommand.parse([], environment: ["ALADIN_BASE_URL": proxy.absoluteString]) }
    }

    @Test func aRejectedKeyIsNamedByWhereItCameFrom() {
        let error = BookSearchError.invalidKey("잘못된 TTBKey 입니다.")
        let fromArgument = ServiceChoice.aladin(AladinOptions(key: "k", keySource: .argument))
        let fromEnvironment = ServiceChoice.aladin(AladinOptions(key: "k", keySource: .environment))
        #expect(fromArgument.message(for: error).contains("Check the key given by --aladin-key"))
        #expect(fromEnvironment.message(for: error).contains("Check the key given by ALADIN_TTB_KEY"))
    }

    @Test func aServerMessageIsMadeSafeForTheTerminal() {
        let error = BookSearchError.api(code: 1, message: "bad\u{1B}[2J\nquery")
        #expect(ServiceChoice.embeddedCatalog.message(for: error).contains("bad query."))
    }

    @Test func optionsTakeTheirValueAfterAnEqualsSign() throws {
        #expect(
            try BookSearchCommand.parse(["search", "q", "--type=title", "--pages=2"])
                == .search(
                    SearchOptions(query: "q", queryType: .title, pages: 2, json: false, service: .embeddedCatalog)))
        #expect(throws: UsageError(message: "--pages needs a value.")) {
            try BookSearchCommand.parse(["search", "q", "--pages="])
        }
        #expect(throws: UsageError(message: "Unknown option --json=1.")) {
            try BookSearchCommand.parse(["search", "q", "--json=1"])
        }
    }

    @Test func usageMentionsEveryOption() {
        for option in ["--aladin-key", "--aladin-url", "ALADIN_BASE_URL", "--type", "--pages N (1 to 100)", "--json"] {
            #expect(BookSearchCommand.usage.contains(option), "\(option)")
        }
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
        (
            ["--aladin-url", "http://h/"],
            "--aladin-url needs an Aladin TTB key: give --aladin-key KEY or set ALADIN_TTB_KEY."
        ),
        (
            ["--aladin-key", "k", "--aladin-url", "ftp://h/"],
            "--aladin-url needs an http or https URL with a host, not \"ftp://h/\"."
        ),
        (["--\u{1B}[2J"], "Unknown option --."),
        (
            ["--aladin-key", "k", "--aladin-url", "http://h/a%0D%0AX-Injected:%20yes/"],
            "--aladin-url \"http://h/a%0D%0AX-Injected:%20yes/\" cannot be used: its path holds a control character "
                + "(such as %0D or %0A)."
        ),
        (
            ["--aladin-key", "k", "--aladin-url", "http://u:p@h/"],
            "--aladin-url \"http://u:p@h/\" cannot be used: it holds a user name or password; give the key with "
                + "--aladin-key instead."
        ),
        (
            ["--aladin-key", "k", "--aladin-url", "http://h/api/?a=1"],
            "--aladin-url \"http://h/api/?a=1\" cannot be used: it holds a query (?…); give only the API root, the "
                + "search adds its own."
        ),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) { try BookSearchCommand.parse(arguments) }
    }
}
