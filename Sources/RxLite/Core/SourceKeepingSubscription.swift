/// The disposable of a subscription to a subject: the subscription's lifetime, and the subject kept alive with it.
final class SourceKeepingSubscription: Cancelable, @unchecked Sendable {
    let lifetime: Lifetime
    let source: AnyObject

    init(lifetime: Lifetime, source: AnyObject) {
        self.lifetime = lifetime
        self.source = source
    }

    var isDisposed: Bool { lifetime.isDisposed }

    func dispose() { lifetime.dispose() }
}

extension Lifetime {
    /// The lifetime of `disposable` when it is a subscription RxLite made (what `subscribe` returns), for the
    /// containers that forget a subscription once it ended.
    @inline(__always)
    static func of(_ disposable: any Disposable) -> Lifetime? {
        of(object: heldAsObject(disposable))
    }

    /// ``of(_:)`` for a disposable object: casting an object to a class is a walk up its class chain, where casting
    /// an `any Disposable` was a search of the protocol conformances, many times dearer.
    static func of(object: any Disposable & AnyObject) -> Lifetime? {
        if let lifetime = object as? Lifetime { return lifetime }
        return (object as? SourceKeepingSubscription)?.lifetime
    }
}
