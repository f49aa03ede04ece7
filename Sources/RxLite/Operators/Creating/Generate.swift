extension ObservableType {
    /// Emits `initialState`, then each `iterate` of the previous state, while `condition` holds; then completes.
    /// A thrown error is emitted. One element per action of the current-thread trampoline (see
    /// ``CurrentThreadScheduler``). As in RxSwift, `iterate` runs only when the next state is needed: never ahead of
    /// time, so a `take(n)` after it calls `iterate` n - 1 times, and a throwing `iterate` fails in place of the
    /// element it would have made.
    ///
    /// [generate](https://reactivex.io/documentation/operators/create.html)
    public static func generate(
        initialState: Element, condition: @escaping (Element) throws -> Bool,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        trampolined {
            var states = GeneratedStates(initialState: initialState, condition: condition, iterate: iterate)
            return { try states.next() }
        }
    }

    /// `generate` with one scheduled action per element on `scheduler`.
    public static func generate(
        initialState: Element, condition: @escaping (Element) throws -> Bool,
        scheduler: any ImmediateSchedulerType, iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            var states = GeneratedStates(initialState: initialState, condition: condition, iterate: iterate)
            lifetime.insert(
                scheduler.scheduleRecursive(()) { _, recurse in
                    guard lifetime.isActive else { return }
                    do {
                        guard let state = try states.next() else {
                            sink.onCompleted()
                            return
                        }
                        sink.on(next: state)
                        recurse(())
                    } catch {
                        sink.on(error: error)
                    }
                })
        }
    }
}

/// The states of one `generate` subscription, one per call: `initialState` first, then each `iterate` of the one
/// before, while `condition` holds. `iterate` runs only when the next state is asked for.
struct GeneratedStates<Element> {
    var state: Element
    var isFirst = true
    let condition: (Element) throws -> Bool
    let iterate: (Element) throws -> Element

    init(
        initialState: Element, condition: @escaping (Element) throws -> Bool,
        iterate: @escaping (Element) throws -> Element
    ) {
        state = initialState
        self.condition = condition
        self.iterate = iterate
    }

    /// The next state, or `nil` once `condition` rejects one.
    mutating func next() throws -> Element? {
        if isFirst {
            isFirst = false
        } else {
            state = try iterate(state)
        }
        return try condition(state) ? state : nil
    }
}
