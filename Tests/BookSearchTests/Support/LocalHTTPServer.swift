import Dispatch
import Foundation
import RxLite
import RxLiteTest

@testable import BookSearch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 for tests: an ephemeral port, one thread that serves one connection at
/// a time (`Connection: close`), every request line recorded. `stop()` closes the socket, wakes a delayed
/// response, and waits for the thread to end, so no thread outlives the server. The thread holds the server, so
/// `stop()` must be called: ``withLocalHTTPServer(route:_:)`` does. With `tls`, it speaks https with the
/// throwaway certificates of ``TLSFiles``.
final class LocalHTTPServer: @unchecked Sendable {
    /// What to answer one request with.
    struct Response: Sendable {
        var status: Int = 200
        var body: Data = Data()
        var contentType = "application/json; charset=utf-8"
        /// How long to wait before answering (for timeout tests), if at all; `stop()` cuts it short.
        /// (`DispatchTimeInterval`, not `Duration`, which needs macOS 13 / iOS 16.)
        var delay: DispatchTimeInterval? = nil
        /// More header fields, e.g. `("Content-Encoding", "gzip")`.
        var headers: [(String, String)] = []
        /// Whether to send `Content-Length`; without it the body ends when the connection closes, so a client
        /// cannot refuse it by its announced size and must count what arrives.
        var sendsContentLength = true
        /// Whether to send the body as `Transfer-Encoding: chunked`, in chunks of 64 KiB (no `Content-Length`).
        var isChunked = false
        /// Bytes sent as they are, in place of a status line, head and body (a cut-short head, a hostile chunk
        /// size); the connection is then closed.
        var raw: Data? = nil

        static func json(_ text: String, status: Int = 200, delay: DispatchTimeInterval? = nil) -> Response {
            Response(status: status, body: Data(text.utf8), delay: delay)
        }
    }

