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
    /// Aladin's API with this TTB key.
    case aladin(key: String)

    /// `--aladin-key KEY`, else `ALADIN_TTB_KEY` from `environment`, else the catalog.
    static func choose(key: String?, environment: [String: String]) -> ServiceChoice {
        if let key { return .aladin(key: key) }
        if let key = environment[AladinClient.keyEnvironmentVariable]?.trimmingCharacters(in: .whitespaces),
            !key.isEmpty
        {
            return .aladin(key: key)
        }
        return .embeddedCatalog
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
    /// The usage text printed by `--help` and after a usage error.
    public static let usage = """
        usage: book-search [--aladin-key KEY]
               book-search search QUERY [--type keyword|title|author|publisher] [--pages N] [--json] [--aladin-key KEY]

        Without a command, opens the interactive search (needs a terminal of at least \
        \(TerminalLayout.minimumWidth)x\(TerminalLayout.minimumHeight)).
        Searches the embedded catalog unless --aladin-key KEY or ALADIN_TTB_KEY gives an Aladin TTB key.
        `search` prints one line per book ("N. Title — Author (Publisher, Year) ISBN"), or JSON with --json;
        --pages N fetches the first N pages of \(BookSearchRequest.defaultPageSize) (default 1).
        Exit status: 0 ok, 1 the search failed, 2 usage error.
        """

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError)
        -> BookSearchCommand
    {
        var positional: [String] = []
        var key: String?
        var type: QueryType?
        var pages: Int?
        var json = false
        var index = 0
        func value(for flag: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw UsageError(message: "\(flag) needs a value.")
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h":
                return .help
            case "--aladin-key":
                let given = try value(for: argument).trimmingCharacters(in: .whitespaces)
                guard !given.isEmpty else { throw UsageError(message: "--aladin-key needs a non-empty key.") }
                key = given
            case "--type":
                let given = try value(for: argument)
                guard let parsed = QueryType.allCases.first(where: { $0.rawValue.lowercased() == given.lowercased() })
                else {
                    throw UsageError(
                        message: "Unknown --type \"\(given)\": use keyword, title, author or publisher.")
                }
                type = parsed
            case "--pages":
                let given = try value(for: argument)
                guard let parsed = Int(given), (1...100).contains(parsed) else {
                    throw UsageError(message: "--pages needs a number from 1 to 100, not \"\(given)\".")
                }
                pages = parsed
            case "--json":
                json = true
            case "--":
                positional.append(contentsOf: arguments[(index + 1)...])
                index = arguments.count
                continue
            default:
                if argument.hasPrefix("-") && argument.count > 1 {
                    throw UsageError(message: "Unknown option \(argument).")
                }
                positional.append(argument)
            }
            index += 1
        }
        let service = ServiceChoice.choose(key: key, environment: environment)
        guard let command = positional.first else {
            if type != nil || pages != nil || json {
                throw UsageError(message: "--type, --pages and --json belong to the search command.")
            }
            return .interactive(service)
        }
        guard command == "search" else { throw UsageError(message: "Unknown command \"\(command)\".") }
        guard positional.count >= 2 else { throw UsageError(message: "search needs a query: book-search search QUERY") }
        guard positional.count == 2 else {
            throw UsageError(message: "search takes one query; quote it if it has spaces: book-search search \"a b\"")
        }
        let query = positional[1].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { throw UsageError(message: "The query is empty: give some text to search for.") }
        return .search(
            SearchOptions(query: query, queryType: type ?? .keyword, pages: pages ?? 1, json: json, service: service))
    }
}
