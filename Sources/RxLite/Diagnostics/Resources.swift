#if DEBUG
    /// Live-resource counters for tests, present in debug builds only.
    ///
    /// Every subscription, subject, relay, disposable and scheduled item counts itself while it is alive. A test
    /// that reads ``total`` before it builds subscriptions and again after it disposes them proves that nothing
    /// leaked.
    public enum Resources {
        private static let counter = RxAtomic<Int>(0)

        /// The number of RxLite objects alive now. Inside a ``ResourceScope`` (every test under RxLiteTest's
        /// `.checksResources` runs in one), the number of those that were made in that scope, so that tests running
        /// in parallel each count their own; elsewhere, every object of the process (``processTotal``).
        public static var total: Int {
            if let scope = ResourceScope.current { return scope.liveCount }
            return processTotal
        }

        /// The number of RxLite objects alive now in the whole process, whatever scope made them.
        public static var processTotal: Int { counter.load(ordering: .sequentiallyConsistent) }

        /// How many RxLite objects were made so far outside any ``ResourceScope`` (on a thread RxLite did not
        /// schedule, or with no scope current): a per-test check cannot see them. RxLiteTest's `.checksResources`
        /// compares it before and after each test when the environment variable `RXLITE_REPORT_UNSCOPED` is set, to
        /// say which tests make such objects (run serially then, or the counts mix).
        public static var unscopedCreations: Int { unscoped.load(ordering: .sequentiallyConsistent) }

        private static let unscoped = RxAtomic<Int>(0)

        /// Adds one to ``total``, for an object of your own that a leak check should count with RxLite's (RxSwift's
        /// `Resources.incrementTotal()`, which RxSwift's tests call for their own observers); returns the new
        /// ``total``. Counted in the current ``ResourceScope``, if any.
        @discardableResult
        public static func incrementTotal() -> Int {
            increment(ResourceScope.current)
            return total
        }

        /// Subtracts one from ``total``, undoing an ``incrementTotal()`` made in the same ``ResourceScope``; returns
        /// the new ``total``.
        @discardableResult
        public static func decrementTotal() -> Int {
            decrement(ResourceScope.current)
            return total
        }

        /// The number of observables made by `observe(on:)` with a ``SerialDispatchQueueScheduler`` (the
        /// ``MainScheduler`` is one) that are alive now, subscribed to or not: RxSwift's count of its serial-queue
        /// `observe(on:)`. Inside a ``ResourceScope``, those made in that scope.
        public static var numberOfSerialDispatchQueueObservables: Int {
            if let scope = ResourceScope.current { return scope.serialDispatchQueueObservables }
            return serialDispatchQueueObservables.load(ordering: .sequentiallyConsistent)
        }

        private static let serialDispatchQueueObservables = RxAtomic<Int>(0)

        /// A serial-queue `observe(on:)` observable made in `scope` came (`delta` 1) or went (-1).
        static func countSerialDispatchQueueObservable(_ delta: Int, in scope: ResourceScope?) {
            serialDispatchQueueObservables.add(delta, ordering: .relaxed)
            scope?.addSerialDispatchQueueObservable(delta)
        }

        /// The deepest nesting of source chains reached since the last reset: `concat`, `catch(sequence:)` and
        /// `retry` take their sources one at a time in a chain, and a chain subscribed as a source of another (the
        /// last source of a `concat` being a `concat`) is nested one level deeper. RxSwift's count of the same
        /// (the deepest stack of its tail-recursive sink, where it keeps the nested sequences of one chain) is 1
        /// where a nested chain is its enclosing chain's last source, as RxSwift then flattens it; RxLite does not
        /// flatten, so every nested chain counts. Settable, as RxSwift's tests reset it to 0. Inside a
        /// ``ResourceScope``, the deepest in that scope (setting it sets the scope's).
        public static var maxTailRecursiveSinkStackSize: Int {
            get {
                if let scope = ResourceScope.current { return scope.deepestSourceChain.load(ordering: .relaxed) }
                return deepestSourceChain.load(ordering: .relaxed)
            }
            set {
                if let scope = ResourceScope.current {
                    scope.deepestSourceChain.store(newValue, ordering: .relaxed)
                } else {
                    deepestSourceChain.store(newValue, ordering: .relaxed)
                }
            }
        }

        private static let deepestSourceChain = RxAtomic<Int>(0)

        /// A source chain nested `depth` levels deep (1 for one inside no other) was made in the current scope.
        static func recordSourceChain(depth: Int) {
            raise(deepestSourceChain, to: depth)
            if let scope = ResourceScope.current { raise(scope.deepestSourceChain, to: depth) }
        }

        private static func raise(_ deepest: borrowing RxAtomic<Int>, to depth: Int) {
            var seen = deepest.load(ordering: .relaxed)
            while seen < depth {
                let (exchanged, original) = deepest.compareExchange(
                    expected: seen, desired: depth, ordering: .relaxed)
                if exchanged { return }
                seen = original
            }
        }

        static func increment(_ scope: ResourceScope?) {
            counter.add(1, ordering: .relaxed)
            if let scope { scope.add(1) } else { unscoped.add(1, ordering: .relaxed) }
        }

        static func decrement(_ scope: ResourceScope?) {
            counter.subtract(1, ordering: .relaxed)
            scope?.add(-1)
        }
    }

    /// RxSwift's spelling of ``Resources/maxTailRecursiveSinkStackSize``, a global that RxSwift's tests read and reset
    /// to 0 (debug builds only).
    public var maxTailRecursiveSinkStackSize: Int {
        get { Resources.maxTailRecursiveSinkStackSize }
        set { Resources.maxTailRecursiveSinkStackSize = newValue }
    }

    /// A piece of work whose RxLite objects are counted on their own (debug builds only): RxLiteTest's
    /// `.checksResources` runs each test in one, so that tests running in parallel each check their own objects.
    ///
    /// An object belongs to the scope that was current where it was made: the task-local ``current`` (bound by
    /// `run(_:)`, inherited by child tasks and `Task { }`), which RxLite's dispatch-queue schedulers and
    /// main-actor delivery carry over to the actions they run for it. So work that a test's subscription schedules
    /// on a `SerialDispatchQueueScheduler`, `MainScheduler` or timer belongs to the test. An object made on a thread
    /// RxLite did not schedule (a `DispatchQueue.async` or `Thread` of your own, `Task.detached`, another library's
    /// callback) belongs to no scope: it counts only in ``Resources/processTotal``.
    public final class ResourceScope: Sendable {
        /// The scope that objects made now belong to, if any.
        public static var current: ResourceScope? { binding }

        // Task-local, so that child tasks inherit it; bound only by `run`.
        @TaskLocal private static var binding: ResourceScope?

        /// What the scope is for (a test's name), for reports.
        public let name: String
        private let counter = RxAtomic<Int>(0)

        /// A scope named `name`, with nothing in it yet.
        public init(name: String) {
            self.name = name
        }

        /// The number of RxLite objects made in this scope that are alive now.
        public var liveCount: Int { counter.load(ordering: .sequentiallyConsistent) }

        /// Runs `body` with this scope current.
        public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
            try ResourceScope.$binding.withValue(self, operation: body)
        }

        /// Runs `body` with this scope current.
        public func run<Result>(
            isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
        ) async rethrows -> Result {
            try await ResourceScope.$binding.withValue(self, operation: body, isolation: isolation)
        }

        func add(_ delta: Int) {
            counter.add(delta, ordering: .relaxed)
        }

        private let serialDispatchQueueObservableCounter = RxAtomic<Int>(0)
        /// The deepest source chain made in this scope (``Resources/maxTailRecursiveSinkStackSize``).
        let deepestSourceChain = RxAtomic<Int>(0)

        /// The serial-queue `observe(on:)` observables made in this scope and alive now.
        var serialDispatchQueueObservables: Int {
            serialDispatchQueueObservableCounter.load(ordering: .sequentiallyConsistent)
        }

        func addSerialDispatchQueueObservable(_ delta: Int) {
            serialDispatchQueueObservableCounter.add(delta, ordering: .relaxed)
        }
    }

    /// One observable made by `observe(on:)` with a ``SerialDispatchQueueScheduler``, counted in
    /// ``Resources/numberOfSerialDispatchQueueObservables`` from its `init` to its `deinit` (the observable holds it).
    final class SerialDispatchQueueObservableCount: Sendable {
        /// The scope current when the observable was made.
        let scope: ResourceScope?

        /// A count for an observable delivering on `scheduler`; `nil` unless that is a serial dispatch queue.
        static func make(for scheduler: any ImmediateSchedulerType) -> SerialDispatchQueueObservableCount? {
            scheduler is SerialDispatchQueueScheduler ? SerialDispatchQueueObservableCount() : nil
        }

        private init() {
            scope = ResourceScope.current
            Resources.countSerialDispatchQueueObservable(1, in: scope)
        }

        deinit {
            Resources.countSerialDispatchQueueObservable(-1, in: scope)
        }
    }
