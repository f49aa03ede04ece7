/// RxCocoa's errors, with its cases.
///
/// RxLiteUI raises ``invalidPropertyName(object:propertyName:)`` and
/// ``invalidObjectOnKeyPath(object:sourceObject:propertyName:)`` from `rx.observeWeakly`, ``itemsNotYetBound(object:)``
/// and ``castingError(object:targetType:)`` from `tableView.rx.model(at:)`; it replaces no method at run time, so
/// ``errorDuringSwizzling`` stays for code that matches it.
public enum RxCocoaError: Swift.Error {
    /// An error with no more detail.
    case unknown
    /// An operation was attempted on `object` that it does not support.
    case invalidOperation(object: Any)
    /// Items were asked of `object`, a data source, before any were bound to it.
    case itemsNotYetBound(object: Any)
    /// `object` has no property named `propertyName` to observe.
    case invalidPropertyName(object: Any, propertyName: String)
    /// `object`, found at `propertyName` of `sourceObject`, cannot be observed.
    case invalidObjectOnKeyPath(object: Any, sourceObject: AnyObject, propertyName: String)
    /// Replacing a method implementation at run time failed (RxLiteUI never does that).
    case errorDuringSwizzling
    /// `object` is not of `targetType`.
    case castingError(object: Any, targetType: Any.Type)
}

// Unchecked: the payloads (`Any`, as in RxCocoa) only describe what failed; an error is read, not mutated, by whoever
// catches it.
extension RxCocoaError: @unchecked Sendable {}

extension RxCocoaError: CustomDebugStringConvertible {
    /// What failed and on which object, for a log.
    public var debugDescription: String {
        switch self {
        case .unknown:
            "An unknown error occurred."
        case .invalidOperation(let object):
            "An invalid operation was attempted on `\(object)`."
        case .itemsNotYetBound(let object):
            "Items were requested from `\(object)` before any were bound to it."
        case .invalidPropertyName(let object, let propertyName):
            "`\(object)` has no property named `\(propertyName)`."
        case .invalidObjectOnKeyPath(let object, let sourceObject, let propertyName):
            "`\(object)`, found as `\(propertyName)` of `\(sourceObject)`, cannot be observed."
        case .errorDuringSwizzling:
            "Replacing a method implementation failed."
        case .castingError(let object, let targetType):
            "`\(object)` cannot be cast to `\(targetType)`."
        }
    }
}
