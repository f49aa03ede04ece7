extension ObservableType {
    /// Maps each element to a sequence and emits only the elements of the latest one: a new element disposes the
    /// previous inner subscription. Completes when this sequence and the latest inner one have completed.
    ///
    /// [switch](https://reactivex.io/documentation/operators/switch.html)
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        mapToOneInnerAtATime(selector, whileOneRuns: .replaceIt)
    }

    /// Maps each element to a sequence, but drops elements that arrive while the previous inner sequence is still
    /// running. Completes when this sequence and the running inner one have completed.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        mapToOneInnerAtATime(selector, whileOneRuns: .ignoreTheNew)
    }

    /// What `flatMapLatest` and `flatMapFirst` run: at most one inner sequence at a time; `policy` says what an
    /// element arriving while one runs does.
    func mapToOneInnerAtATime<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source, whileOneRuns policy: InnerSequencePolicy
    ) -> Observable<Source.Element> {
        // One handler per policy, so that neither captures anything (see `UnaryOperatorObservable`).
        switch policy {
        case .replaceIt:
            UnaryOperatorObservable(asObservable(), selector) { sink, lifetime, observable in
                Self.subscribeOneInnerAtATime(Source.self, observable, sink, lifetime, replacing: true)
            }
        case .ignoreTheNew:
            UnaryOperatorObservable(asObservable(), selector) { sink, lifetime, observable in
                Self.subscribeOneInnerAtATime(Source.self, observable, sink, lifetime, replacing: false)
            }
        }
    }

    /// One subscription of ``mapToOneInnerAtATime(_:whileOneRuns:)``'s `observable`.
    static func subscribeOneInnerAtATime<Source: ObservableConvertibleType>(
        _: Source.Type, _ observable: Observable<Source.Element>, _ sink: @escaping EventSink<Source.Element>,
        _ lifetime: Lifetime, replacing: Bool
    ) {
        let operation = UnaryOperatorObservable<Element, Source.Element, Element, Source>.of(observable)
        let outer = SwitchOuter(
            parent: lifetime, selector: operation.function,
            state: SwitchStorage<Source.Element>.make(sink: sink),
            replacing: replacing)
        operation.source.subscribeChild(outer, of: lifetime) { outer.on($0) }
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of the latest inner sequence only.
    ///
    /// [switch](https://reactivex.io/documentation/operators/switch.html)
    public func switchLatest() -> Observable<Element.Element> {
        flatMapLatest { $0 }
    }
}

/// What `flatMapLatest` and `flatMapFirst` keep beside the emitter's state: the one inner subscription that may
/// emit.
struct SwitchState {
    // Guarded by the emitter's lock.
    var current: (id: UInt64, lifetime: Lifetime)?
    var latestID: UInt64 = 0
    var outerDone = false
}

/// The storage of `flatMapLatest` and `flatMapFirst`.
final class SwitchStorage<Element>: SerializedEmitter<Element, SwitchState> {
    /// A storage delivering to `sink`.
    static func make(sink: @escaping EventSink<Element>) -> SwitchStorage {
        make(sink: sink, state: SwitchState(), extraWords: 1)
    }

    deinit {
        spareChild.pointee = nil
    }

    /// A finished, unreferenced child lifetime ready for the next inner sequence, in the extra word (zero bits are
    /// `nil`). Touched only by ``start(_:parent:replacing:)``, without the lock (see there), so not in the state,
    /// which inner sequences' threads hand whole to their transitions under the lock.
    var spareChild: UnsafeMutablePointer<Lifetime?> { extraWords.assumingMemoryBound(to: Lifetime?.self) }

    /// Whether an inner subscription runs now.
    var hasCurrent: Bool { withLock { $0.current != nil } }

    /// Handles an event of the inner subscription `id`; events of a replaced inner are dropped.
    func innerEvent(_ event: Event<Element>, id: UInt64, parent: Lifetime) {
        var ended: Lifetime?
        emit { state in
            guard id == state.latestID, let current = state.current else { return nil }
            if case .completed = event {
                state.current = nil
                ended = current.lifetime
                return state.outerDone ? .completed : nil
            }
            return event
        }
        ended?.finishChild()
    }

    func outerCompleted() {
        emit { state in
            state.outerDone = true
            return state.current == nil ? .completed : nil
        }
    }

