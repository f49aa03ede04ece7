extension ObservableType {
    /// Maps each element to a sequence and emits only the elements of the latest one: a new element disposes the
    /// previous inner subscription. Completes when this sequence and the latest inner one have completed.
    ///
    /// [switch](https://reactivex.io/documentation/operators/switch.html)
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        flatMapSwitch(selector, whileOneRuns: .replaceIt)
    }

    /// The switch, which `flatMapLatest` and `flatMapFirst` run: at most one inner sequence at a time; `policy`
    /// says what an element arriving while one runs does.
    func flatMapSwitch<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source, whileOneRuns policy: SwitchPolicy
    ) -> Observable<Source.Element> {
        // One handler per policy, so that neither captures anything (see `UnaryOperatorObservable`).
        switch policy {
        case .replaceIt:
            UnaryOperatorObservable(asObservable(), selector) { sink, lifetime, observable in
                Self.subscribeSwitch(Source.self, observable, sink, lifetime, whileOneRuns: .replaceIt)
            }
        case .ignoreTheNew:
            UnaryOperatorObservable(asObservable(), selector) { sink, lifetime, observable in
                Self.subscribeSwitch(Source.self, observable, sink, lifetime, whileOneRuns: .ignoreTheNew)
            }
        }
    }

    /// One subscription of ``flatMapSwitch(_:whileOneRuns:)``'s `observable`.
    static func subscribeSwitch<Source: ObservableConvertibleType>(
        _: Source.Type, _ observable: Observable<Source.Element>, _ sink: EventSink<Source.Element>,
        _ lifetime: Lifetime, whileOneRuns policy: SwitchPolicy
    ) {
        let operation = UnaryOperatorObservable<Element, Source.Element, Element, Source>.of(observable)
        let child = Lifetime.make(parent: lifetime)
        let outer = SwitchOuterSink(
            child: child, selector: operation.function, state: SwitchStorage<Source.Element>.make(sink: sink),
            policy: policy)
        operation.source.subscribeChild(child, of: lifetime, outer)
    }
}

/// What the switch does with an element that arrives while an inner sequence runs: `flatMapLatest` replaces the
/// running inner sequence, `flatMapFirst` ignores the new element. Chosen once per operator and kept by its
/// ``SwitchOuter``; the storage is told it with each start.
enum SwitchPolicy: Sendable {
    case replaceIt
    case ignoreTheNew

    /// Whether an element that arrives while an inner sequence runs is dropped (`flatMapFirst`).
    var ignoresTheNew: Bool {
        if case .ignoreTheNew = self { return true }
        return false
    }
}

/// The storage of `flatMapLatest` and `flatMapFirst`: the switch's machine under an emitter, and nothing else, so the
/// emitter is all of it.
typealias SwitchStorage<Element> = SerializedEmitter<Element, SwitchStateMachine>

extension SerializedEmitter where State == SwitchStateMachine {
    /// A storage delivering to `sink`.
    static func make(sink: EventSink<Output>) -> SwitchStorage<Output> {
        make(sink: sink, state: SwitchStateMachine())
    }

    /// Whether an inner subscription runs now.
    var hasCurrent: Bool { withLock { $0.hasCurrent } }

    /// Handles an element of the inner subscription `id`; those of a replaced inner are dropped.
    func innerNext(_ element: Output, id: UInt64) {
        emit(next: element) { $0.admits(id) }
    }

    /// Handles an end of the inner subscription `id`; those of a replaced inner are dropped.
    func innerEvent(_ event: Event<Output>, id: UInt64) {
        guard case .completed = event else {
            emit { machine in machine.admits(id) ? event : nil }
            return
        }
        var ended: Lifetime?
        emit { machine in
            guard case .ended(let lifetime, let completesOutput) = machine.innerCompleted(id) else { return nil }
            ended = lifetime
            return completesOutput ? .completed : nil
        }
        ended?.finishChild()
    }

    func outerCompleted() {
        emit { machine in machine.outerCompleted() ? .completed : nil }
    }

