/// What `rx.observe` and `rx.observeWeakly` deliver: the value at subscription (``initial``), each new value
/// (``new``), or both, the default.
public struct KeyValueObservingOptions: OptionSet, Sendable {
    /// The options' bits: ``initial`` is bit 0, ``new`` bit 1.
    public let rawValue: UInt

    /// The options whose bits `rawValue` sets.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The current value, sent during subscription, before `subscribe` returns.
    public static let initial = KeyValueObservingOptions(rawValue: 1 << 0)

    /// Each value the property takes after subscription.
    public static let new = KeyValueObservingOptions(rawValue: 1 << 1)
}

extension KeyValueObservingOptions {
    /// The same options as Foundation's `NSKeyValueObservingOptions` raw value (whose bits differ: `.new` is 1,
    /// `.initial` is 4); bits that are neither option are dropped.
    var foundationRawValue: UInt {
        (contains(.new) ? 0x01 : 0) | (contains(.initial) ? 0x04 : 0)
    }
}
