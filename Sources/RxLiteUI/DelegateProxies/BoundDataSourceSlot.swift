import Foundation
import RxLite

#if canImport(ObjectiveC)
    import ObjectiveC
#endif

/// The data source (or picker adapter) that an `items` binding puts in front of a proxy's forward delegate: the
/// proxy asks it first, and the delegate the app set (the forward delegate) for every call it does not implement. So
/// an app's own data source keeps its section titles, editing rules and the rest beside `rx.items`.
///
/// Invariant: `dataSource` is the data source of the binding made last by ``bind(_:)`` and not yet ended by
/// ``unbind(_:)``, or `nil`. It is held strongly: a binding keeps its data source alive (the parent's slot holds the
/// proxy weakly), and ending it releases the data source.
///
/// Bindings start and end on the main actor; NSObject's forwarding hooks, which read the slot, may be asked on any
/// thread, so the state is behind a lock (never held while calling out).
final class BoundDataSourceSlot: @unchecked Sendable {
    private struct State {
        var dataSource: AnyObject?
        /// Identifies the binding in force, so that ending an older one leaves a newer one alone.
        var binding = 0
    }

    private let state = Locked(State())

    /// The bound data source, if a binding is in force.
    var dataSource: AnyObject? { state.withLock { $0.dataSource } }

    /// Binds `dataSource`, replacing a data source bound before; returns the binding's identity for ``unbind(_:)``.
    func bind(_ dataSource: AnyObject) -> Int {
        // The replaced data source is released after the lock: a deinit is user code.
        let (binding, replaced) = state.withLock { state -> (Int, AnyObject?) in
            let replaced = state.dataSource
            state.binding += 1
            state.dataSource = dataSource
            return (state.binding, replaced)
        }
        withExtendedLifetime(replaced) {}
        return binding
    }

    /// Ends binding `binding`, releasing its data source; returns whether it was still in force (a later binding
    /// stays).
    func unbind(_ binding: Int) -> Bool {
        // Released after the lock: a data source's deinit is user code.
        let released: AnyObject? = state.withLock { state in
            guard binding == state.binding, let bound = state.dataSource else { return nil }
            state.dataSource = nil
            return bound
        }
        return released != nil
    }

    /// The object a call goes to, among the bound data source and then `forward`: the first that `implements` the
    /// call, or `nil` when neither does (the proxy then answers itself: an empty answer for a required call).
    func answerer(forward: AnyObject?, implements: (AnyObject) -> Bool) -> AnyObject? {
        if let dataSource, implements(dataSource) { return dataSource }
        if let forward, implements(forward) { return forward }
        return nil
    }

    /// Whether the proxy claims a call that it implements only to observe it (a table's `commit` of an edit, a row
    /// moved): while something observes it, or when the bound data source or `forward` implements it. Claiming such
    /// a call changes what the view offers (swipe to delete, reordering), so an unobserved proxy must not.
    func claims(observed: Bool, forward: AnyObject?, implements: (AnyObject) -> Bool) -> Bool {
        observed || answerer(forward: forward, implements: implements) != nil
    }

    /// The proxy's `responds(to:)`: a call it implements only to observe (one of `observedCalls`, with whether it is
    /// observed) as ``claims(observed:forward:implements:)`` says; any other when the proxy itself or `forward`
    /// implements it (`answeredByProxyOrForward`, NSObject's answer) or the bound data source does.
    func responds<Call: Equatable>(
        to call: Call, observedCalls: [(call: Call, isObserved: Bool)], forward: AnyObject?,
        answeredByProxyOrForward: Bool, implements: (AnyObject) -> Bool
    ) -> Bool {
        if let observedCall = observedCalls.first(where: { $0.call == call }) {
            return claims(observed: observedCall.isObserved, forward: forward, implements: implements)
        }
        return answeredByProxyOrForward || (dataSource.map(implements) ?? false)
    }

    #if canImport(ObjectiveC)
        /// The object that answers `selector`: the bound data source, then `forward`, whichever responds first.
        func answerer(forward: AnyObject?, for selector: Selector) -> AnyObject? {
            answerer(forward: forward, implements: Self.responder(to: selector))
        }