    /// A request as the server read it.
    struct Request: Sendable, Equatable {
        /// The request line, e.g. `GET /ttb/api/ItemSearch.aspx?TTBKey=... HTTP/1.1`.
        let line: String
        var method: String { String(line.split(separator: " ").first ?? "") }
        /// The request target (path and raw, still percent-encoded query).
        var target: String { line.split(separator: " ").dropFirst().first.map(String.init) ?? "" }
        var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }
        var rawQuery: String {
            let parts = target.split(separator: "?", maxSplits: 1)
            return parts.count == 2 ? String(parts[1]) : ""
        }
        /// The query parameters, percent-decoded, in order.
        var parameters: [(name: String, value: String)] {
            rawQuery.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (text: Substring) in String(text).removingPercentEncoding ?? String(text) }
                return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
            }
        }
        /// The value of the parameter `name`, if it appears exactly once.
        func parameter(_ name: String) -> String? {
            let values = parameters.filter { $0.name == name }
            return values.count == 1 ? values[0].value : nil
        }
        static func == (lhs: Request, rhs: Request) -> Bool { lhs.line == rhs.line }
    }

    let port: UInt16
    private let listener: Int32
    private let route: @Sendable (Request) -> Response
    private let recorded = Protected<[Request]>([])
    private let stopping = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let isStopped = RxAtomic<Bool>(false)
    /// The TLS context (OpenSSL's `SSL_CTX`) when serving https; only the server thread uses it after `init`.
    private let tlsContext: OpaquePointer?

    /// Starts serving; `route` chooses the answer for each request; over TLS with `tls`.
    init(tls: TLSFiles? = nil, route: @escaping @Sendable (Request) -> Response) throws {
        self.route = route
        if let tls {
            let ssl = try OpenSSL.shared.get()
            let context = ssl.newContext(ssl.serverMethod())
            guard ssl.useCertificateChainFile(context, tls.certificateChain) == 1,
                ssl.usePrivateKeyFile(context, tls.privateKey, OpenSSL.fileTypePEM) == 1
            else {
                ssl.freeContext(context)
                throw ServerError.tls(ssl.takeErrors() ?? "cannot load \(tls.certificateChain)")
            }
            tlsContext = context
        } else {
            tlsContext = nil
        }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else {
            Self.free(tlsContext)
            throw ServerError.socket(errno)
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            Self.free(tlsContext)
            throw ServerError.socket(errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in
            // A client that stops reading and closes (at its size limit, on a timeout) makes the next write fail.
            // A plain socket is written with MSG_NOSIGNAL; OpenSSL writes with write(2), whose SIGPIPE would kill
            // the whole test process. Blocked on this thread, the signal stays pending and the write fails with
            // EPIPE, which the server handles as a closed connection.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            serve()
            finished.signal()
        }
        thread.name = "LocalHTTPServer:\(port)"
        thread.start()
    }

    private static func free(_ context: OpaquePointer?) {
        if let context, let ssl = try? OpenSSL.shared.get() { ssl.freeContext(context) }
    }

    /// `http://127.0.0.1:<port>/` (`https` when serving TLS) followed by `path`.
    func url(_ path: String = "", host: String = "127.0.0.1") -> URL {
        URL(string: "\(tlsContext == nil ? "http" : "https")://\(host):\(port)/\(path)")!
    }

    /// The requests served so far, in arrival order.
    var requests: [Request] { recorded.withLock { $0 } }

    /// Stops accepting, cuts a pending delay short, and returns once the server thread has ended.
    func stop() {
        if isStopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        stopping.signal()
        // shutdown wakes the thread blocked in accept(); it then sees isStopped and ends.
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
        Self.free(tlsContext)
    }

    private func serve() {
        while !isStopped.load(ordering: .acquiring) {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            let channel = Channel(socket: connection, tlsContext: tlsContext)
            if let channel { handle(channel) }
            channel?.close()
            close(connection)
        }
    }

    private func handle(_ connection: Channel) {
        guard let requestHead = readHead(connection), let line = requestHead.split(separator: "\r\n").first else {
            return
        }
        let request = Request(line: String(line))
        recorded.withLock { $0.append(request) }
        let response = route(request)
        if let delay = response.delay {
            if stopping.wait(timeout: .now() + delay) == .success {
                stopping.signal()  // keep it signalled for the loop and any later wait
                return
            }
        }
        if let raw = response.raw {
            writeAll(connection, raw)
            return
        }
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        head += "Content-Type: \(response.contentType)\r\n"
        if response.isChunked {
            head += "Transfer-Encoding: chunked\r\n"
        } else if response.sendsContentLength {
            head += "Content-Length: \(response.body.count)\r\n"
        }
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Connection: close\r\n\r\n"
        guard response.isChunked else {
            writeAll(connection, Data(head.utf8) + response.body)
            return
        }
        var chunked = Data(head.utf8)
        var offset = 0
        while offset < response.body.count {
            let end = min(offset + 65_536, response.body.count)
            chunked += Data(String(end - offset, radix: 16).utf8) + Data("\r\n".utf8) + response.body[offset..<end]
            chunked += Data("\r\n".utf8)
            offset = end
        }
        writeAll(connection, chunked + Data("0\r\n\r\n".utf8))
    }

    /// Reads up to the blank line that ends the request head (these tests send no request bodies).
    private func readHead(_ connection: Channel) -> String? {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while received.count < 65_536 {
            let count = buffer.withUnsafeMutableBytes { connection.receive($0) }
            if count <= 0 { return nil }
            received += buffer[..<count]
            if received.contains(end) {
                return String(decoding: received, as: UTF8.self)
            }
        }
        return nil
    }

    private func writeAll(_ connection: Channel, _ data: Data) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = connection.send(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// One accepted connection, plain or with TLS (handshake done in `init`).
    private struct Channel {
        let socket: Int32
        let session: OpaquePointer?

        init?(socket: Int32, tlsContext: OpaquePointer?) {
            self.socket = socket
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            guard let tlsContext, let ssl = try? OpenSSL.shared.get() else {
                session = nil
                return
            }
            session = ssl.newSession(tlsContext)
            guard ssl.setDescriptor(session, socket) == 1, ssl.accept(session) == 1 else {
                _ = ssl.takeErrors()  // a client that refused the certificate: nothing to serve
                ssl.freeSession(session)
                return nil
            }
        }

        func receive(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
            guard let session, let ssl = try? OpenSSL.shared.get() else {
                return recv(socket, buffer.baseAddress, buffer.count, 0)
            }
            return Int(ssl.read(session, buffer.baseAddress, Int32(clamping: buffer.count)))
        }

        func send(_ bytes: UnsafeRawBufferPointer) -> Int {
            guard let session, let ssl = try? OpenSSL.shared.get() else {
                return Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            }
            return Int(ssl.write(session, bytes.baseAddress, Int32(clamping: bytes.count)))
        }

        func close() {
            guard let session, let ssl = try? OpenSSL.shared.get() else { return }
            _ = ssl.shutdown(session)
            _ = ssl.takeErrors()
            ssl.freeSession(session)
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 414: "URI Too Long"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    enum ServerError: Error {
        case socket(Int32)
        case tls(String)
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(_ pattern: [UInt8]) -> Bool {
        guard count >= pattern.count else { return false }
        return (0...(count - pattern.count)).contains { self[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
}

/// The throwaway certificates of `Tests/BookSearchFixtures/TLS` (made by `scripts/make-test-certificates`):
/// a CA, and a server certificate it signed for 127.0.0.1 only (so `localhost` does not match).
struct TLSFiles: Sendable {
    let certificateChain: String
    let privateKey: String
    /// The CA to trust in the client.
    let authority: String

    static let testServer: TLSFiles = {
        // Outside the test targets' folders, so that SwiftPM does not take the files for resources.
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("BookSearchFixtures/TLS")
        return TLSFiles(
            certificateChain: directory.appendingPathComponent("server-chain.pem").path,
            privateKey: directory.appendingPathComponent("server.key").path,
            authority: directory.appendingPathComponent("ca.pem").path)
    }()
}

/// Runs `body` with a server answering by `route` (over TLS with `tls`), and stops the server afterwards,
/// whatever `body` did.
func withLocalHTTPServer<T>(
    tls: TLSFiles? = nil,
    route: @escaping @Sendable (LocalHTTPServer.Request) -> LocalHTTPServer.Response,
    _ body: (LocalHTTPServer) async throws -> T
) async throws -> T {
    let server = try LocalHTTPServer(tls: tls, route: route)
    defer { server.stop() }
    return try await body(server)
}
