import Foundation

#if canImport(ObjectiveC)
    import ObjectiveC
#endif

extension CGRect: KVORepresentable {
    /// Key-value observing delivers a `CGRect` as an `NSValue`.
    public typealias KVOType = NSValue

    /// The rectangle the value holds; `nil` when it holds another type.
    public init?(KVOValue: NSValue) {
        guard KVOValue.holds(ObjCTypeEncoding.rect) else { return nil }
        var rect = CGRect.zero
        withUnsafeMutableBytes(of: &rect) { KVOValue.copyContents(into: $0) }
        self = rect
    }
}

extension CGPoint: KVORepresentable {
    /// Key-value observing delivers a `CGPoint` as an `NSValue`.
    public typealias KVOType = NSValue

    /// The point the value holds; `nil` when it holds another type.
    public init?(KVOValue: NSValue) {
        guard KVOValue.holds(ObjCTypeEncoding.point) else { return nil }
        var point = CGPoint.zero
        withUnsafeMutableBytes(of: &point) { KVOValue.copyContents(into: $0) }
        self = point
    }
}

extension CGSize: KVORepresentable {
    /// Key-value observing delivers a `CGSize` as an `NSValue`.
    public typealias KVOType = NSValue

    /// The size the value holds; `nil` when it holds another type.
    public init?(KVOValue: NSValue) {
        guard KVOValue.holds(ObjCTypeEncoding.size) else { return nil }
        var size = CGSize.zero
        withUnsafeMutableBytes(of: &size) { KVOValue.copyContents(into: $0) }
        self = size
    }
}

/// The Objective-C type encodings (`@encode`) an `NSValue` holding a Core Graphics structure reports as its
/// `objCType`. `CGFloat` is a `double` where pointers have 64 bits and a `float` elsewhere (32-bit watchOS).
enum ObjCTypeEncoding {
    static var point: String { "{CGPoint=\(float)\(float)}" }
    static var size: String { "{CGSize=\(float)\(float)}" }
    static var rect: String { "{CGRect=\(point)\(size)}" }

    private static var float: String { MemoryLayout<CGFloat>.size == MemoryLayout<Double>.size ? "d" : "f" }
}

extension NSValue {
    /// Whether the value is of the type whose Objective-C encoding is `encoding`; only then may its contents be copied
    /// into a value of that type.
    fileprivate func holds(_ encoding: String) -> Bool {
        String(cString: objCType) == encoding
    }

    /// Copies the value's contents to `buffer`, which must be as large as the type ``holds(_:)`` checked.
    fileprivate func copyContents(into buffer: UnsafeMutableRawBufferPointer) {
        guard let address = buffer.baseAddress else { return }
        #if canImport(ObjectiveC)
            getValue(address, size: buffer.count)
        #else
            // swift-corelibs-foundation has only the form without a size, which Darwin's Foundation deprecates.
            getValue(address)
        #endif
    }
}
