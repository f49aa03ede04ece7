/// The `.rx` namespace: extensions on `Reactive<Base>` add reactive APIs to `Base` without polluting it, as in
/// RxSwift (`button.rx.tap`).
public struct Reactive<Base> {
    /// The object the extensions act on.
    public let base: Base

    /// A namespace for `base`.
    public init(_ base: Base) {
        self.base = base
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
