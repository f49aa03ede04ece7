extension ObservableType {
    /// Splits the source by `keySelector`: emits a ``GroupedObservable`` the first time a key appears, and sends
    /// each element to its key's group. The source's end (or an error `keySelector` throws) goes to every group,
    /// then to the result.
    ///
    /// Each group is hot: subscribe to it when it is emitted (as `flatMap` does) to get its first element. As in
    /// RxSwift, the source runs while the subscription to the result or any subscription to a group is active:
    /// disposing the result's subscription stops new groups, and the groups already subscribed to keep getting their
    /// elements until they are disposed or the source ends.
    ///
    /// [groupBy](https://reactivex.io/documentation/operators/groupby.html)
    public func groupBy<Key: Hashable>(keySelector: @escaping (Element) throws -> Key)
        -> Observable<GroupedObservable<Key, Element>>
    {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            // The source runs in a lifetime of its own, shared by the result's subscription (its primary hold, given
            // up when that subscription ends) and every subscription to a group (a handle each): the last to let go
            // ends it.
            let sourceLifetime = Lifetime.make()
            let sharing = RefCountDisposable(disposable: sourceLifetime)
            lifetime.insert(object: sharing)
            // Touched only from the source's events, which arrive one at a time.
            var groups: [Key: PublishSubject<Element>] = [:]
            func end(_ event: Event<GroupedObservable<Key, Element>>, _ groupEvent: Event<Element>) {
                let ending = groups.values
                groups = [:]
                for group in ending { group.on(groupEvent) }
                if lifetime.isActive { sink(event) }
                sourceLifetime.dispose()
            }
            source.runSubscription(
                { event in
                    switch event {
                    case .next(let element):
                        let key: Key
                        do { key = try keySelector(element) } catch {
                            end(.error(error), .error(error))
                            return
                        }
                        if let group = groups[key] {
                            group.onNext(element)
                            return
                        }
                        let group = PublishSubject<Element>()
                        groups[key] = group
                        if lifetime.isActive {
                            sink.on(next: GroupedObservable(key: key, source: group.groupElements(holding: sharing)))
                        }
                        group.onNext(element)
                    case .error(let error): end(.error(error), .error(error))
                    case .completed: end(.completed, .completed)
                    }
                }, sourceLifetime)
        }
    }
}

extension PublishSubject {
    /// This group's elements for `groupBy`: each subscription holds a handle of `sharing`, which keeps the source
    /// running until it ends.
    fileprivate func groupElements(holding sharing: RefCountDisposable) -> Observable<Element> {
        let elements = asObservable()
        return Observable { sink, lifetime, _ in
            lifetime.insert(sharing.retain())
            elements.runSubscription(sink, lifetime)
        }
    }
}

/// The sequence of one key's elements that `groupBy` emits.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key every element of this group shares.
    public let key: Key

    let source: Observable<Element>

    /// A group of `key` whose elements come from `source`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    public func asObservable() -> Observable<Element> { source }
}
