#if canImport(Foundation)
    import Foundation
#endif

/// The `.rx` namespace: extensions on `Reactive<Base>` add reactive APIs to `Base` without polluting it, as in
/// RxSwift (`button.rx.tap`).
///
/// For a class, every writable property is also a ``Binder`` through dynamic member lookup, as in RxSwift 6:
/// `viewModel.title.bind(to: label.rx.text)` works for any settable `text`, with no extension written. A member an
/// extension declares (RxLiteUI's `textField.rx.text`, a `ControlProperty`) takes precedence over the key path.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The object the extensions act on.
    public let base: Base

    /// A namespace for `base`.
    public init(_ base: Base) {
        self.base = base
    }

    /// A binder that sets `keyPath` of `base` to each element, on the main scheduler (at once when the element
    /// already arrives on the main queue), while `base` is alive; it holds `base` weakly. Completion is ignored
    /// and an error is a programming error, as for every ``Binder``.
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property>
    where Base: AnyObject {
        // Applied on the main queue, where UIKit and AppKit properties must be set. The closure is not `@MainActor`
        // (that would need a `Sendable` key path, which a generic one is not); the main scheduler is what
        // guarantees the thread.
        let setProperty: (Base, Property) -> Void = { base, value in base[keyPath: keyPath] = value }
        return Binder(base, scheduler: MainScheduler.instance, binding: setProperty)
    }
}

/// A type with the `.rx` namespace.
public protocol ReactiveCompatible {
    /// The type `.rx` extends.
    associatedtype ReactiveBase

    /// The reactive extensions of the type.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// The reactive extensions of this value.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// The reactive extensions of the type.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        // Lets extensions declare mutating reactive members, as in RxSwift.
        set {}
    }

    /// The reactive extensions of this value.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        set {}
    }
}

#if canImport(Foundation)
    // Every Foundation object (and so every UIKit and AppKit one) has `.rx`, as in RxSwift.
    extension NSObject: ReactiveCompatible {}
#endif

#if canImport(Foundation) && !canImport(ObjectiveC)
    // Outside Apple platforms Foundation's `NotificationCenter` is not an `NSObject`; it gets `.rx` of its own, so
    // that `NotificationCenter.default.rx.notification(_:object:)` (RxLiteUI) compiles everywhere.
    extension NotificationCenter: ReactiveCompatible {}
#endif
