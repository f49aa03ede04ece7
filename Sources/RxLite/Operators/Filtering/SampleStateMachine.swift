/// The logic of `sample`, without locks: the latest unsampled element, and whether the source has ended.
///
/// Invariants: an element is sampled at most once (`latest` is cleared when it goes out: debug builds check that a
/// tick leaves no element held); after `finished` nothing goes out (each transition's `finished` case returns
/// nothing, and none leaves `finished`).
struct SampleStateMachine<Element> {
    enum State {
        /// The source is running; `latest` is its newest element not yet sampled.
        case running(latest: Element?)
        /// The source completed; a tick sends `latest` (if any) and then completion.
        case sourceCompleted(latest: Element?)
        /// A terminal event went out.
        case finished
    }

    enum TickAction {
        /// Nothing new to send.
        case none
        /// Send the element.
        case emit(Element)
        /// Send the element (if any), then complete.
        case emitAndComplete(Element?)
    }

    var state: State = .running(latest: nil)
    let defaultValue: Element?

    init(defaultValue: Element?) {
        self.defaultValue = defaultValue
    }

    mutating func sourceNext(_ element: Element) {
        if case .running = state { state = .running(latest: element) }
    }

    mutating func sourceCompleted() {
        if case .running(let latest) = state { state = .sourceCompleted(latest: latest) }
    }

    /// The source or the sampler failed; `true` when the error goes out.
    mutating func failed() -> Bool {
        if case .finished = state { return false }
        state = .finished
        return true
    }

    /// The sampler ticked (or completed, which samples one last time).
    mutating func tick() -> TickAction {
        defer { _checkInvariants() }
        switch state {
        case .running(let latest):
            state = .running(latest: nil)
            guard let element = latest ?? defaultValue else { return .none }
            return .emit(element)
        case .sourceCompleted(let latest):
            state = .finished
            return .emitAndComplete(latest ?? defaultValue)
        case .finished:
            return .none
        }
    }

    /// Debug builds, after a tick (the transition that sends elements): traps unless no element is held any more.
    func _checkInvariants() {
        #if DEBUG
            switch state {
            case .running(latest: .some), .sourceCompleted:
                preconditionFailure("Internal inconsistency: sample holds an element after a tick")
            case .running(latest: nil), .finished:
                break
            }
        #endif
    }
}
