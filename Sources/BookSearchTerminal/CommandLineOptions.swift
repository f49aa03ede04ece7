import BookSearch
import Foundation

/// What `book-search` was asked to do, parsed from its arguments.
public enum BookSearchCommand: Equatable, Sendable {
    /// The interactive terminal UI.
    case interactive(ServiceChoice)
    /// `book-search search QUERY [--type T] [--pages N] [--json]`: print results and exit.
    case search(SearchOptions)
    /// `--help`: print the usage and exit 0.
    case help
}

/// Which service answers the searches.
public enum ServiceChoice: Equatable, Sendable {
    /// The bundled catalog: no key, no network.
    case embeddedCatalog
    /// Aladin's API (or a server standing in for it) with a TTB key.
    case aladin(AladinOptions)

    /// `--aladin-key KEY`, else `ALADIN_TTB_KEY` from `environment`, else the catalog; the API root from
    /// `--aladin-url URL`, else `ALADIN_BASE_URL`, else Aladin's. Keys and URLs are trimmed (spaces, tabs,
    /// newlines); a key that is only whitespace counts as none. One rule for both sources of a base URL: given
    /// without a key, it is a usage error (nothing would be sent to it), not a silent switch to the catalog.
    static func choose(key: String?, url: URL?, environment: [String: String]) throws(UsageError) -> ServiceChoice {
        var baseURL = url
        var baseURLSource = "--aladin-url"
        if baseURL == nil, let text = environment[AladinClient.baseURLEnvironmentVariable],
            !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        {
            baseURL = try parseBaseURL(text, source: AladinClient.baseURLEnvironmentVariable)
            baseURLSource = AladinClient.baseURLEnvironmentVariable
        }
        let chosenKey: (String, AladinOptions.Source)?
        if let key {
            chosenKey = (key, .argument)
        } else if let key = environment[AladinClient.keyEnvironmentVariable]?
            .trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty
        {
            chosenKey = (key, .environment)
        } else {
            chosenKey = nil
        }
        guard let (key, source) = chosenKey else {
            if baseURL != nil {
                let unset = baseURLSource == "--aladin-url" ? "" : " (or unset \(baseURLSource) to search the catalog)"
                throw UsageError(
                    message: "\(baseURLSource) needs an Aladin TTB key: give --aladin-key KEY or set ALADIN_TTB_KEY"
                        + "\(unset).")
            }
            return .embeddedCatalog
        }
        return .aladin(AladinOptions(key: key, keySource: source, baseURL: baseURL ?? AladinClient.defaultBaseURL))
    }

    /// `text` as an API root (``AladinClient/validatedBaseURL(_:)``), or a usage error naming `source` and
    /// saying what is wrong with it.
    static func parseBaseURL(_ text: String, source: String) throws(UsageError) -> URL {
        do {
            return try AladinClient.validatedBaseURL(text)
        } catch {
            let shown = TerminalText.sanitized(text.trimmingCharacters(in: .whitespacesAndNewlines)).prefix(200)
            if error == .notAnHTTPURL {
                let verb = source == "--aladin-url" ? "needs" : "must be"
                throw UsageError(message: "\(source) \(verb) an http or https URL with a host, not \"\(shown)\".")
            }
            throw UsageError(message: "\(source) \"\(shown)\" cannot be used: \(error.reason).")
        }
    }
}

/// How to reach Aladin: the key, where it came from (for messages about it), and the API root.
public struct AladinOptions: Equatable, Sendable {
    /// Where a setting came from.
    public enum Source: Equatable, Sendable {
        /// The command line (`--aladin-key`).
        case argument
        /// The environment (`ALADIN_TTB_KEY`).
        case environment
    }

    /// The TTB key, trimmed.
    public var key: String
    /// Where the key came from.
    public var keySource: Source
    /// The API root: Aladin's, or `--aladin-url` / `ALADIN_BASE_URL`.
    public var baseURL: URL

    /// Options with `key` from `keySource`, talking to `baseURL`.
    public init(key: String, keySource: Source, baseURL: URL = AladinClient.defaultBaseURL) {
        self.key = key
        self.keySource = keySource
        self.baseURL = baseURL
    }

    /// How the user gave the key: `--aladin-key` or `ALADIN_TTB_KEY`.
    public var keyOrigin: String {
        keySource == .argument ? "--aladin-key" : AladinClient.keyEnvironmentVariable
    }
}

extension ServiceChoice {
    /// The sentence to show for `error`, safe for a terminal, naming where a rejected key came from.
    public func message(for error: BookSearchError) -> String {
        switch self {
        case .aladin(let options): TerminalText.sanitized(error.description(keySource: options.keyOrigin))
        case .embeddedCatalog: TerminalText.sanitized(error.description)
        }
    }
}

/// The options of the non-interactive `search` command.
public struct SearchOptions: Equatable, Sendable {
    public var query: String
    public var queryType: QueryType
    public var pages: Int
    public var json: Bool
    public var service: ServiceChoice

    public init(query: String, queryType: QueryType, pages: Int, json: Bool, service: ServiceChoice) {
        self.query = query
        self.queryType = queryType
        self.pages = pages
        self.json = json
        self.service = service
    }
}

/// A mistake in the arguments: the message to print (followed by the usage) before exiting with status 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}

extension BookSearchCommand {
    /// The one line printed for a usage error: the message and where to read more.
    public static func usageErrorLine(_ error: UsageError) -> String {
        "book-search: \(error.message) (see book-search --help)"
    }

