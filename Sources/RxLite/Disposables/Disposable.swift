/// A resource that can be released: a subscription, a scheduled action, a registration.
///
/// Every disposable in RxLite is idempotent (a second `dispose()` does nothing) and thread-safe. As in RxSwift, any
/// type can be one, a struct included.
public protocol Disposable {
    /// Releases the resource.
    func dispose()

    /// This disposable as an object, for RxLite's own storage: itself when it is one (a class), else a box holding
    /// it. Implemented for every conforming type; not for programs to implement or call.
    var _rxLiteObject: any Disposable & AnyObject { get }
}

extension Disposable {
    /// A box holding this disposable (a struct or an enum).
    public var _rxLiteObject: any Disposable & AnyObject { BoxedDisposable(self) }
}

extension Disposable where Self: AnyObject {
    /// This disposable itself: no cast, no box.
    public var _rxLiteObject: any Disposable & AnyObject { self }
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
