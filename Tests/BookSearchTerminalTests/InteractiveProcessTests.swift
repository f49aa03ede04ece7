import Foundation
import RxLiteTest
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive app in a pseudo-terminal of 80x24, searching the bundled catalog, driven by the bytes a
/// terminal sends and read back through ``ScreenEmulator``: text typed one code point per read, many keys in one
/// read, the cursor, the mouse, and the terminal as it is left on the way out.
///
/// The waits sleep as tasks between polls rather than block: the suites run in parallel on the cooperative
/// pool's few threads (two here), and a test that holds one for seconds delays every other suite's awaits.
@Suite(.serialized, .checksResources) struct InteractiveProcessTests {
    /// A running book-search on a pseudo-terminal.
    final class Session {
        let terminal: TerminalRestoreProcessTests.PseudoTerminal
        let process = Process()
        var screen = ScreenEmulator()

        private init() throws {
            let executable = try #require(BookSearchProcessTests.executable)
            terminal = try TerminalRestoreProcessTests.PseudoTerminal()
            process.executableURL = executable
            process.environment = BookSearchProcessTests.catalogEnvironment
            let handle = FileHandle(fileDescriptor: terminal.secondary, closeOnDealloc: false)
            process.standardInput = handle
            process.standardOutput = handle
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
        }

        /// The app started, once it has drawn its start screen.
        static func start() async throws -> Session {
            let session = try Session()
            let drawn = await session.wait { $0.text.contains("Type a title") }
            try #require(drawn, "the app did not draw its start screen")
            return session
        }

        deinit {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            terminal.close()
        }

        /// Writes `text` to the terminal in one write, as a terminal sends keys arriving together.
        func send(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.write(terminal.primary, $0.baseAddress, $0.count) }
        }