    /// Starts `just(element)` as the inner sequence, without subscribing to it: it ends during subscribe, so
    /// nothing stays current. The previous inner ends first, then the element goes out (at once when there is no
    /// previous inner). `policy` says whether a running inner is disposed first or `element` is dropped.
    func startJust(_ element: Output, whileOneRuns policy: SwitchPolicy) {
        var previous: Lifetime?
        emit(next: element) { machine in
            switch machine.startJust(whileOneRuns: policy) {
            case .dropped:
                return false
            case .emit:
                return true
            case .emitAfterEnding(let replaced):
                previous = replaced
                return false
            }
        }
        guard let previous else { return }
        previous.finishChild()
        emit(next: element)
    }

    /// Starts `inner` (not a `just`: see ``startJust(_:whileOneRuns:)``) as the one that may emit. `policy` says
    /// whether a running inner is disposed first or `inner` is dropped.
    func start(_ inner: Observable<Output>, parent: Lifetime, whileOneRuns policy: SwitchPolicy) {
        // The child is made before the lock is taken for the start: making one can anchor the lifetimes above it
        // (see `Lifetime.init(parent:)`), which may dispose an ended one.
        var child = withLock { $0.takeSpareChild() } ?? Lifetime.make(parent: parent)
        // `nil` after the end; `.some(nil)` when dropped (`flatMapFirst` while an inner runs: the machine keeps the
        // unused child as the next spare).
        let started = withLockUnlessStopped { [child] machine in machine.start(child, whileOneRuns: policy) }
        guard let (id, replaced) = started ?? nil else { return }
        replaced?.finishChild()
        inner.subscribeTopLevel(SwitchInnerSink(state: self, id: id), child)
        if parent.attachIfRunning(child) { return }
        // An inner that ended during subscribe leaves its child for the next one when nothing else holds it; events
        // from a stale inner carry an old `id` and are dropped anyway.
        if Lifetime.reuse(&child) { withLock { [child] in $0.keepSpareChild(child) } }
    }
}

/// The sink of the outer upstream of `flatMapLatest`/`flatMapFirst`, which it subscribed with `child`. It holds the
/// selector, so the selector lives as long as the outer subscription.
final class SwitchOuterSink<Outer, Source: ObservableConvertibleType>: EventSink<Outer> {
    let child: Lifetime
    let selector: (Outer) throws -> Source
    let state: SwitchStorage<Source.Element>
    let policy: SwitchPolicy

    init(
        child: Lifetime, selector: @escaping (Outer) throws -> Source, state: SwitchStorage<Source.Element>,
        policy: SwitchPolicy
    ) {
        self.child = child
        self.selector = selector
        self.state = state
        self.policy = policy
    }

    override func on(next element: Outer) {
        if policy.ignoresTheNew && state.hasCurrent { return }
        let inner: Observable<Source.Element>
        do { inner = try selector(element).asObservable() } catch {
            state.emit(error: error)
            return
        }
        if inner.withJustElement({ state.startJust($0, whileOneRuns: policy) }) { return }
        state.start(inner, parent: child.parent.unsafelyUnwrapped, whileOneRuns: policy)
    }

    /// The outer upstream's end ends its child first (the rule "Consume a terminal, dispose its upstream").
    override func on(error: any Error) {
        child.finishChild()
        state.emit(error: error)
    }

    override func onCompleted() {
        child.finishChild()
        state.outerCompleted()
    }
}

/// The sink of one inner sequence of the switch, started as `id`: its events count only while it is the current one.
final class SwitchInnerSink<Element>: EventSink<Element> {
    let state: SwitchStorage<Element>
    let id: UInt64

    init(state: SwitchStorage<Element>, id: UInt64) {
        self.state = state
        self.id = id
    }

    override func on(next element: Element) { state.innerNext(element, id: id) }

    override func on(error: any Error) { state.innerEvent(.error(error), id: id) }

    override func onCompleted() { state.innerEvent(.completed, id: id) }
}