        /// ``responds(to:observedCalls:forward:answeredByProxyOrForward:implements:)`` for an Objective-C message.
        func responds(
            to selector: Selector, observedCalls: [(call: Selector, isObserved: Bool)], forward: AnyObject?,
            answeredByProxyOrForward: Bool
        ) -> Bool {
            responds(
                to: selector, observedCalls: observedCalls, forward: forward,
                answeredByProxyOrForward: answeredByProxyOrForward, implements: Self.responder(to: selector))
        }

        private static func responder(to selector: Selector) -> (AnyObject) -> Bool {
            { ($0 as? NSObject)?.responds(to: selector) ?? false }
        }
    #endif
}

/// A delegate call that a proxy implements only to observe it, and claims (`responds(to:)`) only while something
/// observes it or a delegate behind the proxy implements it: see
/// ``BoundDataSourceSlot/claims(observed:forward:implements:)``. Read on any thread, as the slot is.
final class ObservedCall<Element: Sendable>: Sendable {
    /// Receives each call.
    let calls = PublishSubject<Element>()
    private let observerCount = Locked(0)

    /// Whether something observes the call.
    var isObserved: Bool { observerCount.withLock { $0 > 0 } }

    /// Counts one more observer (`by: 1`) or one fewer (`by: -1`); returns whether ``isObserved`` changed.
    func countObservers(by change: Int) -> Bool {
        observerCount.withLock { count in
            let wasObserved = count > 0
            count += change
            precondition(count >= 0, "Internal inconsistency: an observed call lost more observers than it had")
            return wasObserved != (count > 0)
        }
    }
}

extension DelegateProxy {
    /// The calls of `call`, as ``events(_:current:)`` gives them; while subscribed the call counts as observed, and
    /// the proxy is assigned to the parent's slot again when that changes, since UIKit reads what a delegate
    /// implements at assignment.
    func events<Element: Sendable>(_ call: ObservedCall<Element>) -> Observable<Element> {
        let calls = events(call.calls)
        return Observable<Element>.create { [weak self] observer in
            // Counted before the inner subscription puts the proxy in the slot, so that the slot reads the new answer.
            MainActor.assumeIsolated {
                if call.countObservers(by: 1) { self?.reassignParentSlot() }
            }
            let subscription = calls.subscribe(observer)
            return Disposables.create { [weak self] in
                subscription.dispose()
                onMainActor {
                    if call.countObservers(by: -1) { self?.reassignParentSlot() }
                }
            }
        }
        .subscribe(on: MainScheduler.instance)
    }

    /// Puts `dataSource` in `slot`, in front of the forward delegate, until the result is disposed: that observes the
    /// proxy (it takes the parent's slot), and the parent's slot is assigned again at both ends, since what the proxy
    /// implements changes with it. `unbound` runs on the main actor once the binding has ended, if no later binding
    /// replaced it (a view reloads there).
    func install(
        _ dataSource: AnyObject, in slot: BoundDataSourceSlot, unbound: @escaping @MainActor () -> Void = {}
    ) -> any Disposable {
        let binding = slot.bind(dataSource)
        beginObservation()
        reassignParentSlot()
        return Disposables.create { [weak self] in
            onMainActor {
                guard let proxy = self else { return }
                let ended = slot.unbind(binding)
                if ended { proxy.reassignParentSlot() }
                proxy.endObservation()
                if ended { unbound() }
            }
        }
    }

    /// Binds `source` to the parent through `dataSource`, as RxCocoa's `items(dataSource:)` does: `dataSource` goes in
    /// `slot` (see ``install(_:in:unbound:)``) and receives each element on the main actor through `observe`, until
    /// the result is disposed or the parent goes away. When `source` completes, the data source goes on showing its
    /// last element; an error stops the program in debug builds, as any binding error does.
    func bind<Element>(
        _ source: Observable<Element>, through dataSource: AnyObject, in slot: BoundDataSourceSlot,
        observe: @escaping @MainActor (Event<Element>) -> Void, unbound: @escaping @MainActor () -> Void = {}
    ) -> any Disposable {
        let installation = install(dataSource, in: slot, unbound: unbound)
        // The binder holds the proxy weakly; `observe` holds the data source, as the slot does.
        let subscription = source.take(until: ended)
            .subscribe(Binder(self) { _, element in observe(.next(element)) })
        return Disposables.create(subscription, installation)
    }
}
