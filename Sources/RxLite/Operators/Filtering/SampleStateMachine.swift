/// Where `sample` stands, apart from the element it holds (``SampleStateMachine/latest``).
///
/// Not nested in the machine: a type nested in a generic one is generic too, and code compiled once for every
/// element type would look up its metadata on every element.
enum SampleState {
    /// The source is running; `latest` is its newest element not yet sampled.
    case running
    /// The source completed; a tick sends `latest` (if any) and then completion.
    case sourceCompleted
    /// A terminal event went out.
    case finished
}

/// The logic of `sample`, without locks: the latest unsampled element, and whether the source has ended.
///
/// Generic over the optional that keeps the latest element (`Element?`, through ``OptionalValue``) rather than over
/// the element: storing into an `Element?` field, compiled once, looked up `Optional<Element>`'s metadata on every
/// element, where the machine reads `Latest`'s from its own type parameters.
///
/// Invariants: an element is sampled at most once (`latest` is cleared when it goes out: debug builds check that a
/// tick leaves no element held); after `finished` nothing goes out (each transition's `finished` case returns
/// nothing, and none leaves `finished`).
struct SampleStateMachine<Latest: OptionalValue> {
    typealias Element = Latest.Wrapped

    enum TickAction {
        /// Nothing new to send.
        case none
        /// Send the element.
        case emit(Element)
        /// Send the element (if any), then complete.
        case emitAndComplete(Element?)
    }

    var state: SampleState = .running
    /// The newest element not yet sampled. Before ``defaultValue``: a field after one whose layout depends on the
    /// element sits at an offset only this type's metadata knows, and the element path reads this one only.
    var latest = Latest.none
    let defaultValue: Latest

    init(defaultValue: Latest) {
        self.defaultValue = defaultValue
    }

    mutating func sourceNext(_ element: Element) {
        if case .running = state { latest = .some(element) }
    }

    mutating func sourceCompleted() {
        if case .running = state { state = .sourceCompleted }
    }

    /// The source or the sampler failed; `true` when the error goes out.
    mutating func failed() -> Bool {
        if case .finished = state { return false }
        state = .finished
        latest = .none
        return true
    }

    /// The sampler ticked (or completed, which samples one last time).
    mutating func tick() -> TickAction {
        defer { _checkInvariants() }
        switch state {
        case .running:
            let sampled = latest.wrapped ?? defaultValue.wrapped
            latest = .none
            guard let element = sampled else { return .none }
            return .emit(element)
        case .sourceCompleted:
            state = .finished
            let sampled = latest.wrapped ?? defaultValue.wrapped
            latest = .none
            return .emitAndComplete(sampled)
        case .finished:
            return .none
        }
    }

    /// Debug builds, after a tick (the transition that sends elements): traps unless no element is held any more.
    func _checkInvariants() {
        #if DEBUG
            switch state {
            case .sourceCompleted:
                preconditionFailure("Internal inconsistency: sample holds an element after a tick")
            case .running, .finished:
                precondition(latest.wrapped == nil, "Internal inconsistency: sample holds an element after a tick")
            }
        #endif
    }
}
