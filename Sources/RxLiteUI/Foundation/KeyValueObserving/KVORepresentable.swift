/// A type that key-value observing delivers in another form, its ``KVOType``: the integer types and `Bool` arrive as
/// an `NSNumber`, `CGPoint`, `CGSize` and `CGRect` as an `NSValue`. `object.rx.observe(Int.self, "count")` observes
/// the `NSNumber` and converts each value with ``init(KVOValue:)``; a `RawRepresentable` type whose raw value is
/// `KVORepresentable` (an `@objc` enum) converts through its raw value.
public protocol KVORepresentable {
    /// The type key-value observing delivers a value of this type as.
    associatedtype KVOType

    /// The value `KVOValue` holds, or `nil` when it holds none of this type.
    init?(KVOValue: KVOType)
}

extension KVORepresentable {
    /// `nil` for a property holding `nil`, or one whose observed value had another type; else
    /// ``init(KVOValue:)``'s value.
    init?(KVOValue: KVOType?) {
        guard let KVOValue else { return nil }
        self.init(KVOValue: KVOValue)
    }
}

extension RawRepresentable where RawValue: KVORepresentable {
    /// The value whose raw value `KVOValue` holds; `nil` when it holds none, or a raw value no case has.
    init?(KVOValue: RawValue.KVOType?) {
        guard let rawValue = RawValue(KVOValue: KVOValue) else { return nil }
        self.init(rawValue: rawValue)
    }
}
