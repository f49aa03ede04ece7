import BookSearchTerminal
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's original settings, restored on every way out (quit, a signal, a fatal error).
nonisolated(unsafe) private var originalSettings: termios?
nonisolated(unsafe) private var isScreenTaken = false {
    didSet { FatalSignals.state?.pointee.isScreenTaken = isScreenTaken ? 1 : 0 }
}

/// Restores the terminal when the process dies of a fatal signal: SIGILL and SIGTRAP (a Swift runtime trap:
/// `ud2` on x86-64, `brk` on arm64), SIGABRT, SIGBUS, SIGFPE, SIGSEGV.
///
/// The handler leaves the alternate screen, shows the cursor and puts the saved tty settings back, then calls the
/// handler that was there before (the Swift runtime's crash reporter, which so prints on the normal screen), and
/// the process ends with the signal's default action. It only calls `write`, `tcsetattr`, `sigaction` and `raise`
/// (all async-signal-safe) and the previous handler, on memory prepared by `install` before any handler exists:
/// nothing is allocated or lazily initialised while the process is crashing.
private enum FatalSignals {
    static let numbers: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]

    /// Everything the handler reads. Written only outside the handler (before installing, or on take-over and
    /// restore), as whole words.
    struct State {
        var isScreenTaken: sig_atomic_t = 0
        var hasSettings: sig_atomic_t = 0
        var settings = termios()
        /// The escape sequences that give the normal screen back, as bytes.
        var restoreBytes: (UnsafeMutablePointer<UInt8>, Int)
        /// The actions replaced, by signal number.
        var previous: UnsafeMutablePointer<sigaction>
    }

    nonisolated(unsafe) static var state: UnsafeMutablePointer<State>?

    /// Installs the handler once, with `settings` as the tty mode to restore.
    static func install(settings: termios) {
        guard state == nil else { return }
        let restore = Array(ANSI.giveBack.utf8)
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: restore.count)
        bytes.initialize(from: restore, count: restore.count)
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        let prepared = UnsafeMutablePointer<State>.allocate(capacity: 1)
        prepared.initialize(
            to: State(hasSettings: 1, settings: settings, restoreBytes: (bytes, restore.count), previous: previous))
        state = prepared
        for number in numbers {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { number, info, context in
                FatalSignals.handle(number, info, context)
            }
            action.sa_flags = Int32(SA_SIGINFO | SA_ONSTACK)
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, previous + Int(number))
        }
    }

    private static func handle(
        _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
    ) {
        guard let state else { return }
        if state.pointee.isScreenTaken != 0 {
            state.pointee.isScreenTaken = 0
            var offset = 0
            let (bytes, count) = state.pointee.restoreBytes
            while offset < count {
                let written = Glibc.write(STDOUT_FILENO, bytes + offset, count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        if state.pointee.hasSettings != 0 {
            tcsetattr(STDIN_FILENO, TCSANOW, &state.pointee.settings)
        }
        // Hand the signal on: call the handler that was there before (the Swift runtime's crash reporter), then
        // make sure the process ends with this signal. A fault the kernel raised (a trap, a bad address: si_code
        // above zero) happens again when the handler returns, now with the default action; one sent by a process
        // or by abort() is sent again, and arrives once this handler has returned (it is blocked until then). The
        // reporter is called, not re-raised to: for a signal sent from outside it reports and returns, and the
        // process would carry on.
        let previous = state.pointee.previous[Int(number)]
        let handler = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
        if handler != unsafeBitCast(SIG_DFL, to: Int.self) && handler != unsafeBitCast(SIG_IGN, to: Int.self) {
            if previous.sa_flags & Int32(SA_SIGINFO) != 0 {
                previous.__sigaction_handler.sa_sigaction?(number, info, context)
            } else {
                previous.__sigaction_handler.sa_handler?(number)
            }
        }
        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&defaultAction.sa_mask)
        sigaction(number, &defaultAction, nil)
        if (info?.pointee.si_code ?? 0) <= 0 { raise(number) }
    }
}

enum Terminal {
    /// Whether stdin and stdout are both a terminal.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// The window size, or `nil` when it cannot be read.
    static func size() -> TerminalLayout? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalLayout(width: Int(size.ws_col), height: Int(size.ws_row))
    }

    /// Raw mode (no echo, no line buffering, no signals from keys: Ctrl-C and Ctrl-Z arrive as keys), the
    /// alternate screen, bracketed paste and mouse reports (``ANSI/takeOver``). `restore()` undoes all of it; calling `takeOver()` again (on resume
    /// after a suspension) applies it again from the settings saved the first time.
    static func takeOver() throws {
        if originalSettings == nil {
            var settings = termios()
            guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
                throw TerminalError("cannot read the terminal settings (\(String(cString: strerror(errno))))")
            }
            originalSettings = settings
            atexit { Terminal.restore() }
            FatalSignals.install(settings: settings)
        }
        guard var settings = originalSettings else { return }
        cfmakeraw(&settings)
        settings.c_oflag |= tcflag_t(OPOST | ONLCR)  // keep "\n" meaning a new line for messages
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) == 0 else {
            throw TerminalError("cannot switch the terminal to raw mode (\(String(cString: strerror(errno))))")
        }
        isScreenTaken = true
        write(ANSI.takeOver)
    }

    /// Puts the terminal back as it was (main screen, cursor, the saved settings); safe to call more than once
    /// and from a signal path. `takeOver()` can take it again.
    static func restore() {
        if isScreenTaken {
            isScreenTaken = false
            write(ANSI.giveBack)
        }
        if var settings = originalSettings {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        }
    }

    /// Writes all of `text` to stdout.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

struct TerminalError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Prints `message` to stderr; if even that fails there is no one left to tell.
func printError(_ message: String) {
    try? standardError.write(message + "\n")
}
