import BookSearch
import BookSearchTerminal
import Dispatch
import Foundation

// book-search: wiring only. Arguments, output, keys, layout and drawing are in BookSearchTerminal (tested there);
// the search logic is in BookSearch.

// Before anything opens a file: a closed stdout or stderr gets a placeholder, so no file lands on its number.
let standardOutput = OutputFile.occupyIfClosed(STDOUT_FILENO)
let standardError = OutputFile.occupyIfClosed(STDERR_FILENO)
// A write to a closed pipe then fails with EPIPE (reported, exit 1) instead of killing the process silently.
signal(SIGPIPE, SIG_IGN)

let environment = ProcessInfo.processInfo.environment
let command: BookSearchCommand
do {
    command = try BookSearchCommand.parse(Array(CommandLine.arguments.dropFirst()), environment: environment)
} catch {
    printError(BookSearchCommand.usageErrorLine(error))
    exit(2)
}

/// The service for `choice`, and its name for the title bar.
func makeService(_ choice: ServiceChoice) -> (any BookSearchService, String) {
    switch choice {
    case .aladin(let options):
        let name =
            options.baseURL == AladinClient.defaultBaseURL ? "Aladin" : "Aladin at \(options.baseURL.host ?? "?")"
        return (AladinClient(ttbKey: options.key, baseURL: options.baseURL), TerminalText.sanitized(name))
    case .embeddedCatalog:
        do {
            let catalog = try EmbeddedCatalog.bundled()
            return (catalog, "embedded catalog (\(catalog.books.count) books)")
        } catch {
            printError("book-search: \(choice.message(for: error))")
            exit(1)
        }
    }
}

/// Writes `text` to stdout, or says why it could not and exits 1 (stdout closed, full, or a pipe nobody reads).
func writeOutput(_ text: String) {
    do {
        try standardOutput.write(text)
    } catch {
        printError("book-search: \(error.description)")
        exit(1)
    }
}

switch command {
case .help:
    writeOutput(BookSearchCommand.usage + "\n")
    exit(0)

case .search(let options):
    let (service, _) = makeService(options.service)
    Task { () async -> Void in
        do throws(BookSearchError) {
            let report = try await SearchReport.fetch(options, from: service)
            writeOutput(options.json ? report.json : report.text)
            // A later page failed: what was loaded is printed above, then why the rest is missing.
            if let failure = report.failure {
                let page = report.failedPage.map { "page \($0) " } ?? ""
                printError("book-search: \(page)failed: \(options.service.message(for: failure))")
                exit(1)
            }
            exit(0)
        } catch {
            printError("book-search: \(options.service.message(for: error))")
            exit(1)
        }
    }
    dispatchMain()

case .interactive(let choice):
    guard Terminal.isInteractive else {
        printError(
            "book-search: the interactive search needs a terminal (stdin and stdout must be a TTY).\n"
                + "For scripts use: book-search search QUERY [--type T] [--pages N] [--json]")
        exit(1)
    }
    guard let layout = Terminal.size() else {
        printError("book-search: cannot read the terminal's size.")
        exit(1)
    }
    guard layout.isUsable else {
        printError("book-search: \(layout.tooSmallMessage)")
        exit(1)
    }
    let (service, name) = makeService(choice)
    do {
        try Terminal.takeOver()
    } catch {
        Terminal.restore()
        printError("book-search: \(error)")
        exit(1)
    }
    MainActor.assumeIsolated {
        let app = InteractiveApp(service: service, choice: choice, sourceName: name, layout: layout)
        app.run()
        // The app lives as long as the process; dispatchMain never returns.
        withExtendedLifetime(app) { dispatchMain() }
    }
}
