/// Disposes everything added to it when it is deallocated.
///
/// The usual owner of a screen's subscriptions: replacing the bag (`disposeBag = DisposeBag()`) cancels all of
/// them at once. Thread-safe, and `Sendable`: a `Sendable` service may keep one, and whichever thread releases the
/// bag last disposes its contents (RxLite's disposables may be disposed from any thread). A disposable added after
/// the bag was emptied by deallocation cannot happen, since adding needs a reference to the bag.
public final class DisposeBag: @unchecked Sendable {
    @usableFromInline
    let live = LiveResource()
    private let lock = SpinLock()
    @exclusivity(unchecked) private var disposables: [any Disposable] = []

    /// An empty bag.
    public init() {
    }

    /// Adds `disposable`, to be disposed when the bag goes away.
    public func insert(_ disposable: any Disposable) {
        lock.withLock { disposables.append(disposable) }
    }

    /// Adds all of `disposables`.
    public func insert(_ disposables: any Disposable...) {
        insert(disposables)
    }

    /// Adds all of `disposables` (RxSwift's `bag.insert([a, b])`).
    public func insert(_ disposables: [any Disposable]) {
        lock.withLock { self.disposables.append(contentsOf: disposables) }
    }

    deinit {
        // No other reference exists during deinit, so the list can be read without the lock.
        for disposable in disposables { disposable.dispose() }
    }
}

extension DisposeBag {
    /// Builds a bag from disposables listed one per line.
    public convenience init(@DisposableBuilder disposing disposables: () -> [any Disposable]) {
        self.init()
        for disposable in disposables() { insert(disposable) }
    }

    /// Adds the disposables listed one per line.
    public func insert(@DisposableBuilder _ builder: () -> [any Disposable]) {
        for disposable in builder() { insert(disposable) }
    }

    /// Collects disposables listed one per line.
    @resultBuilder
    public enum DisposableBuilder {
        /// The disposables in the order they are listed.
        public static func buildBlock(_ disposables: any Disposable...) -> [any Disposable] { disposables }
    }
}
