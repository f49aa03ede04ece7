#if canImport(Glibc)
    import Glibc

    /// The few OpenSSL 3 functions a TLS client (and the tests' TLS server) needs, looked up at run time in the
    /// `libssl.so.3` that FoundationNetworking's libcurl already loads, so no header or link flag is needed.
    ///
    /// Why not URLSession for https: on Linux it inflates a gzip answer inside libcurl whatever was asked for, and
    /// hands each inflated piece to its delegate through a queue while libcurl keeps reading; a stop at the size
    /// limit lands after the whole body was inflated into that queue (book-search's README has the measurement).
    /// With TLS on a socket of our own, ``HTTPRequest`` reads exactly as much as it allows.
    ///
    /// `@unchecked Sendable`: it holds only C function pointers, set once when the library is loaded; OpenSSL 3's
    /// functions are safe to call from any thread (each connection uses its own `SSL` and `SSL_CTX`).
    struct OpenSSL: @unchecked Sendable {
        typealias Pointer = OpaquePointer

        let clientMethod: @convention(c) () -> Pointer?
        let serverMethod: @convention(c) () -> Pointer?
        let newContext: @convention(c) (Pointer?) -> Pointer?
        let freeContext: @convention(c) (Pointer?) -> Void
        let setContextOptions: @convention(c) (Pointer?, UInt64) -> UInt64
        let contextControl: @convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
        let setVerify: @convention(c) (Pointer?, Int32, UnsafeRawPointer?) -> Void
        let setDefaultVerifyPaths: @convention(c) (Pointer?) -> Int32
        let loadVerifyLocations: @convention(c) (Pointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
        let useCertificateChainFile: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
        let usePrivateKeyFile: @convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Int32
        let newSession: @convention(c) (Pointer?) -> Pointer?
        let freeSession: @convention(c) (Pointer?) -> Void
        let setDescriptor: @convention(c) (Pointer?, Int32) -> Int32
        let sessionControl: @convention(c) (Pointer?, Int32, Int, UnsafeMutableRawPointer?) -> Int
        let setHost: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
        let verifyParameters: @convention(c) (Pointer?) -> Pointer?
        let setVerifyIPAddress: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
        let connect: @convention(c) (Pointer?) -> Int32
        let accept: @convention(c) (Pointer?) -> Int32
        let read: @convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32
        let write: @convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32
        let shutdown: @convention(c) (Pointer?) -> Int32
        let error: @convention(c) (Pointer?, Int32) -> Int32
        let verifyResult: @convention(c) (Pointer?) -> Int
        let verifyErrorText: @convention(c) (Int) -> UnsafePointer<CChar>?
        let nextQueuedError: @convention(c) () -> UInt
        let errorText: @convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void

        static let errorWantRead: Int32 = 2
        static let errorWantWrite: Int32 = 3
        static let errorZeroReturn: Int32 = 6
        static let verifyPeer: Int32 = 1
        static let fileTypePEM: Int32 = 1
        static let controlSetHostName: Int32 = 55
        static let controlSetMinimumVersion: Int32 = 123
        static let version1_2 = 0x0303
        /// A peer that closes without TLS's close_notify ends the stream like a plain close (HTTP's own framing,
        /// a Content-Length or the JSON, still catches a body cut short).
        static let optionIgnoreUnexpectedEOF: UInt64 = 1 << 7

        /// The library, or why it could not be loaded.
        static let shared: Result<OpenSSL, BookSearchError> = load()

        private static func load() -> Result<OpenSSL, BookSearchError> {
            guard let library = dlopen("libssl.so.3", RTLD_NOW) ?? dlopen("libssl.so", RTLD_NOW) else {
                return .failure(.network("https needs OpenSSL 3 (libssl.so.3), which is not installed"))
            }
            let names = [
                "TLS_client_method", "TLS_server_method", "SSL_CTX_new", "SSL_CTX_free", "SSL_CTX_set_options",
                "SSL_CTX_ctrl", "SSL_CTX_set_verify", "SSL_CTX_set_default_verify_paths",
                "SSL_CTX_load_verify_locations", "SSL_CTX_use_certificate_chain_file", "SSL_CTX_use_PrivateKey_file",
                "SSL_new", "SSL_free", "SSL_set_fd", "SSL_ctrl", "SSL_set1_host", "SSL_get0_param",
                "X509_VERIFY_PARAM_set1_ip_asc", "SSL_connect", "SSL_accept", "SSL_read", "SSL_write", "SSL_shutdown",
                "SSL_get_error", "SSL_get_verify_result", "X509_verify_cert_error_string", "ERR_get_error",
                "ERR_error_string_n",
            ]
            var addresses: [String: UnsafeMutableRawPointer] = [:]
            for name in names { addresses[name] = dlsym(library, name) }
            let missing = names.filter { addresses[$0] == nil }
            guard missing.isEmpty else {
                return .failure(.network("https needs OpenSSL 3; libssl lacks \(missing.joined(separator: ", "))"))
            }
            // Each name was found; its C signature is the one in OpenSSL 3's headers.
            func function<Function>(_ name: String) -> Function { unsafeBitCast(addresses[name]!, to: Function.self) }
            return .success(
                OpenSSL(
                    clientMethod: function("TLS_client_method"), serverMethod: function("TLS_server_method"),
                    newContext: function("SSL_CTX_new"), freeContext: function("SSL_CTX_free"),
                    setContextOptions: function("SSL_CTX_set_options"), contextControl: function("SSL_CTX_ctrl"),
                    setVerify: function("SSL_CTX_set_verify"),
                    setDefaultVerifyPaths: function("SSL_CTX_set_default_verify_paths"),
                    loadVerifyLocations: function("SSL_CTX_load_verify_locations"),
                    useCertificateChainFile: function("SSL_CTX_use_certificate_chain_file"),
                    usePrivateKeyFile: function("SSL_CTX_use_PrivateKey_file"), newSession: function("SSL_new"),
                    freeSession: function("SSL_free"), setDescriptor: function("SSL_set_fd"),
                    sessionControl: function("SSL_ctrl"), setHost: function("SSL_set1_host"),
                    verifyParameters: function("SSL_get0_param"),
                    setVerifyIPAddress: function("X509_VERIFY_PARAM_set1_ip_asc"), connect: function("SSL_connect"),
                    accept: function("SSL_accept"), read: function("SSL_read"), write: function("SSL_write"),
                    shutdown: function("SSL_shutdown"), error: function("SSL_get_error"),
                    verifyResult: function("SSL_get_verify_result"),
                    verifyErrorText: function("X509_verify_cert_error_string"),
                    nextQueuedError: function("ERR_get_error"), errorText: function("ERR_error_string_n")))
        }

        /// The oldest error OpenSSL queued on this thread, as text, and the queue emptied; `nil` if there is none.
        func takeErrors() -> String? {
            var first: String?
            while case let code = nextQueuedError(), code != 0 {
                guard first == nil else { continue }
                var buffer = [CChar](repeating: 0, count: 256)
                errorText(code, &buffer, buffer.count)
                first = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            return first
        }
    }
#endif
