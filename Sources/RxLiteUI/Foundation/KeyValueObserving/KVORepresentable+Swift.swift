import Foundation

extension Int: KVORepresentable {
    /// Key-value observing delivers an `Int` as an `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's `intValue`.
    public init?(KVOValue: NSNumber) {
        self.init(KVOValue.intValue)
    }
}

extension Int32: KVORepresentable {
    /// Key-value observing delivers an `Int32` as an `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's `int32Value`.
    public init?(KVOValue: NSNumber) {
        self.init(KVOValue.int32Value)
    }
}

extension Int64: KVORepresentable {
    /// Key-value observing delivers an `Int64` as an `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's `int64Value`.
    public init?(KVOValue: NSNumber) {
        self.init(KVOValue.int64Value)
    }
}

extension UInt: KVORepresentable {
    /// Key-value observing delivers a `UInt` as an `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's `uintValue`.
    public init?(KVOValue: NSNumber) {
        self.init(KVOValue.uintValue)
    }
}

extension UInt32: KVORepresentable {
    /// Key-value observing delivers a `UInt32` as an `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's `uint32Value`.
    public init?(KVOValue: NSNumber) {
        self.init(KVOValue.uint32Value)
    }
}

extension UInt64: KVORepresentable {
    /// Key-value observing delivers a `UInt64` as an `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's `uint64Value`.
    public init?(KVOValue: NSNumber) {
        self.init(KVOValue.uint64Value)
    }
}

extension Bool: KVORepresentable {
    /// Key-value observing delivers a `Bool` as an `NSNumber`.
    public typealias KVOType = NSNumber

    /// The number's `boolValue`.
    public init?(KVOValue: NSNumber) {
        self.init(KVOValue.boolValue)
    }
}
