/// The observable of a `map`, `filter` or `compactMap` step: one step of a *run* of such steps, which subscribes as
/// one operator.
///
/// A step made on another step continues that step's run instead of subscribing to it. Subscribing to any step
/// subscribes to the run's source (the upstream of the run's first step) with one sink, a ``FusedRunSinkOf``, and
/// each source element goes through the steps as nested calls of their ``apply`` functions: the subscribed step asks
/// the step before it for its result (`nil`: filtered out), down to the first step, which reads the source element.
/// So a run of N steps allocates one sink per subscription instead of N, and an element costs N function calls
/// instead of N sink hops. Every step stays an observable of its own: subscribing to one in the middle of a run
/// runs the run up to it, and two steps may continue the same one (the steps hold no subscription state).
///
/// No step knows the type of its run's source element at compile time (its upstream is an `Observable<Input>`), so
/// the element travels as a pointer: the source's sink, built where the first step was made and the type was known,
/// hands the run the element's address, and the first step reads it as that type (``Observable/fusedResult(at:)``).
/// The pointer is valid only during that call, and only the first step of the run reads it.
///
/// Everything that runs per event is specialized code: each function here is formed in an `@inlinable`
/// initializer, where the caller's types are known, and captures nothing (it reads its state from the object it is
/// handed), so building a step allocates the step alone. The source's sink captures only the run's sink object.
@usableFromInline
final class FusedStepObservable<Element>: Observable<Element> {
    /// The upstream, kept alive for later subscriptions (the run's source, or the step before).
    @usableFromInline
    let upstream: AnyObject
    /// The steps of the run up to this one, which a subscription's sink holds (never this observable: see
    /// ``FusedStepFunction``).
    @usableFromInline
    let function: FusedStepFunction<Element>
    /// The run's source: the upstream of its first step, an `Observable` of the run's source element.
    @usableFromInline
    let runSource: AnyObject
    /// Subscribes `runSource` (handed as the first argument) with `lifetime`, delivering its events to `sink`.
    @usableFromInline
    let subscribeRunSource: (_ runSource: AnyObject, _ sink: FusedRunSink, _ lifetime: Lifetime) -> Void
    #if DEBUG
        /// The files of the steps before this one in its run, nearest first: a subscription notes them as if each
        /// step had run a subscription of its own (``Resources/liveSubscriptions()``).
        @usableFromInline
        let upstreamStepFiles: FusedStepFiles?
    #endif

    /// A step after `upstream`: it continues `upstream`'s run when `upstream` is a step, and starts a run on it
    /// otherwise. `function` must continue `upstream.fusedFunction`.
    @inlinable
    init<Input>(upstream: Observable<Input>, function: FusedStepFunction<Element>, operatorFile: StaticString) {
        self.upstream = upstream
        self.function = function
        if upstream.isFusedStep {
            let previous = unsafeDowncast(upstream, to: FusedStepObservable<Input>.self)
            runSource = previous.runSource
            subscribeRunSource = previous.subscribeRunSource
            #if DEBUG
                upstreamStepFiles = FusedStepFiles(file: previous.operatorFile, next: previous.upstreamStepFiles)
            #endif
        } else {
            runSource = upstream
            subscribeRunSource = { runSource, sink, lifetime in
                unsafeDowncast(runSource, to: Observable<Input>.self).runSubscription(
                    { event in
                        switch event {
                        case .next(let element): withUnsafePointer(to: element) { sink.onNext(sink, $0) }
                        case .error(let error): sink.onEnd(sink, error)
                        case .completed: sink.onEnd(sink, nil)
                        }
                    }, lifetime)
            }
            #if DEBUG
                upstreamStepFiles = nil
            #endif
        }
        super.init(
            fusedStep: { sink, lifetime, observable in
                let step = unsafeDowncast(observable, to: FusedStepObservable<Element>.self)
                #if DEBUG
                    var files = step.upstreamStepFiles
                    while let file = files {
                        SubscriptionChainRecording.note(file.file, subscribing: lifetime)
                        files = file.next
                    }
                #endif
                step.subscribeRunSource(step.runSource, FusedRunSinkOf(step.function, sink), lifetime)
            }, operatorFile: operatorFile)
    }
}

/// The functions of a run of steps up to one step: the per-event half of a ``FusedStepObservable``, in an object of
/// its own because a subscription's sink must not hold an observable. Every step owns its upstream, down to the
/// run's source; a source that holds its subscribers' sinks (a subject, a relay, a connectable, a `create` that
/// keeps its observer) would then hold itself through them, a cycle that dropping every reference to it left alive.
/// This object holds the user's closures and the function objects of the steps before, nothing else.
@usableFromInline
class FusedStepFunction<Element> {
    /// The steps of the run up to this one, applied to the source element at `sourceElement`: sets `result` to this
    /// step's result, or leaves it `nil` when a step filtered the element out; throws what a step's closure threw.
    ///
    /// The result is an `inout` parameter rather than a return value: a parameter of a generic type is passed by
    /// address whether the function is specialized or not, where a generic return value is returned through memory
    /// and a specialized one in registers, so a specialized function stored here was wrapped in a thunk converting
    /// one to the other, called on every event (MapFilterPumping 1,041 instructions per event with the return value).
    @usableFromInline
    typealias Apply = (
        _ function: FusedStepFunction<Element>, _ sourceElement: UnsafeRawPointer, _ result: inout Element?
    ) throws -> Void

    @usableFromInline
    let apply: Apply

    @inlinable
    init(_ apply: @escaping Apply) {
        self.apply = apply
    }
}

