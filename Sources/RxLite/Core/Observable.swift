/// A type that can be turned into an ``Observable``.
public protocol ObservableConvertibleType<Element> {
    /// The type of the elements.
    associatedtype Element

    /// The sequence as an ``Observable``.
    func asObservable() -> Observable<Element>
}

/// A push-based sequence: ``Observable`` and everything that wraps one.
///
/// Operators are defined on this protocol, so they read the same on every sequence type.
public protocol ObservableType<Element>: ObservableConvertibleType {}

/// The event sink that an operator hands to its source: called once per event, never concurrently.
public typealias EventSink<Element> = (Event<Element>) -> Void

/// A push-based sequence of elements, ending with an error or completion, or never.
///
/// An observable does nothing until it is subscribed; every subscription runs it again (use ``share(replay:scope:)``
/// to share one run). It is a value holding the recipe for a subscription: building a chain of operators allocates
/// one small closure per operator, and an event travels the chain as one direct closure call per operator.
///
/// To write a source of your own use ``create(_:)``.
public struct Observable<Element>: ObservableType {
    /// Runs one subscription: sends events to `sink` and ties whatever it holds to `lifetime`. The third argument
    /// is ``justElement``, which only the handler of ``just(_:)`` reads: that handler captures nothing, so building a
    /// `just` allocates nothing.
    ///
    /// The contract a handler keeps: it checks `lifetime.isActive` before every emission; it never calls `sink`
    /// concurrently or after a terminal event; it inserts every resource it keeps into `lifetime`.
    @usableFromInline
    let handler: (_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime, _ justElement: Element?) -> Void

    /// The element of a sequence made by ``just(_:)``, which emits it and completes during subscribe; `nil` for any
    /// other sequence. Operators that subscribe to many short inner sequences (`flatMap`, `flatMapLatest`,
    /// `combineLatest`, `merge`) take it directly instead of running a subscription.
    ///
    /// Handed to the handler rather than tested before calling it: any branch in ``runSubscription(_:_:)`` stopped
    /// the optimizer fusing a chain of `map`/`filter` closures into one function (MapFilterPumping went from 25 to
    /// 100 ns per event).
    @usableFromInline
    let justElement: Element?
    #if DEBUG
        /// The file of the operator that made this sequence (`"RxLite/Map.swift"`), which names it in the chain of
        /// a live subscription (``Resources/liveSubscriptions()``). Debug builds only.
        @usableFromInline
        let operatorFile: StaticString
    #endif

    @inlinable
    init(
        _ handler:
            @escaping (
                _ sink: @escaping EventSink<Element>, _ lifetime: Lifetime, _ justElement: Element?
            ) -> Void,
        operatorFile: StaticString = #fileID
    ) {
        self.handler = handler
        justElement = nil
        #if DEBUG
            self.operatorFile = operatorFile
        #endif
    }

    @inlinable
    init(justElement element: Element) {
        handler = { sink, lifetime, element in
            sink(.next(element!))
            if lifetime.isActive { sink(.completed) }
        }
        justElement = element
        #if DEBUG
            operatorFile = "RxLite/Just.swift"
        #endif
    }

    /// Runs one subscription (see ``handler`` for the contract).
    @inlinable
    func runSubscription(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) {
        #if DEBUG
            SubscriptionChainRecording.note(operatorFile, subscribing: lifetime)
        #endif
        handler(sink, lifetime, justElement)
    }

    @inlinable
    public func asObservable() -> Observable<Element> { self }
}

extension Observable {
    /// Subscribes with a child of `lifetime` that ends, and leaves its parent, as soon as this sequence completes:
    /// for operators whose upstreams finish one by one (merge, flatMap, combineLatest, zip). The child is attached
    /// to the parent only if it is still running once `runSubscription` returns, so a sequence that finishes during
    /// subscribe (`just`) never touches the parent's lock.
    @inlinable
    func subscribeChild(of lifetime: Lifetime, _ sink: @escaping EventSink<Element>) {
        if justElement != nil {
            // Ends during subscribe and holds nothing: no child needed.
            runSubscription(sink, lifetime)
            return
        }
        let child = ForwardingChild(parent: lifetime, sink: sink)
        subscribeChild(child, of: lifetime) { child.on($0) }
    }

    /// ``subscribeChild(of:_:)`` with a child the operator made (with `lifetime` as its parent), whose `sink` ends
    /// the child on the upstream's end: for an operator whose handler is the child itself, so that `sink` captures
    /// one object (``FlatMapOuter``). `lifetime` is the child's parent, passed rather than read from the child, which
    /// would retain it for the call (about 20 instructions per subscribed upstream).
    @inlinable
    func subscribeChild(_ child: Lifetime, of lifetime: Lifetime, _ sink: @escaping EventSink<Element>) {
        runSubscription(sink, child)
        lifetime.attachIfRunning(child)
    }
}
