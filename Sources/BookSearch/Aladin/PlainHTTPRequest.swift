#if canImport(Glibc)
    import Dispatch
    import Foundation
    import Glibc
    import RxLite

    /// One GET over plain HTTP/1.1 on a socket of our own, for `http://` base URLs (a local proxy, a test server).
    ///
    /// Why not URLSession: on Linux it hands the body to its delegate through a queue while libcurl keeps reading and
    /// inflating, so a stop at the size limit comes late: a 1 GiB gzip bomb reached 1.1 GB of memory and a 1 GiB plain
    /// stream 370 MB before the task was cancelled. Reading the socket ourselves, nothing past `limit` is ever held:
    /// - the request asks for `Accept-Encoding: identity`, and an answer with another `Content-Encoding` is refused
    ///   before its body is read (inflating it could need any amount of memory);
    /// - the head may be 64 KiB at most; an announced `Content-Length` above `limit` is refused at once, and a body
    ///   (plain, chunked, or up to the connection's close) is read into at most `limit` bytes;
    /// - the deadline and cancellation are checked at least every 50 ms while waiting.
    /// `https://` stays with URLSession (TLS), whose limit is enforced as the body arrives (see ``RunningRequest``).
    struct PlainHTTPRequest: Sendable {
        let url: URL
        let headers: [(String, String)]
        let limit: Int
        let timeout: TimeInterval

        /// Set from any thread to make a running `perform()` end with `.cancelled`.
        final class Cancellation: Sendable {
            private let flag = Atomic<Bool>(false)
            var isCancelled: Bool { flag.load(ordering: .acquiring) }
            func cancel() { flag.store(true, ordering: .releasing) }
        }

        private static let maximumHeadBytes = 64 << 10

        /// The body and status; blocks the calling thread (run it off the cooperative pool).
        func perform(_ cancellation: Cancellation) throws(BookSearchError) -> (Data, Int) {
            let deadline = DispatchTime.now() + timeout
            guard let host = url.host, !host.isEmpty else { throw .network("the URL \(url) has no host") }
            let port = url.port ?? 80
            let socket = try connect(host: host, port: port, deadline: deadline, cancellation)
            defer { close(socket) }
            var target = url.path.isEmpty ? "/" : url.path
            if let query = url.query { target += "?" + query }
            var request = "GET \(target) HTTP/1.1\r\nHost: \(host)\(url.port.map { ":\($0)" } ?? "")\r\n"
            for (name, value) in headers { request += "\(name): \(value)\r\n" }
            request += "Accept-Encoding: identity\r\nConnection: close\r\n\r\n"
            try send(Array(request.utf8), on: socket, deadline: deadline, cancellation)

            var reader = SocketReader(socket: socket, deadline: deadline, cancellation: cancellation)
            let head = try reader.readHead(maximum: Self.maximumHeadBytes)
            let (status, fields) = try Self.parseHead(head)
            if let encoding = fields["content-encoding"], encoding.lowercased() != "identity" {
                throw .malformedResponse("the answer is compressed (\(encoding)) though none was asked for")
            }
            if fields["transfer-encoding"]?.lowercased().contains("chunked") == true {
                return (try reader.readChunkedBody(limit: limit), status)
            }
            if let lengthText = fields["content-length"] {
                guard let length = Int(lengthText.trimmingCharacters(in: .whitespaces)), length >= 0 else {
                    throw .malformedResponse("its Content-Length \"\(lengthText)\" is not a number")
                }
                if length > limit { throw .responseTooLarge(limit: limit) }
                return (try reader.readBody(length: length), status)
            }
            return (try reader.readBodyToEnd(limit: limit), status)
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

        private func connect(host: String, port: Int, deadline: DispatchTime, _ cancellation: Cancellation)
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

        private func send(_ bytes: [UInt8], on socket: Int32, deadline: DispatchTime, _ cancellation: Cancellation)
            throws(BookSearchError)
        {
            var offset = 0
            while offset < bytes.count {
                try Self.wait(for: Int16(POLLOUT), on: socket, deadline: deadline, cancellation)
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

    /// Reads an HTTP answer from a non-blocking socket, never holding more than it was allowed.
    private struct SocketReader {
        let socket: Int32
        let deadline: DispatchTime
        let cancellation: PlainHTTPRequest.Cancellation
        /// Bytes read but not yet consumed.
        private var buffer: [UInt8] = []
        private var isAtEnd = false

        init(socket: Int32, deadline: DispatchTime, cancellation: PlainHTTPRequest.Cancellation) {
            self.socket = socket
            self.deadline = deadline
            self.cancellation = cancellation
        }

        /// Reads up to 16 KiB more into `buffer`; sets `isAtEnd` when the server closed the connection.
        private mutating func fill() throws(BookSearchError) {
            try PlainHTTPRequest.wait(for: Int16(POLLIN), on: socket, deadline: deadline, cancellation)
            var chunk = [UInt8](repeating: 0, count: 16 << 10)
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { return }
                throw .network("the connection failed while reading (\(String(cString: strerror(errno))))")
            }
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