extension Observable {
    /// The step functions of the run up to this sequence when it is a step (``FusedStepObservable``), for the step
    /// that continues it; `nil` when it is not, and would be the run's source.
    @inlinable
    final var fusedFunction: FusedStepFunction<Element>? {
        isFusedStep ? unsafeDowncast(self, to: FusedStepObservable<Element>.self).function : nil
    }
}

extension FusedStepFunction {
    /// The result of the step functions `previous` (the steps before a step) for the source element at
    /// `sourceElement`, or, when there are none (`nil`: the step is the first of its run), the source element itself.
    @inlinable
    static func result(of previous: borrowing FusedStepFunction<Element>?, at sourceElement: UnsafeRawPointer) throws
        -> Element?
    {
        switch previous {
        case .none: return sourceElement.assumingMemoryBound(to: Element.self).pointee
        case .some(let function):
            var result: Element?
            try function.apply(function, sourceElement, &result)
            return result
        }
    }
}

/// What a run's source delivers to: the source's sink captures this object alone (so it allocates no context of its
/// own) and calls its functions, which ``FusedRunSinkOf`` forms where the run's element type is known.
@usableFromInline
class FusedRunSink {
    /// A source element, at the address given, valid only during the call.
    @usableFromInline
    let onNext: (_ sink: FusedRunSink, _ sourceElement: UnsafeRawPointer) -> Void
    /// The source's error, or its completion (`nil`).
    @usableFromInline
    let onEnd: (_ sink: FusedRunSink, _ error: (any Error)?) -> Void

    @inlinable
    init(
        onNext: @escaping (FusedRunSink, UnsafeRawPointer) -> Void,
        onEnd: @escaping (FusedRunSink, (any Error)?) -> Void
    ) {
        self.onNext = onNext
        self.onEnd = onEnd
    }
}

/// The one sink of a subscription to a run of steps: runs the subscribed step's ``FusedStepFunction/apply`` on
/// every source element and sends the result on; a thrown error is sent as the sequence's error.
@usableFromInline
final class FusedRunSinkOf<Element>: FusedRunSink {
    @usableFromInline
    let function: FusedStepFunction<Element>
    @usableFromInline
    let sink: EventSink<Element>

    @inlinable
    init(_ function: FusedStepFunction<Element>, _ sink: @escaping EventSink<Element>) {
        self.function = function
        self.sink = sink
        super.init(
            onNext: { runSink, sourceElement in
                let runSink = unsafeDowncast(runSink, to: FusedRunSinkOf<Element>.self)
                let function = runSink.function
                var result: Element?
                do { try function.apply(function, sourceElement, &result) } catch {
                    runSink.sink(.error(error))
                    return
                }
                if let result { runSink.sink(.next(result)) }
            },
            onEnd: { runSink, error in
                let runSink = unsafeDowncast(runSink, to: FusedRunSinkOf<Element>.self)
                if let error { runSink.sink(.error(error)) } else { runSink.sink(.completed) }
            })
    }
}

/// The function of a `map` step: the user's `transform` and the step functions before it.
@usableFromInline
final class FusedMapFunction<Input, Element>: FusedStepFunction<Element> {
    @usableFromInline
    let previous: FusedStepFunction<Input>?
    @usableFromInline
    let transform: (Input) throws -> Element

    @inlinable
    init(_ previous: FusedStepFunction<Input>?, _ transform: @escaping (Input) throws -> Element) {
        self.previous = previous
        self.transform = transform
        super.init { function, sourceElement, result in
            let map = unsafeDowncast(function, to: FusedMapFunction.self)
            if let input = try FusedStepFunction.result(of: map.previous, at: sourceElement) { result = try map.transform(input) }
        }
    }
}

/// The function of a `compactMap` step: the user's `transform` and the step functions before it.
@usableFromInline
final class FusedCompactMapFunction<Input, Element>: FusedStepFunction<Element> {
    @usableFromInline
    let previous: FusedStepFunction<Input>?
    @usableFromInline
    let transform: (Input) throws -> Element?

    @inlinable
    init(_ previous: FusedStepFunction<Input>?, _ transform: @escaping (Input) throws -> Element?) {
        self.previous = previous
        self.transform = transform
        super.init { function, sourceElement, result in
            let compactMap = unsafeDowncast(function, to: FusedCompactMapFunction.self)
            if let input = try FusedStepFunction.result(of: compactMap.previous, at: sourceElement) {
                result = try compactMap.transform(input)
            }
        }
    }
}

/// The function of a `filter` step: the user's `predicate`, stored as the `(Element) throws -> Bool` the operator
/// takes (a generic result would store it through a reabstraction thunk, called per event), and the step functions
/// before it.
@usableFromInline
final class FusedFilterFunction<Element>: FusedStepFunction<Element> {
    @usableFromInline
    let previous: FusedStepFunction<Element>?
    @usableFromInline
    let predicate: (Element) throws -> Bool

    @inlinable
    init(_ previous: FusedStepFunction<Element>?, _ predicate: @escaping (Element) throws -> Bool) {
        self.previous = previous
        self.predicate = predicate
        super.init { function, sourceElement, result in
            let filter = unsafeDowncast(function, to: FusedFilterFunction.self)
            if let element = try FusedStepFunction.result(of: filter.previous, at: sourceElement), try filter.predicate(element) {
                result = element
            }
        }
    }
}

#if DEBUG
    /// The files of the steps before a step in its run, nearest first, as a list the steps share.
    @usableFromInline
    final class FusedStepFiles: Sendable {
        @usableFromInline
        let file: StaticString
        @usableFromInline
        let next: FusedStepFiles?

        @inlinable
        init(file: StaticString, next: FusedStepFiles?) {
            self.file = file
            self.next = next
        }
    }
#endif
