/// When a test observable was subscribed, and when that subscription ended.
///
/// `unsubscribe` is `Int.max` while the subscription is still active.
public struct Subscription: Hashable, Sendable, CustomDebugStringConvertible {
    /// The tick at which the observer subscribed.
    public let subscribe: TestTime
    /// The tick at which the subscription was disposed, or `Int.max` while it is active.
    public let unsubscribe: TestTime

    /// A subscription made at `subscribe` and still active.
    public init(_ subscribe: TestTime) {
        self.init(subscribe, Int.max)
    }

    /// A subscription made at `subscribe` and disposed at `unsubscribe`.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// `(200 : 1000)`, or `(200 : Infinity)` while active.
    public var debugDescription: String {
        "(\(subscribe) : \(unsubscribe == Int.max ? "Infinity" : String(unsubscribe)))"
    }
}
