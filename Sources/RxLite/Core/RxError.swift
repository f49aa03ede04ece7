/// Errors that RxLite's own operators produce.
public enum RxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The sequence ended without the element that was asked for (`elementAt`, `first` on a trait, `Single`).
    case noElements
    /// The sequence had more than one element where one was expected (`Single`).
    case moreThanOneElement
    /// The index passed to `elementAt` is negative or past the end.
    case argumentOutOfRange
    /// An arithmetic overflow happened in an operator (a counter or index past `Int.max`).
    case overflow
    /// No element arrived within the `timeout`.
    case timeout
    /// The object the operation needed was already disposed.
    case disposed(object: String)
    /// An operation that cannot fail in normal use failed (RxSwift's `RxError.unknown`).
    case unknown

    public var description: String {
        switch self {
        case .noElements: return "Sequence contains no elements."
        case .moreThanOneElement: return "Sequence contains more than one element."
        case .argumentOutOfRange: return "Argument out of range."
        case .overflow: return "Arithmetic overflow occurred."
        case .timeout: return "Sequence timeout."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .unknown: return "Unknown error occurred."
        }
    }
}

extension RxError: CustomDebugStringConvertible {
    /// The error's description, as RxSwift's `debugDescription` gives it.
    public var debugDescription: String { description }
}
