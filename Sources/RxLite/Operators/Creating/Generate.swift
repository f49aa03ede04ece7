extension Observable {
    /// Emits `initialState`, then each `iterate` of the previous state, while `condition` holds; then completes.
    /// A thrown error is emitted. As in RxSwift, `iterate` runs only when the next state is needed: never ahead of
    /// time, so a `take(n)` after it calls `iterate` n - 1 times, and a throwing `iterate` fails in place of the
    /// element it would have made.
    ///
    /// [generate](https://reactivex.io/documentation/operators/create.html)
    @inlinable
    public static func generate(
        initialState: Element, condition: @escaping (Element) throws -> Bool,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            var state = initialState
            var isFirst = true
            do {
                while lifetime.isActive {
                    if isFirst {
                        isFirst = false
                    } else {
                        state = try iterate(state)
                    }
                    guard try condition(state) else {
                        sink(.completed)
                        return
                    }
                    sink(.next(state))
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
            var isFirst = true
            lifetime.insert(
                scheduler.scheduleRecursive(()) { _, recurse in
                    guard lifetime.isActive else { return }
                    do {
                        if isFirst {
                            isFirst = false
                        } else {
                            state = try iterate(state)
                        }
                        guard try condition(state) else {
                            sink(.completed)
                            return
                        }
                        sink(.next(state))
                        recurse(())
                    } catch {
                        sink(.error(error))
                    }
                })
        }
    }
}
