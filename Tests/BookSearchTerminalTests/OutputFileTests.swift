import BookSearchTerminal
import Foundation
import RxLiteTest
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.checksResources) struct OutputFileTests {
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
        let pipe = Pipe()
        let descriptor = dup(pipe.fileHandleForWriting.fileDescriptor)
        close(descriptor)
        #expect(throws: OutputFile.WriteError(code: EBADF)) { try OutputFile(descriptor: descriptor).write("x") }
    }

    @Test func aDescriptorClosedAtStartGetsAPlaceholderAndRefusesWrites() throws {
        let descriptor = dup(STDERR_FILENO)
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
