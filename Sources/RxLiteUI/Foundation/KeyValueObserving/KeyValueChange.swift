import Foundation

/// What a key-value observing notification's new value (the change dictionary's `newKey` entry) means to an
/// observing sequence.
enum KeyValueChange {
    /// The new value as `Element`: `nil` when the property holds `nil` (the change carries `NSNull`), when the change
    /// carries no new value (observed without `.new`, as the initial value is when `.initial` comes alone) and when
    /// the value is of another type; every notification is one element.
    static func element<Element>(fromNewValue newValue: Any?, as type: Element.Type) -> Element? {
        guard let newValue, !(newValue is NSNull) else { return nil }
        return newValue as? Element
    }

    /// The new value as the object the runtime delivered (a number as an `NSNumber`, a structure as an `NSValue`), or
    /// `nil` as for ``element(fromNewValue:as:)``.
    static func object(fromNewValue newValue: Any?) -> AnyObject? {
        guard let newValue, !(newValue is NSNull) else { return nil }
        return newValue as AnyObject
    }
}
