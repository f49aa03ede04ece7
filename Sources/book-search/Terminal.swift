import BookSearchTerminal
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's original settings, restored on every way out (quit, a signal, a fatal error).
nonisolated(unsafe) private var originalSettings: termios?
nonisolated(unsafe) private var isScreenTaken = false

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
    /// alternate screen and a hidden cursor. `restore()` undoes all of it; calling `takeOver()` again (on resume
    /// after a suspension) applies it again from the settings saved the first time.
    static func takeOver() throws {
        if originalSettings == nil {
            var settings = termios()
            guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
                throw TerminalError("cannot read the terminal settings (\(String(cString: strerror(errno))))")
            }
            originalSettings = settings
            atexit { Terminal.restore() }
        }
        guard var settings = originalSettings else { return }
        cfmakeraw(&settings)
        settings.c_oflag |= tcflag_t(OPOST | ONLCR)  // keep "\n" meaning a new line for messages
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) == 0 else {
            throw TerminalError("cannot switch the terminal to raw mode (\(String(cString: strerror(errno))))")
        }
        isScreenTaken = true
        write(ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.clearScreen)
    }

    /// Puts the terminal back as it was (main screen, cursor, the saved settings); safe to call more than once
    /// and from a signal path. `takeOver()` can take it again.
    static func restore() {
        if isScreenTaken {
            isScreenTaken = false
            write(ANSI.reset + ANSI.showCursor + ANSI.leaveAlternateScreen)
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