    /// Starts `just(element)` as the inner sequence, without subscribing to it: it ends during subscribe, so
    /// nothing stays current. The previous inner ends first, then the element goes out (at once when there is no
    /// previous inner). With `replacing`, a running inner is disposed first; without, `element` is dropped while one
    /// runs.
    func startJust(_ element: Element, replacing: Bool) {
        // The lock taken and handed to `unlock(emitting:)` here rather than through `emit { }`: an element of every
        // outer event takes this path, and the closure `emit` is handed was a call of its own per event.
        let state = state
        lock.lock()
        if isStopped || (!replacing && state.pointee.current != nil) {
            lock.unlock()
            return
        }
        let previous = state.pointee.current
        state.pointee.latestID &+= 1
        state.pointee.current = nil
        guard let previous else {
            unlock(emitting: .next(element))
            return
        }
        lock.unlock()
        previous.lifetime.finishChild()
        emit(.next(element))
    }

    /// Starts `inner` (not a `just`: see ``startJust(_:replacing:)``) as the one that may emit. With `replacing`, a
    /// running inner is disposed first; without, `inner` is dropped while one runs.
    func start(_ inner: Observable<Element>, parent: Lifetime, replacing: Bool) {
        var previous: (id: UInt64, lifetime: Lifetime)?
        // `spareChild` is touched only here, and `start` runs only from the outer upstream's handler, one call at
        // a time (the Rx contract), so it needs no lock. The child is made before the lock is taken: making one can
        // anchor the lifetimes above it (see `Lifetime.init(parent:)`), which may dispose an ended one.
        var child = spareChild.pointee.take() ?? Lifetime(parent: parent)
        let id = withLock { state -> UInt64? in
            if isStopped || (!replacing && state.current != nil) { return nil }
            previous = state.current
            state.latestID &+= 1
            state.current = (state.latestID, child)
            return state.latestID
        }
        guard let id else {
            // Dropped (`flatMapFirst` while an inner runs, or after the end): the unused child is the next spare.
            spareChild.pointee = child
            return
        }
        previous?.lifetime.finishChild()
        inner.subscribeTopLevel({ [self] event in innerEvent(event, id: id, parent: parent) }, child)
        if parent.attachIfRunning(child) { return }
        // An inner that ended during subscribe leaves its child for the next one when nothing else holds it; events
        // from a stale inner carry an old `id` and are dropped anyway.
        if Lifetime.reuse(&child) { spareChild.pointee = child }
    }
}

/// What `flatMapLatest` (replace the running inner sequence) and `flatMapFirst` (ignore new elements while it runs)
/// do with an element that arrives while an inner sequence runs.
enum InnerSequencePolicy: Sendable {
    case replaceIt
    case ignoreTheNew
}

/// The outer upstream's child lifetime in `flatMapLatest`/`flatMapFirst`, which also handles its events, for the
/// reason ``FlatMapOuter`` does.
final class SwitchOuter<Outer, Source: ObservableConvertibleType>: Lifetime, @unchecked Sendable {
    let selector: (Outer) throws -> Source
    let state: SwitchStorage<Source.Element>
    /// `true` for `flatMapLatest` (a new inner replaces the running one), `false` for `flatMapFirst`.
    let replacing: Bool

    init(
        parent: Lifetime, selector: @escaping (Outer) throws -> Source, state: SwitchStorage<Source.Element>,
        replacing: Bool
    ) {
        self.selector = selector
        self.state = state
        self.replacing = replacing
        super.init(parent: parent)
    }

    /// Handles an event of the outer upstream; its end ends this child first (rule 4).
    func on(_ event: Event<Outer>) {
        switch event {
        case .next(let element):
            if !replacing && state.hasCurrent { return }
            let inner: Observable<Source.Element>
            do { inner = try selector(element).asObservable() } catch {
                state.emit(.error(error))
                return
            }
            if let element = inner.justElement {
                state.startJust(element, replacing: replacing)
            } else {
                state.start(inner, parent: parent.unsafelyUnwrapped, replacing: replacing)
            }
        case .error(let error):
            finishChild()
            state.emit(.error(error))
        case .completed:
            finishChild()
            state.outerCompleted()
        }
    }
}
