/// One notification in a sequence: an element, a failure, or the end.
///
/// A sequence obeys the grammar `next* (error | completed)?`: any number of elements, then at most one terminal
/// event, after which nothing else is delivered.
@frozen
public enum Event<Element> {
    /// The next element of the sequence.
    case next(Element)
    /// The sequence failed; nothing follows.
    case error(any Error)
    /// The sequence ended; nothing follows.
    case completed
}

extension Event: Sendable where Element: Sendable {}

extension Event {
    /// `true` for `.error` and `.completed`.
    public var isStopEvent: Bool {
        if case .next = self { return false }
        return true
    }

    /// The element of a `.next` event, otherwise `nil`.
    public var element: Element? {
        if case .next(let element) = self { return element }
        return nil
    }

    /// The failure of an `.error` event, otherwise `nil`.
    public var error: (any Error)? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// `true` for `.completed`.
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// The same event with its element transformed; a thrown error becomes an `.error` event.
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        switch self {
        case .next(let element):
            do { return .next(try transform(element)) } catch { return .error(error) }
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }
}

extension Event: CustomDebugStringConvertible {
    public var debugDescription: String {
        switch self {
        case .next(let element): return "next(\(element))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event {
    /// This event if it ends a sequence, with no element type; `nil` for `next`.
    var terminal: Event<Never>? {
        switch self {
        case .next: nil
        case .error(let error): .error(error)
        case .completed: .completed
        }
    }
}

extension Event<Never> {
    /// This terminal event as an event of any element type.
    func retyped<Target>() -> Event<Target> {
        switch self {
        case .error(let error): .error(error)
        case .completed: .completed
        }
    }
}