#endif

/// Counts its owner in `Resources.total` (debug builds only) while the owner is alive. Every internal object that
/// holds subscription state stores one (`let live = LiveResource()`, or a field of its ``LockedBuffer``'s state)
/// instead of writing the count into its `init` and `deinit`. In debug builds it also remembers the
/// ``ResourceScope`` its owner was made in. Empty in release builds.
///
/// A value, so that it can sit in a `ManagedBuffer`'s header; in debug builds it holds a ``LiveCount``, which counts
/// until it goes away with the value's owner (nothing else copies it).
struct LiveResource: Sendable {
    #if DEBUG
        private let count: LiveCount
    #endif

    init() {
        #if DEBUG
            count = LiveCount()
        #endif
    }

    #if DEBUG
        /// The scope current when the owner was made.
        var scope: ResourceScope? { count.scope }
    #endif

    /// Runs `body` with the scope the owner was made in current (debug builds; release builds just run it): how a
    /// scheduler's action or a hop to the main queue keeps the objects it makes in the scope of the work that asked
    /// for it.
    func withCreationScope<Result>(_ body: () throws -> Result) rethrows -> Result {
        #if DEBUG
            if let scope = count.scope, scope !== ResourceScope.current { return try scope.run(body) }
        #endif
        return try body()
    }
}

#if DEBUG
    /// One live object in `Resources.total`, from its `init` to its `deinit` (see ``LiveResource``).
    final class LiveCount: Sendable {
        /// The scope current when the owner was made.
        let scope: ResourceScope?

        init() {
            scope = ResourceScope.current
            Resources.increment(scope)
        }

        deinit {
            Resources.decrement(scope)
        }
    }
#endif
