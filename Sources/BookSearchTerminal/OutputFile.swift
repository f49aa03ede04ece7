#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to a file descriptor and reports a failure instead of trapping.
///
/// `FileHandle.write(_:)` raises (a `try!` inside Foundation) when stdout is closed (`>&-`), full (`> /dev/full`)
/// or a pipe with no reader; the app must instead say so on stderr and exit 1. The caller ignores `SIGPIPE` so a
/// closed pipe comes back as `EPIPE`.
public struct OutputFile: Sendable {
    /// Why a write failed: the error number and the system's text for it.
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        /// The `errno` of the failed write.
        public let code: Int32

        /// A failure with `errno` `code`.
        public init(code: Int32) {
            self.code = code
        }

        /// "cannot write the results to standard output: No space left on device".
        public var description: String {
            "cannot write the results to standard output: \(String(cString: strerror(code)))"
        }
    }

    /// The descriptor written to.
    public let descriptor: Int32
    /// Whether the descriptor was closed when the process started (see ``occupyIfClosed(_:)``): every write
    /// fails with `EBADF`.
    public let wasClosed: Bool

    /// Writes to `descriptor`, which the caller keeps open; `wasClosed` makes every write fail with `EBADF`.
    public init(descriptor: Int32, wasClosed: Bool = false) {
        self.descriptor = descriptor
        self.wasClosed = wasClosed
    }

    /// If `descriptor` is closed (`book-search search x >&-`), opens `/dev/null` on it and returns a file that
    /// refuses every write with `EBADF`; else returns a plain file. Call it first thing: with descriptor 1 closed,
    /// the next file the process opens (Foundation opens several) would get number 1, and results written "to
    /// stdout" would go into it or fail with a puzzling error.
    public static func occupyIfClosed(_ descriptor: Int32) -> OutputFile {
        guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { return OutputFile(descriptor: descriptor) }
        let placeholder = open("/dev/null", O_WRONLY)
        if placeholder >= 0 && placeholder != descriptor {
            dup2(placeholder, descriptor)
            close(placeholder)
        }
        return OutputFile(descriptor: descriptor, wasClosed: true)
    }

    /// Writes all of `text`, retrying interrupted and partial writes; throws on the first failure.
    public func write(_ text: String) throws(WriteError) {
        if wasClosed { throw WriteError(code: EBADF) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteError(code: errno)
            }
            offset += written
        }
    }
}
