import RxLite

/// Runs actions when it is released. Attached to an object (an associated object, on Apple platforms:
/// ``DeallocationSignal/attached(to:)``), it is released while that object is deallocated: that is how
/// `rx.deallocated`, control events and properties and `rx.observeWeakly` learn that an object went away, without
/// replacing `dealloc` as RxCocoa does.
///
/// The actions run in the order they were added, on the thread that released the object, during its deallocation:
/// after its `deinit`, when weak references to it already read `nil`.
final class DeallocationSignal: Sendable {
    private struct Actions {
        var nextKey = 0
        var pending: [Int: @Sendable () -> Void] = [:]
    }

    private let actions = Locked(Actions())

    /// One element, then completion, when this signal is released; at once when it is gone already. The sequence holds
    /// the signal weakly, so a subscription never keeps it (and its object) alive.
    var released: Observable<Void> {
        Observable.create { [weak self] observer in
            guard let self else {
                observer.onNext(())
                observer.onCompleted()
                return Disposables.create()
            }
            return whenReleased {
                observer.onNext(())
                observer.onCompleted()
            }
        }
    }

    /// Runs `action` when this signal is released, unless the result was disposed before.
    func whenReleased(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        let key = actions.withLock { actions in
            defer { actions.nextKey += 1 }
            actions.pending[actions.nextKey] = action
            return actions.nextKey
        }
        return Disposables.create { [weak self] in
            _ = self?.actions.withLock { $0.pending.removeValue(forKey: key) }
        }
    }

    deinit {
        // Nothing else can reach the signal any more; the lock is taken only to read the actions out, and the
        // actions (which call observers) run after it.
        let pending = actions.withLock { $0.pending.sorted { $0.key < $1.key }.map(\.value) }
        for action in pending { action() }
    }
}
