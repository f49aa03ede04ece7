import RxLite

/// A value stamped with the virtual time at which it happened: an event a ``TestableObserver`` received, or an
/// event a test observable will send.
///
/// Arrays of recorded events read as in RxTest:
/// ```swift
/// let expected: [Recorded<Event<Int>>] = [.next(210, 2), .next(240, 4), .completed(300)]
/// ```
public struct Recorded<Value>: CustomDebugStringConvertible {
    /// When it happened, in ticks.
    public let time: TestTime
    /// What happened.
    public let value: Value

    /// `value` at `time`.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }

    /// `value @ time`, for example `next(2) @ 210`.
    public var debugDescription: String { "\(value) @ \(time)" }
}

extension Recorded: Equatable where Value: Equatable {}

extension Recorded: Sendable where Value: Sendable {}

extension Recorded {
    /// `.next(element)` at `time`.
    public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded<Event<T>>(time: time, value: .next(element))
    }

    /// `.completed` at `time`. Name the element type (`.completed(250, Int.self)`, as in RxTest) where nothing
    /// else tells it.
    public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>>
    where Value == Event<T> {
        Recorded<Event<T>>(time: time, value: .completed)
    }

    /// `.error(error)` at `time`. Name the element type (`.error(250, error, Int.self)`, as in RxTest) where nothing
    /// else tells it.
    public static func error<T>(_ time: TestTime, _ error: any Error, _ type: T.Type = T.self) -> Recorded<Event<T>>
    where Value == Event<T> {
        Recorded<Event<T>>(time: time, value: .error(error))
    }

    /// The recorded events as an array: `Recorded.events(.next(210, 1), .completed(220))`.
    public static func events<T>(_ recordedEvents: Recorded<Event<T>>...) -> [Recorded<Event<T>>]
    where Value == Event<T> {
        recordedEvents
    }

    /// The arrays of recorded events joined in order: `Recorded.events(setup, [.completed(300)])`.
    ///
    /// Disfavored, so that the type checker settles a list of single events on the other `events` first: with both
    /// overloads open, a list of six or more events whose elements are expressions (`.next(210, 0 * 2)`) took the
    /// type checker over its limit ("unable to type-check this expression in reasonable time"), as it does with
    /// RxTest's declarations. An argument that is an array still picks this one.
    @_disfavoredOverload
    public static func events<T>(_ recordedEvents: [Recorded<Event<T>>]...) -> [Recorded<Event<T>>]
    where Value == Event<T> {
        recordedEvents.flatMap { $0 }
    }
}
