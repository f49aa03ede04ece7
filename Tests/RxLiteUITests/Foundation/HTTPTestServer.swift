import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain HTTP/1.1 server on 127.0.0.1 for the `URLSession.rx` tests: an ephemeral port, one thread serving one
/// connection at a time (`Connection: close`). A route may answer, or hold the request unanswered until the client
/// closes the connection, which is how a test sees that disposing a subscription cancelled its request.
///
/// The thread holds the server, so `stop()` must be called; ``withHTTPTestServer(route:_:)`` does. (BookSearch's
/// tests have a server with TLS, built on BookSearch's own OpenSSL loader; this one needs neither.)
final class HTTPTestServer: @unchecked Sendable {
    /// What to do with one request.
    enum Reply: Sendable {
        /// Answer with `status`, `body` and `Content-Type: contentType`.
        case respond(status: Int, body: Data, contentType: String)
        /// Send nothing; wait until the client closes the connection (or the server stops).
        case hold

        /// A `200 OK` (or `status`) JSON answer with `text` as its body.
        static func json(_ text: String, status: Int = 200) -> Reply {
            .respond(status: status, body: Data(text.utf8), contentType: "application/json")
        }
    }

    let port: UInt16
    private let listener: Int32
    private let route: @Sendable (_ requestLine: String) -> Reply
    private let requestArrived = DispatchSemaphore(value: 0)
    private let clientClosed = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    // Written under `lock`: by `stop()` and by the server thread (the request lines).
    private let lock = NSLock()
    private var stopped = false
    private var lines: [String] = []

    /// Starts serving; `route` chooses the reply to each request from its request line (`GET /path HTTP/1.1`).
    init(route: @escaping @Sendable (_ requestLine: String) -> Reply) throws {
        self.route = route
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError.socket(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 8) == 0 else {
            close(fd)
            throw ServerError.socket(errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in
            serve()
            finished.signal()
        }
        thread.name = "HTTPTestServer:\(port)"
        thread.start()
    }

    /// `http://127.0.0.1:<port>/` followed by `path`.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)")!
    }

    /// The request lines served so far, in arrival order.
    var requestLines: [String] { lock.withLock { lines } }

    /// Waits up to `seconds` for the next request to arrive; whether it did.
    func waitForRequest(seconds: Int = 10) -> Bool {
        requestArrived.wait(timeout: .now() + .seconds(seconds)) == .success
    }

    /// Waits up to `seconds` for a client to close a connection whose request was held; whether one did.
    func waitForClientToClose(seconds: Int = 10) -> Bool {
        clientClosed.wait(timeout: .now() + .seconds(seconds)) == .success
    }

    /// Stops accepting and returns once the server thread has ended.
    func stop() {
        let wasStopped = lock.withLock {
            defer { stopped = true }
            return stopped
        }
        if wasStopped { return }
        // shutdown wakes the thread blocked in accept(); it then sees `stopped` and ends.
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func serve() {
        while !isStopped {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            // A short receive timeout, so that a held connection notices `stop()`.
            var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        guard let line = readRequestLine(connection) else { return }
        lock.withLock { lines.append(line) }
        requestArrived.signal()
        switch route(line) {
        case .respond(let status, let body, let contentType):
            var head = "HTTP/1.1 \(status) Status\r\nContent-Type: \(contentType)\r\n"
            head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            writeAll(connection, Data(head.utf8) + body)
        case .hold:
            var byte: UInt8 = 0
            while !isStopped {
                let count = recv(connection, &byte, 1, 0)
                if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    clientClosed.signal()
                    return
                }
            }
        }
    }

    /// Reads the request head (these tests send no bodies) and returns its first line.
    private func readRequestLine(_ connection: Int32) -> String? {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var waited = 0
        while received.count < 65_536 {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK, waited < 50, !isStopped {
                waited += 1
                continue
            }
            if count <= 0 { return nil }
            received += buffer[..<count]
            let text = String(decoding: received, as: UTF8.self)
            if text.contains("\r\n\r\n") {
                return text.components(separatedBy: "\r\n").first
            }
        }
        return nil
    }

    private func writeAll(_ connection: Int32, _ data: Data) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = send(connection, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if written <= 0 { return }
                offset += written
            }
        }
    }

    enum ServerError: Error {
        case socket(Int32)
    }
}

/// Runs `body` with a server answering by `route`, and stops the server afterwards, whatever `body` did.
func withHTTPTestServer<T>(
    route: @escaping @Sendable (_ requestLine: String) -> HTTPTestServer.Reply,
    _ body: (HTTPTestServer) async throws -> T
) async throws -> T {
    let server = try HTTPTestServer(route: route)
    defer { server.stop() }
    return try await body(server)
}
