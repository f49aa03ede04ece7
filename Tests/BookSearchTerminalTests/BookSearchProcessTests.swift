import Foundation
import RxLiteTest
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `book-search` executable run as a process, as a script or a person would. `swift test` builds it (the test
/// target depends on it); it is found next to the test bundle, or under `.build/debug`.
@Suite(.serialized, .checksResources) struct BookSearchProcessTests {
    static let executable: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug"),
        ]
        return candidates.map { $0.appendingPathComponent("book-search") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// This process's environment without an Aladin key or base URL: book-search searches its bundled catalog.
    static var catalogEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "ALADIN_TTB_KEY")
        environment.removeValue(forKey: "ALADIN_BASE_URL")
        return environment
    }

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs book-search (or `executable`) with `arguments`, stdin from /dev/null unless `stdin` is given, no
    /// Aladin key or base URL in the environment.
    func run(
        _ arguments: [String], stdin: FileHandle? = nil, stdout: FileHandle? = nil, executable: URL? = nil
    ) throws -> Run {
        let executable = try #require(executable ?? Self.executable, "book-search was not built next to the tests")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = Self.catalogEnvironment
        let out = Pipe()
        let err = Pipe()
        process.standardInput = stdin ?? FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = stdout ?? out
        process.standardError = err
        try process.run()
        let outData = stdout == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    @Test func searchPrintsOneLinePerBookAndTheCount() throws {
        let result = try run(["search", "harry potter", "--type", "title", "--pages", "2"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 2)
        #expect(lines.first?.hasPrefix("1. Harry Potter and the ") == true)
        #expect(lines.first?.contains(" — J. K. Rowling (") == true)
        #expect(
            lines.dropLast().allSatisfy {
                $0.range(of: #"^\d+\. .+ — .+ \(.+, \d{4}\) \d{13}$"#, options: .regularExpression) != nil
            })
        #expect(lines.last?.range(of: #"^\d+ of \d+$"#, options: .regularExpression) != nil)
    }

    @Test func aFullStdoutIsReportedNotACrash() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try run(["search", "the"], stdout: full)
        #expect(result.status == 1)
        #expect(result.stderr == "book-search: cannot write the results to standard output: No space left on device\n")
    }

    @Test func aClosedStdoutIsReportedNotACrash() throws {
        let executable = try #require(Self.executable)
        // The shell runs book-search with file descriptor 1 closed, as `book-search search the >&-` does.
        let result = try run(
            ["-c", "exec \"$0\" search the >&-", executable.path], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 1)
        #expect(result.stderr == "book-search: cannot write the results to standard output: Bad file descriptor\n")
    }

    @Test func helpToAFullStdoutIsReportedToo() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try run(["--help"], stdout: full)
        #expect(result.status == 1)
        #expect(result.stderr.contains("No space left on device"))
    }

    /// The binary copied alone into an empty directory (no resource bundle beside it) still has its catalog.
    @Test func aCopiedBinaryWorksAlone() throws {
        let executable = try #require(Self.executable)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("book-search-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("book-search")
        try FileManager.default.copyItem(at: executable, to: copy)
        let result = try run(["search", "한강", "--type", "author"], executable: copy)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("채식주의자 — 한강 (창비, 2007) 9788936433598"))
    }

    @Test func searchPagesStopAtTheRequestedCount() throws {
        let one = try run(["search", "the", "--pages", "1"])
        let two = try run(["search", "the", "--pages", "2"])
        #expect(one.stdout.split(separator: "\n").count == 11)
        #expect(two.stdout.split(separator: "\n").count == 21)
    }

    @Test func searchJSON() throws {
        let result = try run(["search", "한강", "--type", "author", "--json"])
        #expect(result.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["query"] as? String == "한강")
        #expect(object["type"] as? String == "author")
        let books = try #require(object["books"] as? [[String: Any]])
        #expect(!books.isEmpty)
        #expect(books.allSatisfy { ($0["author"] as? String)?.contains("한강") == true })
    }

    @Test(arguments: [
        (["--bogus"], "Unknown option --bogus."),
        (["search", "swift", "--type"], "--type needs a value."),
        (["search", "swift", "--pages", "many"], "--pages needs a number from 1 to 100"),
        (["search", ""], "The query is empty"),
        (["search"], "search needs a query"),
    ])
    func usageErrorsExitTwoWithOneLineAndSeeHelp(arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("book-search: "))
        #expect(result.stderr.contains(message))
        #expect(result.stderr.hasSuffix(" (see book-search --help)\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!result.stderr.contains("usage: book-search"))
    }

    /// The example of book-search's manual (Sources/book-search/README.md): several books over two pages.
    @Test func theReadmeExampleListsSeveralBooks() throws {
        let result = try run(["search", "programming", "--type", "title", "--pages", "2"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count > 10)
    }

    /// `--json` writes query, type and totalResults before the books, as book-search's manual shows.
    @Test func jsonKeysComeInTheReadmeOrder() throws {
        let result = try run(["search", "한강", "--type=author", "--json"])
        let order = ["\"query\"", "\"type\"", "\"totalResults\"", "\"books\""].map {
            result.stdout.range(of: $0)?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        let title = try #require(result.stdout.range(of: "\"title\""))
        let isbn = try #require(result.stdout.range(of: "\"isbn13\""))
        #expect(title.lowerBound < isbn.lowerBound)
    }

    @Test func searchJSONTypeMatchesTheTextWording() throws {
        let text = try run(["search", "zzzqqq", "--type", "author"])
        let json = try run(["search", "zzzqqq", "--type", "author", "--json"])
        #expect(text.stdout == "No books found for \"zzzqqq\" (author).\n0 of 0\n")
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "author")
    }

    @Test func theInteractiveAppWithoutATerminalSaysSoAndWritesNoEscapeSequence() throws {
        let result = try run([])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("needs a terminal"))
        #expect(!result.stderr.contains("\u{1B}"))
    }

    @Test func theInteractiveAppWithStdinClosedFailsCleanly() throws {
        let pipe = Pipe()
        try pipe.fileHandleForWriting.close()
        let result = try run([], stdin: pipe.fileHandleForReading)
        #expect(result.status == 1)
        #expect(result.stderr.contains("needs a terminal"))
    }

    /// A pseudo-terminal of 30x8: the app refuses it before touching the terminal's settings or screen.
    @Test func aTerminalTooSmallIsRefusedBeforeDrawing() throws {
        // Glibc's module does not import posix_openpt/unlockpt/ptsname; these are their Linux ioctls.
        let getPTYNumber: UInt = 0x8004_5430  // TIOCGPTN
        let setPTYLock: UInt = 0x4004_5431  // TIOCSPTLCK
        let primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(primary >= 0, "no pseudo-terminal available")
        defer { close(primary) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        #expect(ioctl(primary, setPTYLock, &unlock) == 0)
        #expect(ioctl(primary, getPTYNumber, &number) == 0)
        let secondary = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(secondary >= 0)
        var size = winsize(ws_row: 8, ws_col: 30, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(secondary, UInt(TIOCSWINSZ), &size) == 0)
        var before = termios()
        _ = tcgetattr(secondary, &before)
        let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: true)
        let result = try run([], stdin: terminal, stdout: terminal)
        #expect(result.status == 1)
        #expect(result.stderr.contains("The terminal is 30x8; book-search needs at least 40x10."))
        // Nothing was written to the terminal (no alternate screen), and its settings are as they were.
        var pending: Int32 = 0
        #expect(ioctl(primary, UInt(FIONREAD), &pending) == 0)
        #expect(pending == 0)
        var after = termios()
        _ = tcgetattr(secondary, &after)
        #expect(after.c_lflag == before.c_lflag)
    }
}
