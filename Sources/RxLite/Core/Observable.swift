/// RxSwift's other name for ``Observable``, for code that also imports a module with an `Observable` of its own.
public typealias RxObservable<Element> = Observable<Element>

/// A push-based sequence of elements, ending with an error or completion, or never.
///
/// An observable does nothing until it is subscribed; every subscription runs it again (use ``share(replay:scope:)``
/// to share one run). It is a class, as in RxSwift: subjects (``PublishSubject``, ``BehaviorSubject``,
/// ``ReplaySubject``, ``AsyncSubject``) and ``ConnectableObservable`` are observables, so they can be passed where an
/// `Observable` is expected and referenced weakly. Each operator makes one small object holding the recipe of its
/// subscription; an event travels the chain as one direct closure call per operator.
///
/// To write a source of your own use ``create(_:)``, or implement ``ObservableType/subscribe(_:)`` on a type of your
/// own.
public class Observable<Element>: ObservableType {
    /// Runs one subscription: sends events to `sink` and ties whatever it holds to `lifetime`. The third argument
    /// is the observable itself, for a handler that keeps its state in a subclass's fields rather than in captures
    /// (``JustObservable``, ``UnaryOperatorObservable``): such a handler captures nothing, so building the observable
    /// allocates only the object, not a closure context too.
    ///
    /// The contract a handler keeps: it checks `lifetime.isActive` before every emission; it never calls `sink`
    /// concurrently or after a terminal event; it inserts every resource it keeps into `lifetime`.
    typealias Handler = (
        _ sink: EventSink<Element>, _ lifetime: Lifetime, _ observable: Observable<Element>
    ) -> Void

    let handler: Handler

    /// For a sequence made by ``just(_:)``, which emits its element and completes during subscribe: calls `body`
    /// with the element and returns `true`, without subscribing; `false` for any other sequence. Operators that
    /// subscribe to many short inner sequences (`flatMap`, `flatMapLatest`) take a `just`'s element this way.
    ///
    /// Only ``JustObservable`` overrides it, and holds the element: an `Element?` stored in this class made every
    /// observable's deallocation look up `Optional<Element>`'s metadata (the class's deinit is not specialized), and
    /// reading the subclass's field from here looked up the metadata of `Element?` and of the subclass on every
    /// call, where the subclass's own method takes its layout from the object.
    func withJustElement(_ body: (Element) -> Void) -> Bool { false }

    /// For a subject of RxLite's own: the sink through which a connectable feeds it for `connection`, which hands
    /// each element to the subject's hub as itself and runs `beforeEnd` before the subject hears of the end; `nil`
    /// for any other sequence. Only the subjects override it.
    func feedSink(connection: Lifetime, beforeEnd: @escaping () -> Void) -> EventSink<Element>? { nil }

    /// Whether this is a ``JustObservable``.
    let isJust: Bool
    #if DEBUG
        /// The file of the operator that made this sequence (`"RxLite/Map.swift"`), which names it in the chain of
        /// a live subscription (``Resources/liveSubscriptions()``). Debug builds only.
        let operatorFile: StaticString
    #endif

    init(_ handler: @escaping Handler, operatorFile: StaticString = #fileID) {
        self.handler = handler
        isJust = false
        isKeptAliveBySubscriptions = false
        #if DEBUG
            self.operatorFile = operatorFile
        #endif
    }

    /// For ``JustObservable``.
    init(isJust: Bool, _ handler: @escaping Handler) {
        self.handler = handler
        self.isJust = isJust
        isKeptAliveBySubscriptions = false
        #if DEBUG
            operatorFile = "RxLite/Just.swift"
        #endif
    }

    /// A subject's or connectable's: a subscription's disposable keeps it alive (see
    /// ``isKeptAliveBySubscriptions``). `handler` must not capture the observable itself (that would be a cycle): a
    /// subject's captures its hub.
    init(keptAliveBySubscriptions: Bool, _ handler: @escaping Handler, operatorFile: StaticString = #fileID) {
        self.handler = handler
        isJust = false
        isKeptAliveBySubscriptions = keptAliveBySubscriptions
        #if DEBUG
            self.operatorFile = operatorFile
        #endif
    }

    /// Runs one subscription (see ``handler`` for the contract).
    final func runSubscription(_ sink: EventSink<Element>, _ lifetime: Lifetime) {
        #if DEBUG
            SubscriptionChainRecording.note(operatorFile, subscribing: lifetime)
        #endif
        handler(sink, lifetime, self)
    }

    /// Runs one subscription whose events go to `handler`, a closure that takes whole events (``ClosureSink``).
    final func runSubscription(_ handler: @escaping (Event<Element>) -> Void, _ lifetime: Lifetime) {
        runSubscription(ClosureSink(handler), lifetime)
    }

    /// Whether the disposable of a subscription to this sequence keeps it alive: `true` for a subject or a
    /// connectable, which only their own subscribers' disposables may keep (a subject that references them in turn
    /// would never be freed).
    let isKeptAliveBySubscriptions: Bool

    /// Itself.
    public final func asObservable() -> Observable<Element> { self }
}
