/// An error for tests to send and expect; two are equal when their messages are.
///
/// `TestError()` is what a `#` in a marble string sends unless told otherwise.
public struct TestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the error says; tells apart several errors in one test.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String = "test error") {
        self.message = message
    }

    /// `TestError(message)`.
    public var description: String { "TestError(\(message))" }
}
