#if canImport(Observation)
    import Observation

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    extension Observable where Element: Sendable {
        /// The value `read` returns, at once, and again each time a property of an `@Observable` object that `read`
        /// read changes: a bridge from Observation (`@Observable` models, SwiftUI's state) to Rx.
        ///
        /// ```swift
        /// Observable.observe(on: scheduler) { model.count }   // 0, then 1 after `model.count = 1`, ...
        /// ```
        ///
        /// At subscription `read` runs on the subscribing thread and its value is emitted there. Observation reports
        /// a change *before* it is made, so each later read is scheduled on `scheduler` (which must not run it
        /// synchronously on the mutating thread: ``MainScheduler/instance`` is used as
        /// ``MainScheduler/asyncInstance``), and `read` runs again there, tracking what it reads anew. Changes made
        /// before that read runs come out as one element, the value at the time of the read, as in SwiftUI. Every
        /// element is emitted, equal or not: add `distinctUntilChanged()` to drop repeats.
        ///
        /// It never completes while `read` holds its objects strongly; to end when the object goes away, observe it
        /// weakly with ``observe(_:on:_:)``. (A `read` that reads no property of an `@Observable` object can never
        /// change: it emits its value and completes.) Never fails.
        public static func observe(
            on scheduler: any SchedulerType, _ read: @escaping @Sendable () -> Element
        ) -> Observable<Element> {
            ObservationTrackingStorage<Element>.observable(
                read: { .some(read()) }, scheduler: scheduler, readsFirstOnScheduler: { false })
        }

        /// `read(object)` at once, and again each time a property of an `@Observable` object that it read changes;
        /// completes once `object` is gone. Holds `object` weakly.
        ///
        /// ```swift
        /// Observable.observe(model, on: scheduler) { $0.count }
        ///     .subscribe(onNext: { print($0) }, onCompleted: { print("model gone") })
        /// ```
        ///
        /// The first value is emitted on the subscribing thread, later ones and the completion on `scheduler`, as for
        /// ``observe(on:_:)``. It completes (on `scheduler`) when the objects `read` tracked are deallocated, and at
        /// subscription or at a later read when `object` is already gone. Never fails.
        public static func observe<Object: AnyObject & Sendable>(
            _ object: Object, on scheduler: any SchedulerType, _ read: @escaping @Sendable (Object) -> Element
        ) -> Observable<Element> {
            ObservationTrackingStorage<Element>.observable(
                read: { [weak object] in object.map(read) }, scheduler: scheduler,
                readsFirstOnScheduler: { false })
        }

        /// ``observe(on:_:)`` for state isolated to the main actor (a `@MainActor @Observable` view model): `read`
        /// runs on the main actor and every element is delivered there.
        ///
        /// ```swift
        /// Observable.observe { viewModel.title }.bind(to: label.rx.text).disposed(by: disposeBag)
        /// ```
        ///
        /// Subscribed on the main queue, the current value is emitted at once; subscribed elsewhere, it is read and
        /// emitted on the main queue. Later values come from ``MainScheduler/asyncInstance``. Never fails or
        /// completes.
        @MainActor
        public static func observe(_ read: @escaping @MainActor () -> Element) -> Observable<Element> {
            let read = MainActorRead(read)
            return ObservationTrackingStorage<Element>.observable(
                read: { .some(read.call()) }, scheduler: MainScheduler.asyncInstance,
                readsFirstOnScheduler: { !MainScheduler.isOnMainQueue })
        }

        /// ``observe(_:on:_:)`` for an object isolated to the main actor: `read(object)` runs on the main actor, every
        /// element is delivered there, and it completes once `object` is gone. Holds `object` weakly.
        @MainActor
        public static func observe<Object: AnyObject & Sendable>(
            _ object: Object, _ read: @escaping @MainActor (Object) -> Element
        ) -> Observable<Element> {
            let read = MainActorRead { [weak object] in object.map(read) }
            return ObservationTrackingStorage<Element>.observable(
                read: { read.call() }, scheduler: MainScheduler.asyncInstance,
                readsFirstOnScheduler: { !MainScheduler.isOnMainQueue })
        }
    }

    /// A main-actor closure that the tracking storage calls from nonisolated code, only ever on the main queue
    /// (the storage runs reads on the main queue for the main-actor forms of `observe`).
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    struct MainActorRead<Value: Sendable>: @unchecked Sendable {
        private let read: @MainActor () -> Value

        init(_ read: @escaping @MainActor () -> Value) {
            self.read = read
        }

        func call() -> Value {
            MainActor.assumeIsolated { read() }
        }
    }

    /// One subscription of `Observable.observe`: runs `read` under `withObservationTracking`, emits its value, and
    /// when Observation reports a change schedules the next read on `scheduler`.
    ///
    /// Invariants (nothing checks them at run time: the storage keeps no state but whether it is disposed, and
    /// these are orders of Observation's callbacks and of reads, which the tests drive):
    /// - At most one tracking registration is live at a time: the next read is scheduled only from the change
    ///   callback of the current one, and registers the next one. So reads (and the observer's events) never
    ///   overlap, and each happens after the previous one.
    /// - Observation keeps the change callback (and its `ChangeToken`) while a tracked object lives and the change
    ///   has not happened; when the callback is released without having fired, every tracked object is gone, so
    ///   nothing `read` returned can change any more: the sequence completes.
    /// - The token and the scheduled reads hold this storage weakly; only the subscription does (as its disposable),
    ///   so a disposed subscription leaves nothing behind in the observed objects' registrars but an empty token.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    final class ObservationTrackingStorage<Element: Sendable>: Cancelable, @unchecked Sendable {
        let live = LiveResource()
        /// The value, or `nil` when the weakly held object is gone.
        private let read: @Sendable () -> Element?
        private let scheduler: any SchedulerType
        private let observer: AnyObserver<Element>
        private let disposedFlag = RxAtomic<Bool>(false)

        private init(
            read: @escaping @Sendable () -> Element?, scheduler: any SchedulerType, observer: AnyObserver<Element>
        ) {
            self.read = read
            self.scheduler = scheduler
            self.observer = observer
        }

        static func observable(
            read: @escaping @Sendable () -> Element?, scheduler: some SchedulerType,
            readsFirstOnScheduler: @escaping @Sendable () -> Bool
        ) -> Observable<Element> {
            // MainScheduler.instance runs an action at once on the main queue, which is where a main-actor model
            // changes: the read would run inside the change's willSet and see the old value.
            let laterReads: any SchedulerType =
                (scheduler as? MainScheduler) === MainScheduler.instance ? MainScheduler.asyncInstance : scheduler
            return Observable.create { observer in
                let storage = ObservationTrackingStorage(read: read, scheduler: laterReads, observer: observer)
                if readsFirstOnScheduler() {
                    storage.scheduleRead()
                } else {
                    storage.readAndTrack()
                }
                return storage
            }
        }

        var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

        func dispose() {
            disposedFlag.store(true, ordering: .releasing)
        }

        /// Reads the value while tracking what the read touches, and emits it (or completes when the object is gone).
        func readAndTrack() {
            if isDisposed { return }
            let token = ChangeToken(storage: self)
            let value = withObservationTracking {
                read()
            } onChange: {
                token.changeWillHappen()
            }
            guard let value else {
                token.discard()
                observer.on(.completed)
                return
            }
            observer.on(.next(value))
        }

        func scheduleRead() {
            if isDisposed { return }
            _ = scheduler.schedule(()) { [weak self] _ in
                self?.readAndTrack()
                return Disposables.create()
            }
        }

        /// The tracked objects are gone (their registrars released the change callback without calling it).
        func trackedObjectsEnded() {
            if isDisposed { return }
            _ = scheduler.schedule(()) { [weak self] _ in
                if let self, !self.isDisposed { self.observer.on(.completed) }
                return Disposables.create()
            }
        }
    }

    /// What Observation's change callback holds: tells the storage about the change, or, released without a change
    /// (its objects were deallocated), that nothing can change any more.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    final class ChangeToken<Element: Sendable>: @unchecked Sendable {
        // Set by `changeWillHappen` or `discard` before the callback is released, read by deinit after, maybe on
        // another thread (the one that deallocates the observed object).
        private let isSettled = RxAtomic<Bool>(false)
        private weak var storage: ObservationTrackingStorage<Element>?

        init(storage: ObservationTrackingStorage<Element>) {
            self.storage = storage
        }

        func changeWillHappen() {
            isSettled.store(true, ordering: .releasing)
            storage?.scheduleRead()
        }

        /// The read found its object gone and completed the sequence itself.
        func discard() {
            isSettled.store(true, ordering: .releasing)
        }

        deinit {
            if !isSettled.load(ordering: .acquiring) { storage?.trackedObjectsEnded() }
        }
    }
#endif
