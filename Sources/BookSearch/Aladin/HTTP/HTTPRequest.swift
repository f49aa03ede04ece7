#if canImport(Glibc)
    import Dispatch
    import Foundation
    import Glibc
    import RxLite

    /// One GET over HTTP/1.1 on a socket of our own, plain for `http://` and with TLS (OpenSSL) for `https://`.
    ///
    /// Why not URLSession: on Linux it hands the body to its delegate through a queue while libcurl keeps reading and
    /// inflating (it inflates gzip whatever was asked for), so a stop at the size limit comes late, after far more
    /// than the limit is in memory (book-search's README has the measurements). Reading the socket ourselves, nothing
    /// past `limit` is ever held:
    /// - the request asks for `Accept-Encoding: identity`, and an answer with another `Content-Encoding` is refused
    ///   before its body is read (nothing is ever inflated);
    /// - the head may be 64 KiB at most; an announced `Content-Length` above `limit` is refused at once, and a body
    ///   (plain, chunked, or up to the connection's close) is read into at most `limit` bytes;
    /// - no redirect is followed: a 3xx is returned with its `Location`, for the caller to report;
    /// - interim `1xx` answers are skipped (at most a few);
    /// - the deadline and cancellation are checked at least every 50 ms while waiting.
    /// The request line is built from the URL's percent-encoded path and query, checked to be printable ASCII, so
    /// nothing in a URL can add a header; an IPv6 host is bracketed in `Host`.
    struct HTTPRequest: Sendable {
        let url: URL
        let headers: [(String, String)]
        let limit: Int
        let timeout: TimeInterval
        /// A PEM file of the certificates to trust for https, in place of the system's (tests use a throwaway CA).
        var trustedCertificatesFile: String? = nil

        /// Set from any thread to make a running `perform()` end with `.cancelled`.
        final class Cancellation: Sendable {
            private let flag = RxAtomic<Bool>(false)
            var isCancelled: Bool { flag.load(ordering: .acquiring) }
            func cancel() { flag.store(true, ordering: .releasing) }
        }

        private static let maximumHeadBytes = 64 << 10
        private static let maximumInterimAnswers = 4

        /// The host as the socket and the certificate check want it (an IPv6 address without brackets).
        static func bareHost(of url: URL) -> String? {
            guard var host = url.host, !host.isEmpty else { return nil }
            if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            return host
        }

        /// The request target: the URL's percent-encoded path (`/` if empty) and query, or `nil` when either holds a
        /// byte that cannot stand in a request line (a control character, a space, non-ASCII).
        static func requestTarget(of url: URL) -> String? {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
            var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            if let query = components.percentEncodedQuery { target += "?" + query }
            guard HTTPTarget.isPrintableASCII(target) else { return nil }
            return target
        }

        /// The `Host` field's value: the host (bracketed when it is an IPv6 address) and the port if the URL has one.
        static func hostField(of url: URL) -> String? {
            guard let host = bareHost(of: url) else { return nil }
            let shown = host.contains(":") ? "[\(host)]" : host
            return shown + (url.port.map { ":\($0)" } ?? "")
        }

        /// The answer; blocks the calling thread (run it off the cooperative pool).
        func perform(_ cancellation: Cancellation) throws(BookSearchError) -> HTTPAnswer {
            let deadline = DispatchTime.now() + timeout
            let isSecure = url.scheme?.lowercased() == "https"
            guard let host = Self.bareHost(of: url), let hostField = Self.hostField(of: url) else {
                throw .network("the URL \(url) has no host")
            }
            guard let target = Self.requestTarget(of: url) else {
                throw .invalidRequest("the URL's path holds characters a request cannot carry")
            }
            let port = url.port ?? (isSecure ? 443 : 80)
            let socket = try Self.connect(host: host, port: port, deadline: deadline, cancellation)
            let connection = Connection(socket: socket, deadline: deadline, cancellation: cancellation)
            if isSecure {
                try connection.startTLS(host: host, trustedCertificatesFile: trustedCertificatesFile)
            }
            var request = "GET \(target) HTTP/1.1\r\nHost: \(hostField)\r\n"
            for (name, value) in headers { request += "\(name): \(value)\r\n" }
            request += "Accept-Encoding: identity\r\nConnection: close\r\n\r\n"
            try connection.send(Array(request.utf8))

            var reader = SocketReader(connection: connection)
            var interimAnswers = 0
            var head = try reader.readHead(maximum: Self.maximumHeadBytes)
            var (status, fields) = try Self.parseHead(head)
            while (100...199).contains(status) && status != 101 && interimAnswers < Self.maximumInterimAnswers {
                interimAnswers += 1
                head = try reader.readHead(maximum: Self.maximumHeadBytes)
                (status, fields) = try Self.parseHead(head)
            }
            if (100...199).contains(status) {
                throw .malformedResponse("the server answered only with HTTP \(status), not with a result")
            }
            if (300...399).contains(status) {
                return HTTPAnswer(status: status, body: Data(), location: fields["location"])
            }
            if let encoding = fields["content-encoding"], encoding.lowercased() != "identity" {
                throw .malformedResponse("the answer is compressed (\(encoding)) though none was asked for")
            }
            if fields["transfer-encoding"]?.lowercased().contains("chunked") == true {
                return HTTPAnswer(status: status, body: try reader.readChunkedBody(limit: limit))
            }
            if let lengthText = fields["content-length"] {
                guard let length = Int(lengthText.trimmingCharacters(in: .whitespaces)), length >= 0 else {
                    throw .malformedResponse("its Content-Length \"\(lengthText.prefix(40))\" is not a number")
                }
                if length > limit { throw .responseTooLarge(limit: limit) }
                return HTTPAnswer(status: status, body: try reader.readBody(length: length))
            }
            return HTTPAnswer(status: status, body: try reader.readBodyToEnd(limit: limit))
        }

        /// The status code and the header fields (names lowercased; a repeated field keeps its last value).
        static func parseHead(_ head: String) throws(BookSearchError) -> (Int, [String: String]) {
            let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
            let statusParts = (lines.first ?? "").split(separator: " ", maxSplits: 2)
            guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]),
                (100...999).contains(status)
            else {
                throw .malformedResponse("the answer is not HTTP/1.x")
            }
            var fields: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return (status, fields)
        }

        private static func connect(host: String, port: Int, deadline: DispatchTime, _ cancellation: Cancellation)
            throws(BookSearchError) -> Int32
        {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            let lookup = getaddrinfo(host, String(port), &hints, &list)
            guard lookup == 0, let first = list else {
                throw .network("cannot find the host \(host) (\(String(cString: gai_strerror(lookup))))")
            }
            defer { freeaddrinfo(list) }
            var lastError: Int32 = ECONNREFUSED
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let address = entry {
                entry = address.pointee.ai_next
                let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
                if fd < 0 { continue }
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return fd }
                guard errno == EINPROGRESS else {
                    lastError = errno
                    close(fd)
                    continue
                }
                do {
                    try Self.wait(for: Int16(POLLOUT), on: fd, deadline: deadline, cancellation)
                } catch {
                    close(fd)
                    throw error
                }
                var socketError: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &socketError, &length)
                if socketError == 0 { return fd }
                lastError = socketError
                close(fd)
            }
            throw .network("\(String(cString: strerror(lastError))) (\(host):\(port))")
        }

        /// Waits until `socket` is ready for `events`, checking the deadline and cancellation every 50 ms.
        static func wait(for events: Int16, on socket: Int32, deadline: DispatchTime, _ cancellation: Cancellation)
            throws(BookSearchError)
        {
            while true {
                if cancellation.isCancelled { throw .cancelled }
                let now = DispatchTime.now()
                if now >= deadline { throw .timedOut }
                let remaining = Int((deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000)
                var descriptor = pollfd(fd: socket, events: events, revents: 0)
                let ready = poll(&descriptor, 1, Int32(min(max(remaining, 1), 50)))
                if ready > 0 { return }
                if ready < 0 && errno != EINTR {
                    throw .network("the connection failed (\(String(cString: strerror(errno))))")
                }
            }
        }
    }

    /// A connected non-blocking socket, with TLS on it once `startTLS` succeeded; closed (and its TLS state freed)
    /// when released.
    private final class Connection {
        let socket: Int32
        let deadline: DispatchTime
        let cancellation: HTTPRequest.Cancellation
        private var context: OpaquePointer?
        private var session: OpaquePointer?
        private var openSSL: OpenSSL?

        init(socket: Int32, deadline: DispatchTime, cancellation: HTTPRequest.Cancellation) {
            self.socket = socket
            self.deadline = deadline
            self.cancellation = cancellation
        }

        deinit {
            if let openSSL {
                openSSL.freeSession(session)
                openSSL.freeContext(context)
            }
            close(socket)
        }

        private func wait(for events: Int32) throws(BookSearchError) {
            try HTTPRequest.wait(for: Int16(events), on: socket, deadline: deadline, cancellation)
        }

        /// The TLS handshake: TLS 1.2 at least, the server's certificate checked against the trusted ones and
        /// against `host` (a name, or an IP address).
        func startTLS(host: String, trustedCertificatesFile: String?) throws(BookSearchError) {
            let ssl = try OpenSSL.shared.get()
            openSSL = ssl
            context = ssl.newContext(ssl.clientMethod())
            guard let context else { throw .network("TLS could not start (\(ssl.takeErrors() ?? "no context"))") }
            _ = ssl.contextControl(context, OpenSSL.controlSetMinimumVersion, OpenSSL.version1_2, nil)
            _ = ssl.setContextOptions(context, OpenSSL.optionIgnoreUnexpectedEOF)
            ssl.setVerify(context, OpenSSL.verifyPeer, nil)
            let trusted =
                trustedCertificatesFile.map { ssl.loadVerifyLocations(context, $0, nil) }
                ?? ssl.setDefaultVerifyPaths(context)
            guard trusted == 1 else {
                throw .network("TLS could not load the trusted certificates (\(ssl.takeErrors() ?? "unknown"))")
            }
            session = ssl.newSession(context)
            guard let session, ssl.setDescriptor(session, socket) == 1 else {
                throw .network("TLS could not start (\(ssl.takeErrors() ?? "no session"))")
            }
            if Self.isIPAddress(host) {
                guard ssl.setVerifyIPAddress(ssl.verifyParameters(session), host) == 1 else {
                    throw .network("TLS cannot check the address \(host)")
                }
            } else {
                let named = host.withCString { name in
                    ssl.sessionControl(session, OpenSSL.controlSetHostName, 0, UnsafeMutableRawPointer(mutating: name))
                        == 1 && ssl.setHost(session, name) == 1
                }
                guard named else { throw .network("TLS cannot check the host name \(host)") }
            }
            while true {
                let result = ssl.connect(session)
                if result == 1 { return }
                switch ssl.error(session, result) {
                case OpenSSL.errorWantRead: try wait(for: POLLIN)
                case OpenSSL.errorWantWrite: try wait(for: POLLOUT)
                default:
                    let verification = ssl.verifyResult(session)
                    if verification != 0 {
                        _ = ssl.takeErrors()
                        let reason = ssl.verifyErrorText(verification).map { String(cString: $0) } ?? "\(verification)"
                        throw .network("the server's certificate is not trusted (\(reason))")
                    }
                    throw .network("the secure connection failed (\(ssl.takeErrors() ?? "the server closed it"))")
                }
            }
        }

        private static func isIPAddress(_ host: String) -> Bool {
            var address = in6_addr()
            return inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1
        }

        func send(_ bytes: [UInt8]) throws(BookSearchError) {
            var offset = 0
            while offset < bytes.count {
                if let openSSL, let session {
                    let sent = bytes.withUnsafeBytes {
                        openSSL.write(session, $0.baseAddress! + offset, Int32(clamping: $0.count - offset))
                    }
                    if sent > 0 {
                        offset += Int(sent)
                        continue
                    }
                    switch openSSL.error(session, sent) {
                    case OpenSSL.errorWantRead: try wait(for: POLLIN)
                    case OpenSSL.errorWantWrite: try wait(for: POLLOUT)
                    default:
                        throw .network("the connection failed while sending (\(openSSL.takeErrors() ?? "closed"))")
                    }
                    continue
                }
                try wait(for: POLLOUT)
                let sent = bytes.withUnsafeBytes {
                    Glibc.send(socket, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
                }
                if sent < 0 {
                    if errno == EAGAIN || errno == EINTR { continue }
                    throw .network("the connection failed while sending (\(String(cString: strerror(errno))))")
                }
                offset += sent
            }
        }

        /// Up to `buffer.count` bytes into `buffer`; 0 when the server closed the connection.
        func receive(into buffer: inout [UInt8]) throws(BookSearchError) -> Int {
            while true {
                if let openSSL, let session {
                    let count = buffer.withUnsafeMutableBytes {
                        openSSL.read(session, $0.baseAddress, Int32(clamping: $0.count))
                    }
                    if count > 0 { return Int(count) }
                    switch openSSL.error(session, count) {
                    case OpenSSL.errorWantRead: try wait(for: POLLIN)
                    case OpenSSL.errorWantWrite: try wait(for: POLLOUT)
                    case OpenSSL.errorZeroReturn: return 0
                    default:
                        throw .network("the connection failed while reading (\(openSSL.takeErrors() ?? "closed"))")
                    }
                    continue
                }
                try wait(for: POLLIN)
                let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if count >= 0 { return count }
                if errno == EAGAIN || errno == EINTR { continue }
                throw .network("the connection failed while reading (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// Reads an HTTP answer from a connection, never holding more than it was allowed.
    private struct SocketReader {
        let connection: Connection
        /// Bytes read but not yet consumed.
        private var buffer: [UInt8] = []
        private var isAtEnd = false
        private var chunk = [UInt8](repeating: 0, count: 16 << 10)

        init(connection: Connection) {
            self.connection = connection
        }

        /// Reads up to 16 KiB more into `buffer`; sets `isAtEnd` when the server closed the connection.
        private mutating func fill() throws(BookSearchError) {
            let count = try connection.receive(into: &chunk)
            if count == 0 {
                isAtEnd = true
                return
            }
            buffer += chunk[..<count]
        }

        /// The head, up to the blank line; at most `maximum` bytes.
        mutating func readHead(maximum: Int) throws(BookSearchError) -> String {
            let end: [UInt8] = [13, 10, 13, 10]
            var searchFrom = 0
            while true {
                // `stride` stays empty when fewer than four bytes are left to search (a `fill()` that hit the end
                // read nothing new), where a closed range `searchFrom...(count - 4)` would trap.
                for start in stride(from: searchFrom, through: buffer.count - 4, by: 1)
                where buffer[start..<start + 4].elementsEqual(end) {
                    let head = String(decoding: buffer[..<start], as: UTF8.self)
                    buffer.removeFirst(start + 4)
                    return head
                }
                searchFrom = max(buffer.count - 3, 0)
                if buffer.count > maximum { throw .malformedResponse("the answer's head is longer than 64 KB") }
                if isAtEnd {
                    throw buffer.isEmpty
                        ? .malformedResponse("the server closed the connection without answering")
                        : .malformedResponse("the answer's head is cut short")
                }
                try fill()
            }
        }

        /// Exactly `length` bytes (the caller has checked `length` against the limit).
        mutating func readBody(length: Int) throws(BookSearchError) -> Data {
            while buffer.count < length {
                if isAtEnd { throw .malformedResponse("the body is cut short (\(buffer.count) of \(length) bytes)") }
                try fill()
            }
            return Data(buffer[..<length])
        }

        /// Everything until the server closes the connection, failing once it passes `limit`.
        mutating func readBodyToEnd(limit: Int) throws(BookSearchError) -> Data {
            while !isAtEnd {
                if buffer.count > limit { throw .responseTooLarge(limit: limit) }
                try fill()
            }
            if buffer.count > limit { throw .responseTooLarge(limit: limit) }
            return Data(buffer)
        }

        /// A chunked body, failing once the chunks pass `limit` together.
        mutating func readChunkedBody(limit: Int) throws(BookSearchError) -> Data {
            var body = Data()
            while true {
                let sizeLine = try readLine()
                let sizeText = sizeLine.split(separator: ";").first.map(String.init) ?? ""
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                    throw .malformedResponse("a chunk size \"\(sizeLine.prefix(20))\" is not a number")
                }
                if size == 0 { return body }
                // `size > limit - body.count`, not `body.count + size > limit`: a size near `Int.max` would overflow.
                if size > limit - body.count { throw .responseTooLarge(limit: limit) }
                while buffer.count < size + 2 {
                    if isAtEnd { throw .malformedResponse("the body is cut short inside a chunk") }
                    try fill()
                }
                body.append(contentsOf: buffer[..<size])
                buffer.removeFirst(size + 2)
            }
        }

        private mutating func readLine() throws(BookSearchError) -> String {
            while true {
                if let newline = buffer.firstIndex(of: 10) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeFirst(newline + 1)
                    return line.hasSuffix("\r") ? String(line.dropLast()) : line
                }
                if buffer.count > 1024 { throw .malformedResponse("a chunk size line is too long") }
                if isAtEnd { throw .malformedResponse("the body is cut short") }
                try fill()
            }
        }
    }
#endif
