import Foundation
import RxLiteTest
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Whether this process (and so the book-search built with it) runs under ThreadSanitizer.
private let isThreadSanitized = dlsym(nil, "__tsan_init") != nil

/// The interactive app in a pseudo-terminal, killed by a fatal signal while it owns the screen: the terminal is
/// given back (main screen, cursor shown, the tty mode as it was) before the process dies of that signal.
///
/// Not under ThreadSanitizer (CI's second pass): its runtime, built into the book-search it runs too, takes the
/// fatal signals over to print its own report, so what is tested here is then the sanitizer's behaviour.
@Suite(
    .serialized, .checksResources, .disabled(if: isThreadSanitized, "the sanitizer runtime takes over fatal signals"))
struct TerminalRestoreProcessTests {
    /// A pseudo-terminal pair of 80x24 (Glibc's module does not import posix_openpt, so the Linux ioctls).
    struct PseudoTerminal {
        let primary: Int32
        let secondary: Int32

        init() throws {
            let getPTYNumber: UInt = 0x8004_5430  // TIOCGPTN
            let setPTYLock: UInt = 0x4004_5431  // TIOCSPTLCK
            primary = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_NONBLOCK)
            try #require(primary >= 0, "no pseudo-terminal available")
            var unlock: Int32 = 0
            var number: UInt32 = 0
            _ = ioctl(primary, setPTYLock, &unlock)
            _ = ioctl(primary, getPTYNumber, &number)
            secondary = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            try #require(secondary >= 0)
            var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(secondary, UInt(TIOCSWINSZ), &size)
        }

        /// Reads what the app wrote until `done` holds for all of it, or `seconds` pass.
        func read(into output: inout [UInt8], seconds: Double, until done: ([UInt8]) -> Bool) {
            let deadline = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while !done(output) && Date() < deadline {
                var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 50) > 0 else { continue }
                let count = Glibc.read(primary, &buffer, buffer.count)
                if count > 0 { output += buffer[..<count] } else if count == 0 || errno != EAGAIN { return }
            }
        }

        func close() {
            Glibc.close(secondary)
            Glibc.close(primary)
        }
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        lastIndex(of: text, in: bytes) != nil
    }

    static func lastIndex(of text: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(text.utf8)
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).last { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    struct Crash {
        let signal: Int32
        let output: [UInt8]
        let stderr: String
        let settingsRestored: Bool
    }

    /// Runs the interactive app on a pseudo-terminal, sends `signal` once it has drawn (or, with `nil`, lets it
    /// trap by itself: `BOOK_SEARCH_TEST_TRAP`), and returns how it ended.
    func crash(with signal: Int32?, backtrace: Bool) throws -> Crash {
        let executable = try #require(BookSearchProcessTests.executable)
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        var before = termios()
        _ = tcgetattr(terminal.secondary, &before)
        let process = Process()
        process.executableURL = executable
        var environment = BookSearchProcessTests.catalogEnvironment
        environment["SWIFT_BACKTRACE"] = backtrace ? "enable=yes,interactive=no,symbolicate=off" : "enable=no"
        if signal == nil { environment["BOOK_SEARCH_TEST_TRAP"] = "1" }
        process.environment = environment
        let handle = FileHandle(fileDescriptor: terminal.secondary, closeOnDealloc: false)
        // A file, not a pipe: a crash report larger than a pipe's buffer would block the crashing process.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("book-search-crash-\(UUID())")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let err = try FileHandle(forWritingTo: errURL)
        defer { try? err.close() }
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = err
        try process.run()
        var output: [UInt8] = []
        terminal.read(into: &output, seconds: 10) { Self.contains($0, "Type to search") }
        try #require(Self.contains(output, "Type to search"), "the app did not draw")
        if let signal { kill(process.processIdentifier, signal) }
        // Keep reading the terminal while the process ends: a crash report written to it must not fill it up.
        terminal.read(into: &output, seconds: 10) { _ in !process.isRunning }
        process.waitUntilExit()
        terminal.read(into: &output, seconds: 0.1) { _ in false }
        let errData = (try? Data(contentsOf: errURL)) ?? Data()
        var after = termios()
        _ = tcgetattr(terminal.secondary, &after)
        return Crash(
            signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : 0, output: output,
            stderr: String(decoding: errData, as: UTF8.self),
            settingsRestored: after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag
                && after.c_oflag == before.c_oflag)
    }

    @Test(arguments: [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV])
    func aFatalSignalGivesTheTerminalBack(signal: Int32) throws {
        let crash = try crash(with: signal, backtrace: false)
        #expect(crash.signal == signal)
        let entered = try #require(Self.lastIndex(of: "\u{1B}[?1049h", in: crash.output))
        let left = Self.lastIndex(of: "\u{1B}[?1049l", in: crash.output)
        let shown = Self.lastIndex(of: "\u{1B}[?25h", in: crash.output)
        #expect(left.map { $0 > entered } == true, "the alternate screen was left on")
        #expect(shown.map { $0 > entered } == true, "the cursor was left hidden")
        for mode in ["1000", "1006", "2004"] {
            let on = try #require(Self.lastIndex(of: "\u{1B}[?\(mode)h", in: crash.output))
            let off = Self.lastIndex(of: "\u{1B}[?\(mode)l", in: crash.output)
            #expect(off.map { $0 > on } == true, "private mode \(mode) (mouse reports, bracketed paste) was left on")
        }
        let restored = crash.settingsRestored
        #expect(restored, "the tty was left in raw mode")
    }

    /// A real Swift runtime trap (`preconditionFailure`: `ud2` on x86-64, `brk` on arm64), raised by the kernel:
    /// the handler returns, the trap happens again with the default action, and the process dies of it.
    @Test(arguments: [false, true])
    func aSwiftRuntimeTrapGivesTheTerminalBack(backtrace: Bool) throws {
        let crash = try crash(with: nil, backtrace: backtrace)
        #expect(crash.signal == SIGILL || crash.signal == SIGTRAP)
        let entered = try #require(Self.lastIndex(of: "\u{1B}[?1049h", in: crash.output))
        let left = Self.lastIndex(of: "\u{1B}[?1049l", in: crash.output)
        #expect(left.map { $0 > entered } == true, "the alternate screen was left on")
        let restored = crash.settingsRestored
        #expect(restored)
        if backtrace {
            #expect(crash.stderr.contains("Program crashed") || Self.contains(crash.output, "crashed"))
        }
    }

    /// The Swift runtime's crash report still prints, on the normal screen: after the terminal was given back.
    /// (SIGILL, as a Swift runtime trap raises on x86-64.)
    @Test func theCrashReportStillPrintsAfterTheTerminalIsBack() throws {
        let crash = try crash(with: SIGILL, backtrace: true)
        #expect(crash.signal == SIGILL)
        let left = try #require(Self.lastIndex(of: "\u{1B}[?1049l", in: crash.output))
        let report = Self.lastIndex(of: "crashed", in: crash.output)
        #expect(report.map { $0 > left } == true || crash.stderr.contains("Program crashed"), "no crash report")
        let restored = crash.settingsRestored
        #expect(restored)
    }
}
