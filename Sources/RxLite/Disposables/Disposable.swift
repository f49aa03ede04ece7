/// A resource that can be released: a subscription, a scheduled action, a registration.
///
/// Every disposable in RxLite is idempotent (a second `dispose()` does nothing) and thread-safe. As in RxSwift, any
/// type can be one, a struct included.
public protocol Disposable {
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
