/// A disposable that is not an object, held by a `Lifetime` (whose resources are objects: see
/// ``Lifetime/Resource``), as ``heldAsObject(_:)`` makes it.
final class BoxedDisposable: Disposable {
    private let wrapped: any Disposable

    init(_ wrapped: any Disposable) {
        self.wrapped = wrapped
    }

    func dispose() {
        wrapped.dispose()
    }
}

/// `disposable` as an object, for RxLite's own storage: itself when it is one (a class), else a ``BoxedDisposable``
/// holding it (see ``disposableObject(_:)``).
///
/// Always inlined, and so is every function that hands it an `any Disposable` it was given: the optimizer rewrites a
/// function taking an existential that some caller builds from a concrete type to take that type as a generic
/// parameter, and the rewritten one built a new existential container to call this, through the runtime and the
/// type's value witnesses (+165 instructions a call; MapFilterDriverCreating 88,603 -> 89,098). It leaves functions
/// that are always inlined as they are.
@inline(__always)
func heldAsObject(_ disposable: any Disposable) -> any Disposable & AnyObject {
    disposableObject(disposable) ?? BoxedDisposable(disposable)
}
