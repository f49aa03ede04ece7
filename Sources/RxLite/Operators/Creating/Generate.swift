extension Observable {
    /// Emits `initialState`, then each `iterate` of the previous state, while `condition` holds; then completes.
    /// A thrown error is emitted.
    ///
    /// [generate](https://reactivex.io/documentation/operators/create.html)
    @inlinable
    public static func generate(
        initialState: Element, condition: @escaping (Element) throws -> Bool,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            var state = initialState
            do {
                while lifetime.isActive {
                    guard try condition(state) else {
                        sink(.completed)
                        return
                    }
                    sink(.next(state))
                    state = try iterate(state)
                }
            } catch {
                sink(.error(error))
            }
        }
    }

    /// `generate` with one scheduled action per element on `scheduler`.
    @inlinable
    public static func generate(
        initialState: Element, condition: @escaping (Element) throws -> Bool,
        scheduler: some ImmediateSchedulerType, iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            var state = initialState
            lifetime.insert(
                scheduler.scheduleRecursive(()) { _, recurse in
                    guard lifetime.isActive else { return }
                    do {
                        guard try condition(state) else {
                            sink(.completed)
                            return
                        }
                        sink(.next(state))
                        state = try iterate(state)
                        recurse(())
                    } catch {
                        sink(.error(error))
                    }
                })
        }
    }
}