        /// Reads what the app draws until `done` holds for the screen, for at most `seconds`.
        @discardableResult
        func wait(seconds: Double = 20, until done: (ScreenEmulator) -> Bool) async -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while !done(screen) && Date() < deadline {
                var descriptor = pollfd(fd: terminal.primary, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 0) > 0 else {
                    try? await Task.sleep(nanoseconds: 20_000_000)
                    continue
                }
                let count = Glibc.read(terminal.primary, &buffer, buffer.count)
                if count > 0 { screen.feed(Array(buffer[..<count])) } else if count == 0 || errno != EAGAIN { break }
            }
            return done(screen)
        }

        /// Waits for the app to end, reading what it draws on the way out; its exit status.
        func exitStatus() async -> Int32 {
            await wait(seconds: 10) { _ in !self.process.isRunning }
            process.waitUntilExit()
            await wait(seconds: 0.2) { _ in false }
            return process.terminationStatus
        }

        /// Ctrl-C, then the exit status once the app has ended (and drawn its last bytes).
        func quit() async -> Int32 {
            send("\u{03}")
            return await exitStatus()
        }
    }

    /// The five reported crashes: each character sent as its code points, one per write and so one per read.
    /// The app keeps running, shows the joined character, and its cursor stays after it.
    @Test func textArrivingOneCodePointAtATimeIsJoinedNotACrash() async throws {
        let session = try await Session.start()
        let sequences = ["👨\u{200D}👩\u{200D}👧", "e\u{0301}", "🇰🇷", "👍🏽", "\u{1112}\u{1161}"]
        for sequence in sequences {
            for scalar in sequence.unicodeScalars {
                session.send(String(scalar))
                try await Task.sleep(nanoseconds: 30_000_000)  // apart, so that each code point is its own read
            }
            let joined = await session.wait(seconds: 5) { $0.row(1).contains(sequence) }
            #expect(joined, "\(EscapedText.escape(sequence)) was not drawn joined")
            #expect(session.process.isRunning, "the app ended after \(EscapedText.escape(sequence))")
            session.send("\u{15}")  // Ctrl-U: clear the text
            await session.wait(seconds: 5) { $0.row(1).trimmingCharacters(in: .whitespaces) == "Search:" }
        }
        #expect(await session.quit() == 0)
    }

    /// 100 Downs in one write, at the start of a search of 274 books loaded ten at a time: the selection ends on
    /// book 101 once the pages it needs have come, not at the first page boundary.
    @Test func aHundredDownsInOneWriteAreAllApplied() async throws {
        let session = try await Session.start()
        session.send("e")
        let searched = await session.wait { $0.text.contains(" of 274") }
        try #require(searched, "the search did not show its first page")
        session.send(String(repeating: "\u{1B}[B", count: 100))
        let reached = await session.wait { screen in (4..<20).contains { screen.row($0).hasPrefix("› 101. ") } }
        #expect(reached, "the selection did not reach book 101:\n\(session.screen.text)")
        #expect(await session.quit() == 0)
    }

    /// The terminal's own cursor is shown at the insertion point of the search field, and no bar is drawn.
    @Test func theTerminalCursorIsAtTheInsertionPoint() async throws {
        let session = try await Session.start()
        session.send("한강x\u{1B}[D")  // 한 and 강 take two columns each; Left goes back before x
        let placed = await session.wait(seconds: 10) {
            $0.row(1).hasPrefix(" Search: 한강x ") && $0.cursor == (1, 13)
        }
        #expect(placed, "cursor at \(session.screen.cursor): \(session.screen.row(1))")
        #expect(session.screen.row(23).hasPrefix(" Tab field  Ctrl-T countdown  Ctrl-G help  Ctrl-C quit"))
        #expect(session.screen.modes.contains(25))
        #expect(!session.screen.row(1).contains("▏"))
        session.send("\u{07}")  // Ctrl-G: the help takes the keys, and the cursor is hidden under it
        let hidden = await session.wait(seconds: 10) { $0.text.contains("┌ Keys ") && !$0.modes.contains(25) }
        #expect(hidden)
        #expect(await session.quit() == 0)
    }

    /// Mouse reports are asked for when the app takes the terminal and turned off on the way out, with the
    /// alternate screen and bracketed paste; the wheel and a click work on the list.
    @Test func theMouseWorksAndIsGivenBackOnQuit() async throws {
        let session = try await Session.start()
        #expect(session.screen.modes.isSuperset(of: [1000, 1006, 2004, 1049]))
        session.send("e")
        let searched = await session.wait { $0.text.contains(" of 274") }
        try #require(searched)
        session.send("\u{1B}[<65;10;8M\u{1B}[<65;10;8M")  // the wheel down, two notches: book 7
        let wheeled = await session.wait(seconds: 10) { $0.row(10).hasPrefix("›  7. ") }
        #expect(wheeled, "\(session.screen.text)")
        session.send("\u{1B}[<0;10;7M")  // a click on the third row shown (row 7 counted from 1): book 3
        let clicked = await session.wait(seconds: 10) { $0.row(6).hasPrefix("›  3. ") }
        #expect(clicked, "\(session.screen.text)")
        session.send("\u{1B}[<0;10;7M")  // again: its details
        let opened = await session.wait(seconds: 10) { $0.text.contains("┌ Book ") }
        #expect(opened)
        #expect(await session.quit() == 0)
        #expect(session.screen.modes.intersection([1000, 1006, 2004, 1049]).isEmpty)
        #expect(session.screen.modes.contains(25))
        #expect(session.screen.modeChanges.suffix(5) == ["-1006", "-1000", "-2004", "+25", "-1049"])
    }

    /// SIGTERM (and SIGINT, SIGHUP, SIGQUIT, which take the same path) gives the terminal back too.
    @Test func aTerminatingSignalGivesTheMouseBack() async throws {
        let session = try await Session.start()
        session.process.terminate()
        #expect(await session.exitStatus() == 128 + SIGTERM)
        #expect(session.screen.modes.intersection([1000, 1006, 2004, 1049]).isEmpty)
    }
}
