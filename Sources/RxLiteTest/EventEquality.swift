import RxLite

/// Events compare equal for tests: elements with `==`, completions always, and errors when they are the same type
/// and either `==` (for `Equatable` errors) or, for other errors, have the same description.
///
/// This makes `Recorded<Event<T>>` and `[Recorded<Event<T>>]` `Equatable` whenever `T` is, so
/// `#expect(observer.events == [.next(210, 1), .completed(250)])` works. RxTest declares the same conformance
/// (comparing errors by description on Linux and by `NSError` domain and code elsewhere); it lives here and not in
/// RxLite because comparing arbitrary errors is a test convenience, not a property of events.
extension Event: Equatable where Element: Equatable {
    /// `true` when both are the same kind of event with equal payloads (see the extension's documentation).
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.next(let left), .next(let right)): return left == right
        case (.completed, .completed): return true
        case (.error(let left), .error(let right)): return errorsAreEqual(left, right)
        default: return false
        }
    }
}

/// Maybe events compare equal as ``Event``s do: elements with `==`, errors by type and `==` or description.
extension MaybeEvent: Equatable where Element: Equatable {
    /// `true` when both are the same kind of event with equal payloads.
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.success(let left), .success(let right)): return left == right
        case (.completed, .completed): return true
        case (.error(let left), .error(let right)): return errorsAreEqual(left, right)
        default: return false
        }
    }
}

/// Completable events compare equal as ``Event``s do.
extension CompletableEvent: Equatable {
    /// `true` when both completed, or both failed with errors that count as the same.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case (.error(let left), .error(let right)): return errorsAreEqual(left, right)
        default: return false
        }
    }
}

/// Single events (`Result<Element, any Error>`) compare equal as ``Event``s do. `Result` has its own conditional
/// `Equatable` conformance, for `Equatable` failures only, so this is an operator, as in RxTest.
public func == <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let left), .success(let right)): return left == right
    case (.failure(let left), .failure(let right)): return errorsAreEqual(left, right)
    default: return false
    }
}

/// Recorded single events compare equal when their times and events do.
public func == <Element: Equatable>(lhs: Recorded<SingleEvent<Element>>, rhs: Recorded<SingleEvent<Element>>) -> Bool {
    lhs.time == rhs.time && lhs.value == rhs.value
}

/// Lists of recorded single events compare equal element by element.
public func == <Element: Equatable>(lhs: [Recorded<SingleEvent<Element>>], rhs: [Recorded<SingleEvent<Element>>])
    -> Bool
{
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
}

/// Whether two errors count as the same in a test: same dynamic type, then `==` when the type is `Equatable`,
/// otherwise equal descriptions.
func errorsAreEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    // Cast from `Any`: a cast from `any Error` may bridge through `NSError`, which is always `Equatable`.
    let lhsValue: Any = lhs
    if let lhs = lhsValue as? any Equatable { return lhs.isEqual(to: rhs) }
    return String(describing: lhs) == String(describing: rhs)
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
