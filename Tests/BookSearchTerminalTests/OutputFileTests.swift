import BookSearchTerminal
import Foundation
import RxLiteTest
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.checksResources) struct OutputFileTests {
    /// A descriptor number near the top of the process's limit. The suites run in parallel in one process and
    /// `open`, `pipe` and `socket` take the lowest free number, so a low number closed here could be taken by
    /// another test at once: a write to it would land in that test's pipe or socket (or kill the runner with
    /// SIGPIPE), and closing it would close that test's file. A number this high is never handed out.
    static func unusedDescriptor(_ offset: Int32) -> Int32 {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return Int32(clamping: min(limit.rlim_cur, 4096)) - 1 - offset
    }

    @Test func aFullDeviceIsAnErrorNotACrash() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: OutputFile.WriteError(code: ENOSPC)) {
            try OutputFile(descriptor: descriptor).write("1. a book\n")
        }
        #expect(
            OutputFile.WriteError(code: ENOSPC).description.hasPrefix("cannot write the results to standard output: "))
    }

    @Test func aClosedDescriptorIsAnError() throws {
        let descriptor = Self.unusedDescriptor(0)
        try #require(fcntl(descriptor, F_GETFD) == -1)
        #expect(throws: OutputFile.WriteError(code: EBADF)) { try OutputFile(descriptor: descriptor).write("x") }
    }

    @Test func aDescriptorClosedAtStartGetsAPlaceholderAndRefusesWrites() throws {
        let descriptor = Self.unusedDescriptor(1)
        try #require(dup2(STDERR_FILENO, descriptor) == descriptor)
        close(descriptor)
        let file = OutputFile.occupyIfClosed(descriptor)
        defer { close(descriptor) }
        #expect(file.wasClosed)
        #expect(fcntl(descriptor, F_GETFD) != -1)  // taken by /dev/null: no other file can get this number
        #expect(throws: OutputFile.WriteError(code: EBADF)) { try file.write("x") }
        #expect(!OutputFile.occupyIfClosed(STDERR_FILENO).wasClosed)
    }

    @Test func everythingIsWritten() throws {
        let pipe = Pipe()
        let text = String(repeating: "채식주의자 ", count: 1000)
        try OutputFile(descriptor: pipe.fileHandleForWriting.fileDescriptor).write(text)
        try pipe.fileHandleForWriting.close()
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == text)
    }
}
