// The engine behind Maybe's `ifEmpty`. Internal: the Observable operators `ifEmpty(default:)` and
// `ifEmpty(switchTo:)` belong to the Observable family and can be built on this once they exist.

extension ObservableType {
    /// Emits the source's events; if the source completes without an element, releases it and emits `other`'s
    /// events instead.
    @inlinable
    func switchIfEmpty(_ other: Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            guard let sourceLifetime = lifetime.makeChild() else { return }
            // Set by the first element; the source delivers one event at a time, so no lock is needed.
            var hasElement = false
            source.runSubscription(
                { event in
                    switch event {
                    case .next:
                        hasElement = true
                        sink(event)
                    case .error:
                        sink(event)
                    case .completed:
                        guard !hasElement else { return sink(event) }
                        // The source's completion is swallowed here: release the source (rule 4).
                        sourceLifetime.finishChild()
                        guard lifetime.isActive else { return }
                        other.runSubscription(sink, lifetime)
                    }
                }, sourceLifetime)
        }
    }
}
