/// Whether `take(while:behavior:)` and `take(until:behavior:)` also emit the element that ends the sequence.
public enum TakeBehavior: Sendable {
    /// Emit the element that ends the sequence, then complete.
    case inclusive
    /// Complete without emitting the element that ends the sequence.
    case exclusive
}

extension ObservableType {
    /// Emits the first `count` elements, then completes; ends earlier when the source does. `take(0)` completes at
    /// once without subscribing to the source.
    ///
    /// [take](https://reactivex.io/documentation/operators/take.html)
    public func take(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "take needs a count of zero or more")
        let source = asObservable()
        if count == 0 { return Observable { sink, _, _ in sink.onCompleted() } }
        return Observable { sink, lifetime, _ in
            // Reaches zero when the sequence ends here; nothing from the source gets through after that.
            var remaining = count
            source.runSubscription(
                { event in
                    guard remaining > 0 else { return }
                    if case .next = event {
                        remaining -= 1
                        sink(event)
                        if remaining == 0 && lifetime.isActive { sink.onCompleted() }
                    } else {
                        remaining = 0
                        sink(event)
                    }
                }, lifetime)
        }
    }

    /// Emits elements while `predicate` holds, then completes; with `.inclusive`, the element that failed the
    /// predicate is emitted before completing. A thrown error is emitted and ends the sequence. Ends earlier when
    /// the source does.
    ///
    /// [takeWhile](https://reactivex.io/documentation/operators/takewhile.html)
    public func take(
        while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            // Cleared when the sequence ends here; nothing from the source gets through after that.
            var isTaking = true
            source.runSubscription(
                { event in
                    guard isTaking else { return }
                    guard case .next(let element) = event else {
                        isTaking = false
                        sink(event)
                        return
                    }
                    let isIncluded: Bool
                    do { isIncluded = try predicate(element) } catch {
                        isTaking = false
                        sink.on(error: error)
                        return
                    }
                    if isIncluded {
                        sink(event)
                        return
                    }
                    isTaking = false
                    if behavior == .inclusive {
                        sink(event)
                        guard lifetime.isActive else { return }
                    }
                    sink.onCompleted()
                }, lifetime)
        }
    }

    /// Emits elements until `predicate` holds for one, then completes; with `.inclusive`, that element is emitted
    /// before completing. A thrown error is emitted and ends the sequence. Ends earlier when the source does.
    ///
    /// [takeUntil](https://reactivex.io/documentation/operators/takeuntil.html)
    public func take(
        until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        take(while: { try !predicate($0) }, behavior: behavior)
    }
}
