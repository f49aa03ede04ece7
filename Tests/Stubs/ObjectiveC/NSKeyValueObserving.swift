// What Darwin's Foundation adds to swift-corelibs-foundation and RxLiteUI uses: key-value observing (string key paths
// with an observer object, and the Swift overlay's block-based `observe(_:options:changeHandler:)`) and
// `NSValue.getValue(_:size:)`. On Darwin these are Foundation's; Linux's Foundation has none of them. They are here,
// in the ObjectiveC stub, because that is the module both Foundation-only code (`import ObjectiveC` under
// `#if canImport(ObjectiveC)`, as RxLiteUI's Foundation files do) and the UIKit stub (which re-exports it) see.
// Signatures as Swift imports NSKeyValueObserving.h and NSValue.h in the iOS 15 SDK; nothing here runs.
//
// What Linux forces:
// - Linux Foundation's `NSObject` is a Swift class, so an extension member that takes an `NSObject` cannot be
//   `@objc`, and only an `@objc` extension member can be `open`: `addObserver` and the `removeObserver` pair are
//   `public` here (`open` on Darwin; nothing overrides them). `observeValue(forKeyPath:of:change:context:)`, which an
//   observer overrides, is `@objc open` as on Darwin.
// - `NSKeyValueChangeKey` conforms to `_ObjectiveCBridgeable` as the importer makes every `NS_STRING_ENUM` type do on
//   Darwin; that is what lets `[NSKeyValueChangeKey: Any]` appear in an `@objc` method.
// - Linux's standard library lacks the function that bridges an Objective-C `id` argument to `Any`, so the compiler
//   cannot emit the Objective-C entry point of a method taking `Any?`: `scripts/typecheck-uikit` builds this module
//   without function bodies (they all trap anyway), and builds RxLiteUI's module with `RXLITE_STUB_SDK` defined,
//   which leaves out the one override taking `Any?`; it type-checks RxLiteUI once more without the flag, override
//   included.

import Foundation

/// What a key-value observing notification carries (`NSKeyValueObservingOptions`).
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static var new: NSKeyValueObservingOptions { NSKeyValueObservingOptions(rawValue: 0x01) }
    public static var old: NSKeyValueObservingOptions { NSKeyValueObservingOptions(rawValue: 0x02) }
    public static var initial: NSKeyValueObservingOptions { NSKeyValueObservingOptions(rawValue: 0x04) }
    public static var prior: NSKeyValueObservingOptions { NSKeyValueObservingOptions(rawValue: 0x08) }
}

/// The kind of a change (`NSKeyValueChange`).
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1
    case insertion = 2
    case removal = 3
    case replacement = 4
}

/// A key of a change dictionary (`NSKeyValueChangeKey`).
public struct NSKeyValueChangeKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(rawValue: String) { self.rawValue = rawValue }
}

extension NSKeyValueChangeKey {
    public static let kindKey = NSKeyValueChangeKey(rawValue: "kind")
    public static let newKey = NSKeyValueChangeKey(rawValue: "new")
    public static let oldKey = NSKeyValueChangeKey(rawValue: "old")
    public static let indexesKey = NSKeyValueChangeKey(rawValue: "indexes")
    public static let notificationIsPriorKey = NSKeyValueChangeKey(rawValue: "notificationIsPrior")
}

extension NSKeyValueChangeKey: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSString { fatalError("ObjectiveC stub: declarations only") }

    public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout NSKeyValueChangeKey?) {
        fatalError("ObjectiveC stub: declarations only")
    }

    public static func _conditionallyBridgeFromObjectiveC(
        _ source: NSString, result: inout NSKeyValueChangeKey?
    ) -> Bool { fatalError("ObjectiveC stub: declarations only") }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> NSKeyValueChangeKey {
        fatalError("ObjectiveC stub: declarations only")
    }
}

extension NSObject {
    /// Called on the observer for each change of a key path it observes.
    @objc open func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) { fatalError("ObjectiveC stub: declarations only") }

    /// Registers `observer` for changes of `keyPath` relative to the receiver; the observer is not retained.
    public func addObserver(
        _ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
        context: UnsafeMutableRawPointer?
    ) { fatalError("ObjectiveC stub: declarations only") }

    /// Removes the registration of `observer` for `keyPath` made with `context`.
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
        fatalError("ObjectiveC stub: declarations only")
    }

    /// Removes a registration of `observer` for `keyPath`.
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {
        fatalError("ObjectiveC stub: declarations only")
    }
}

// The Swift overlay's block-based observing, with typed key paths. The handler is `@Sendable` and the method
// `@preconcurrency` since the iOS 18 SDK.

public struct NSKeyValueObservedChange<Value> {
    public typealias Kind = NSKeyValueChange
    public let kind: NSKeyValueObservedChange<Value>.Kind
    public let newValue: Value?
    public let oldValue: Value?
    public let indexes: IndexSet?
    public let isPrior: Bool
}

public class NSKeyValueObservation: NSObject {
    public func invalidate() { fatalError("ObjectiveC stub: declarations only") }
}

public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving {
    @preconcurrency
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping @Sendable (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation { fatalError("ObjectiveC stub: declarations only") }
}

extension NSValue {
    /// Copies the value into `value`, a buffer of `size` bytes (iOS 11).
    public func getValue(_ value: UnsafeMutableRawPointer, size: Int) {
        fatalError("ObjectiveC stub: declarations only")
    }
}
