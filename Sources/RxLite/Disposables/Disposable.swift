/// A resource that can be released: a subscription, a scheduled action, a registration.
///
/// Every disposable in RxLite is idempotent (a second `dispose()` does nothing) and thread-safe.
///
/// Unlike RxSwift's, the protocol is class-bound: a disposable is an identity (a subscription, a registration),
/// and a class-bound existential is one pointer to copy instead of a boxed value, which matters on the paths that
/// subscribe per event (`flatMap`). Use ``Disposables/create(with:)`` where RxSwift code used a struct.
public protocol Disposable: AnyObject {
    /// Releases the resource.
    func dispose()
}

/// A disposable that can tell whether it was disposed.
public protocol Cancelable: Disposable {
    /// `true` once `dispose()` has run.
    var isDisposed: Bool { get }
}

extension Disposable {
    /// Adds this disposable to `bag`, which disposes it when the bag is deallocated (or, for a subscription, lets
    /// it go once it has ended). Debug builds note the place of the call for ``Resources/liveSubscriptions()``.
    public func disposed(by bag: DisposeBag, file: StaticString = #fileID, line: UInt = #line) {
        noteBagPlace(file: file, line: line)
        bag.insert(self)
    }
}
