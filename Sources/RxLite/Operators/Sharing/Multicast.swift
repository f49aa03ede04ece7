extension ObservableType {
    /// Runs this sequence into `observer` for `connection`; on its end, calls `beforeEnd` first.
    private func feed<Observer: ObserverType>(
        _ observer: Observer, _ connection: Lifetime, beforeEnd: @escaping () -> Void
    ) where Observer.Element == Element {
        // Decided once per connection: one of RxLite's subjects takes each element as itself. A cast to the class,
        // not to a protocol: an existential cast searched the conformances, thousands of instructions per connection.
        let sink =
            (observer as? Observable<Element>)?.feedSink(connection: connection, beforeEnd: beforeEnd)
            ?? ObserverLeaf(observer: observer.on, lifetime: connection, beforeEnd: beforeEnd)
        asObservable().runSubscription(sink, connection)
    }

    /// A connectable sequence that shares one run of this sequence through `subject`.
    ///
    /// The subject is the same for every connection: after the source ended, a new subscriber gets what the
    /// subject replays after its end, and a new connection runs the source into a subject that ignores it.
    ///
    /// [publish](https://reactivex.io/documentation/operators/publish.html)
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        let shared = ConnectableObservable<Subject.Element>.SharedSubject(
            observable: subject.asObservable(),
            feed: { connection, beforeEnd in feed(subject.asObserver(), connection, beforeEnd: beforeEnd) }
        )
        return ConnectableObservable(makeSubject: { shared })
    }

    /// A connectable sequence that shares one run of this sequence through a subject made by `makeSubject` for
    /// each connection: once the source ended, the next subscriber or `connect()` gets a new subject.
    public func multicast<Subject: SubjectType>(makeSubject: @escaping () throws -> Subject)
        -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element
    {
        ConnectableObservable(makeSubject: {
            do {
                let subject = try makeSubject()
                return .init(
                    observable: subject.asObservable(),
                    feed: { connection, beforeEnd in feed(subject.asObserver(), connection, beforeEnd: beforeEnd) }
                )
            } catch {
                return .init(observable: Observable.error(error), feed: { _, _ in })
            }
        })
    }

    /// A connectable sequence sharing one run through a ``PublishSubject``.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject<Element>() })
    }

    /// A connectable sequence sharing one run through a ``ReplaySubject`` of `bufferSize`.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) })
    }

    /// A connectable sequence sharing one run through an unbounded ``ReplaySubject``.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.createUnbounded() })
    }
}

extension ObservableType {
    /// For each subscription, makes a subject with `subjectSelector`, emits the events of the sequence that
    /// `selector` builds from that subject, then runs this sequence into the subject: the selector's sequence
    /// may subscribe to the shared run as often as it likes.
    ///
    /// [publish](https://reactivex.io/documentation/operators/publish.html)
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let connectable: ConnectableObservable<Subject.Element>
            let output: Observable<Result>
            do {
                connectable = source.multicast(try subjectSelector())
                output = try selector(connectable.asObservable())
            } catch {
                sink.on(error: error)
                return
            }
            output.runSubscription(sink, lifetime)
            guard lifetime.isActive else { return }
            lifetime.insert(connectable.connect())
        }
    }
}
