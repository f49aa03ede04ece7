/// A disposable that is not an object, held by a `Lifetime` (whose resources are objects: see
/// ``Lifetime/Resource``), as ``Disposable/_rxLiteObject``.
final class BoxedDisposable: Disposable {
    private let wrapped: any Disposable

    init(_ wrapped: any Disposable) {
        self.wrapped = wrapped
    }

    func dispose() {
        wrapped.dispose()
    }
}
