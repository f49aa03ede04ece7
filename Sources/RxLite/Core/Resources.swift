#if DEBUG
    /// Live-resource counters for tests, present in debug builds only.
    ///
    /// Every subscription, subject, relay, disposable and scheduled item counts itself while it is alive. A test
    /// that reads ``total`` before it builds subscriptions and again after it disposes them proves that nothing
    /// leaked.
    public enum Resources {
        private static let counter = Atomic<Int>(0)

        /// The number of RxLite objects alive now.
        public static var total: Int { counter.load(ordering: .sequentiallyConsistent) }

        @usableFromInline
        static func increment() { counter.add(1, ordering: .relaxed) }

        @usableFromInline
        static func decrement() { counter.subtract(1, ordering: .relaxed) }
    }
#endif

/// Counts its owner in `Resources.total` (debug builds only) while the owner is alive. Every internal class that
/// holds subscription state stores one, `let live = LiveResource()`, instead of writing the count into its `init` and
/// `deinit`. Empty in release builds.
@usableFromInline
struct LiveResource: ~Copyable, Sendable {
    @inlinable
    init() {
        #if DEBUG
            Resources.increment()
        #endif
    }

    deinit {
        #if DEBUG
            Resources.decrement()
        #endif
    }
}
