extension ObservableType {
    /// Emits exactly what the source emits, calling the given closures along the way; all are optional.
    ///
    /// - `onNext`, `onError`, `onCompleted` run before the event is passed on; `afterNext`, `afterError`,
    ///   `afterCompleted` run after it. An error thrown by `onNext`, `onError`, `onCompleted` or `afterNext` is
    ///   emitted in place of (or after) the event and ends the sequence; one thrown by `afterError` or
    ///   `afterCompleted` comes after the end and is dropped.
    /// - `onSubscribe` runs before the source is subscribed, `onSubscribed` after.
    /// - `onDispose` runs once when the subscription ends, by a terminal event or by disposal, after the source is
    ///   released.
    ///
    /// [do](https://reactivex.io/documentation/operators/do.html)
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((any Error) throws -> Void)? = nil,
        afterError: ((any Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            onSubscribe?()
            source.runSubscription(
                { event in
                    switch event {
                    case .next(let element):
                        do { try onNext?(element) } catch {
                            sink.on(error: error)
                            return
                        }
                        sink(event)
                        do { try afterNext?(element) } catch {
                            if lifetime.isActive { sink.on(error: error) }
                        }
                    case .error(let error):
                        do { try onError?(error) } catch {
                            sink.on(error: error)
                            return
                        }
                        sink(event)
                        _ = try? afterError?(error)
                    case .completed:
                        do { try onCompleted?() } catch {
                            sink.on(error: error)
                            return
                        }
                        sink(event)
                        _ = try? afterCompleted?()
                    }
                }, lifetime)
            onSubscribed?()
            // Inserted after the source's resources, so it runs after they are released, as in RxSwift.
            if let onDispose { lifetime.insert(onDispose) }
        }
    }
}