    /// The usage text printed by `--help`.
    public static let usage = """
        usage: book-search [--aladin-key KEY] [--aladin-url URL]
               book-search search QUERY [--type keyword|title|author|publisher] [--pages N] [--json]
                                        [--aladin-key KEY] [--aladin-url URL]

        Without a command, opens the interactive search (needs a terminal of at least \
        \(TerminalLayout.minimumWidth)x\(TerminalLayout.minimumHeight); F1 lists the keys).
        Searches the embedded catalog (no key, no network) unless --aladin-key KEY or ALADIN_TTB_KEY gives an
        Aladin TTB key; then it searches Aladin over the network, at --aladin-url URL or ALADIN_BASE_URL if given
        (a proxy or a test server; default \(AladinClient.defaultBaseURL.absoluteString)).
        `search` prints one line per book ("N. Title — Author (Publisher, Year) ISBN"), or JSON with --json
        (query, type, totalResults, books: title, author, publisher, publicationDate, isbn13);
        --pages N (1 to 100) fetches the first N pages of \(BookSearchRequest.defaultPageSize) (default 1).
        An option's value may also follow an equals sign: --type=title, --pages=2.
        Exit status: 0 ok, 1 the search failed, 2 usage error.
        """

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError)
        -> BookSearchCommand
    {
        guard let given = try GivenArguments(reading: arguments) else { return .help }
        let service = try ServiceChoice.choose(key: given.key, url: given.url, environment: environment)
        return try command(from: given, service: service)
    }

    /// The command that the words other than options name, with the options `given` and the `service` chosen.
    static func command(from given: GivenArguments, service: ServiceChoice) throws(UsageError) -> BookSearchCommand {
        let positional = given.positional
        guard let command = positional.first else {
            if given.type != nil || given.pages != nil || given.json {
                throw UsageError(message: "--type, --pages and --json belong to the search command.")
            }
            return .interactive(service)
        }
        guard command == "search" else {
            throw UsageError(message: "Unknown command \"\(TerminalText.sanitized(command))\".")
        }
        guard positional.count >= 2 else { throw UsageError(message: "search needs a query: book-search search QUERY") }
        guard positional.count == 2 else {
            throw UsageError(message: "search takes one query; quote it if it has spaces: book-search search \"a b\"")
        }
        let query = positional[1].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { throw UsageError(message: "The query is empty: give some text to search for.") }
        return .search(
            SearchOptions(
                query: query, queryType: given.type ?? .keyword, pages: given.pages ?? 1, json: given.json,
                service: service))
    }
}

/// What the command line gives before it is read as a command: the options' values and the other words in order.
struct GivenArguments {
    var positional: [String] = []
    var key: String?
    var url: URL?
    var type: QueryType?
    var pages: Int?
    var json = false

    /// Reads the options in `arguments`, each checked on its own; `nil` when they ask for help.
    init?(reading arguments: [String]) throws(UsageError) {
        var index = 0
        // The value of `--flag=value`, while that argument is read.
        var inlineValue: String?
        func value(for flag: String) throws(UsageError) -> String {
            if let given = inlineValue {
                guard !given.isEmpty else { throw UsageError(message: "\(flag) needs a value.") }
                return given
            }
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw UsageError(message: "\(flag) needs a value.")
            }
            return arguments[index]
        }
        // Stores in `option` the value after `flag` as `parse` reads it; when it reads nothing, throws a usage error
        // whose message `explain` writes from the value given (sanitized for the terminal). An `inout` option, not a
        // returned value, so that `Value` cannot be inferred as the option's own optional type.
        func read<Value>(
            _ flag: String, into option: inout Value?, parsedBy parse: (String) -> Value?,
            else explain: (String) -> String
        ) throws(UsageError) {
            let given = try value(for: flag)
            guard let parsed = parse(given) else { throw UsageError(message: explain(TerminalText.sanitized(given))) }
            option = parsed
        }
        let flagsWithValues: Set = ["--aladin-key", "--aladin-url", "--type", "--pages"]
        while index < arguments.count {
            var argument = arguments[index]
            inlineValue = nil
            // `--type=title` is `--type title`, for the options that take a value.
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "="),
                flagsWithValues.contains(String(argument[..<equals]))
            {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            switch argument {
            case "--help", "-h":
                return nil
            case "--aladin-key":
                let given = try value(for: argument).trimmingCharacters(in: .whitespacesAndNewlines)
                guard !given.isEmpty else { throw UsageError(message: "--aladin-key needs a non-empty key.") }
                key = given
            case "--aladin-url":
                url = try ServiceChoice.parseBaseURL(try value(for: argument), source: argument)
            case "--type":
                try read(
                    argument, into: &type,
                    parsedBy: { given in QueryType.allCases.first { $0.rawValue.lowercased() == given.lowercased() } },
                    else: { "Unknown --type \"\($0)\": use keyword, title, author or publisher." })
            case "--pages":
                try read(
                    argument, into: &pages, parsedBy: { Int($0).flatMap { (1...100).contains($0) ? $0 : nil } },
                    else: { "--pages needs a number from 1 to 100, not \"\($0)\"." })
            case "--json":
                json = true
            case "--":
                positional.append(contentsOf: arguments[(index + 1)...])
                index = arguments.count
                continue
            default:
                if argument.hasPrefix("-") && argument.count > 1 {
                    throw UsageError(message: "Unknown option \(TerminalText.sanitized(argument)).")
                }
                positional.append(argument)
            }
            index += 1
        }
    }
}
