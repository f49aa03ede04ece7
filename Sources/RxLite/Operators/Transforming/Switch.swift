/// The state of `flatMapLatest` and `flatMapFirst`: the one inner subscription that may emit.
@usableFromInline
class SwitchStorage<Element>: SerializedEmitter<Element>, @unchecked Sendable {
    // Guarded by `lock`.
    @usableFromInline
    @exclusivity(unchecked) final var current: (id: UInt64, lifetime: Lifetime)?
    @usableFromInline
    @exclusivity(unchecked) final var latestID: UInt64 = 0
    @usableFromInline
    @exclusivity(unchecked) final var outerDone = false
    // Touched only by `start`: a finished, unreferenced child lifetime ready for the next inner sequence.
    @usableFromInline
    @exclusivity(unchecked) final var spareChild: Lifetime?

    @inlinable
    override init(sink: @escaping EventSink<Element>) {
        super.init(sink: sink)
    }

    /// Handles an event of the inner subscription `id`; events of a replaced inner are dropped.
    @inlinable
    final func innerEvent(_ event: Event<Element>, id: UInt64, parent: Lifetime) {
        lock.lock()
        guard id == latestID, let current else {
            lock.unlock()
            return
        }
        if case .completed = event {
            self.current = nil
            if outerDone {
                emitLocked(.completed)
            } else {
                lock.unlock()
            }
            current.lifetime.finishChild()
            return
        }
        emitLocked(event)
    }

    @inlinable
    final func outerCompleted() {
        lock.lock()
        outerDone = true
        if current == nil {
            emitLocked(.completed)
        } else {
            lock.unlock()
        }
    }

    /// Starts `inner` as the one that may emit. With `replacing`, a running inner is disposed first; without,
    /// `inner` is dropped while one runs.
    @inlinable
    final func start(_ inner: Observable<Element>, parent: Lifetime, replacing: Bool) {
        lock.lock()
        if isStopped || (!replacing && current != nil) {
            lock.unlock()
            return
        }
        let previous = current
        latestID &+= 1
        if let element = inner.justElement {
            // Ends during subscribe, so nothing stays current: the previous inner ends first, then the element goes
            // out.
            current = nil
            if let previous {
                lock.unlock()
                previous.lifetime.finishChild()
                lock.lock()
            }
            emitLocked(.next(element))
            return
        }
        let id = latestID
        // `spareChild` is touched only here, and `start` runs only from the outer upstream's handler, one call at
        // a time (the Rx contract), so it needs no lock.
        var child = spareChild.take() ?? Lifetime(parent: parent)
        current = (id, child)
        lock.unlock()
        previous?.lifetime.finishChild()
        inner.runSubscription({ [self] event in innerEvent(event, id: id, parent: parent) }, child)
        if child.isActive {
            parent.attach(child)
            return
        }
        if !child.isDisposed { child.dispose() }
        // An inner that ended during subscribe leaves its child for the next one when nothing else holds it; events
        // from a stale inner carry an old `id` and are dropped anyway.
        if Lifetime.reuse(&child) { spareChild = child }
    }
}

/// What `flatMapLatest` (replace the running inner sequence) and `flatMapFirst` (ignore new elements while it runs)
/// do with an element that arrives while an inner sequence runs.
@usableFromInline
enum InnerSequencePolicy: Sendable {
    case replaceIt
    case ignoreTheNew
}

extension ObservableType {
    /// Maps each element to a sequence and emits only the elements of the latest one: a new element disposes the
    /// previous inner subscription. Completes when this sequence and the latest inner one have completed.
    ///
    /// [switch](https://reactivex.io/documentation/operators/switch.html)
    @inlinable
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        mapToOneInnerAtATime(selector, whileOneRuns: .replaceIt)
    }

    /// Maps each element to a sequence, but drops elements that arrive while the previous inner sequence is still
    /// running. Completes when this sequence and the running inner one have completed.
    @inlinable
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        mapToOneInnerAtATime(selector, whileOneRuns: .ignoreTheNew)
    }

    /// What `flatMapLatest` and `flatMapFirst` run: at most one inner sequence at a time; `policy` says what an
    /// element arriving while one runs does.
    @inlinable
    func mapToOneInnerAtATime<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source, whileOneRuns policy: InnerSequencePolicy
    ) -> Observable<Source.Element> {
        let replacing = policy == .replaceIt
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let state = SwitchMapStorage(sink: sink, selector: selector, lifetime: lifetime, replacing: replacing)
            source.subscribeChild(of: lifetime) { state.onOuter($0) }
        }
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of the latest inner sequence only.
    ///
    /// [switch](https://reactivex.io/documentation/operators/switch.html)
    @inlinable
    public func switchLatest() -> Observable<Element.Element> {
        flatMapLatest { $0 }
    }
}

/// The storage of `flatMapLatest`/`flatMapFirst`: ``SwitchStorage`` with the selector, the subscription's lifetime
/// and the policy, so that the outer upstream's sink captures this one object and allocates no context of its own.
@usableFromInline
final class SwitchMapStorage<Outer, Source: ObservableConvertibleType>: SwitchStorage<Source.Element>,
    @unchecked Sendable
{
    /// Used and cleared only by ``onOuter(_:)`` (the outer upstream calls it one event at a time). Let go of at the
    /// outer end, so that a selector capturing something that holds an inner observer (and so this storage) makes
    /// no cycle once the outer sequence is done.
    @usableFromInline
    @exclusivity(unchecked) var selector: ((Outer) throws -> Source)?
    @usableFromInline
    let lifetime: Lifetime
    /// `true` for `flatMapLatest` (a new inner replaces the running one), `false` for `flatMapFirst`.
    @usableFromInline
    let replacing: Bool

    @inlinable
    init(
        sink: @escaping EventSink<Source.Element>, selector: @escaping (Outer) throws -> Source, lifetime: Lifetime,
        replacing: Bool
    ) {
        self.selector = selector
        self.lifetime = lifetime
        self.replacing = replacing
        super.init(sink: sink)
    }

    /// Handles an event of the outer upstream.
    @inlinable
    func onOuter(_ event: Event<Outer>) {
        switch event {
        case .next(let element):
            if !replacing && lock.withLock({ current != nil }) { return }
            let inner: Observable<Source.Element>
            guard let selector else { return }
            do { inner = try selector(element).asObservable() } catch {
                emit(.error(error))
                return
            }
            start(inner, parent: lifetime, replacing: replacing)
        case .error(let error):
            selector = nil
            emit(.error(error))
        case .completed:
            selector = nil
            outerCompleted()
        }
    }
}
