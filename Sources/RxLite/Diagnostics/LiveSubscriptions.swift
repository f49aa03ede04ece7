import Foundation

// Where each live subscription was made (issue 27, item 2), in debug builds only: the public subscribing API
// (`subscribe`, `bind`, `drive`, `emit`) takes `file: StaticString = #fileID, line: UInt = #line` and hands a
// `SubscriptionOrigin` down to the subscription; `disposed(by:)` adds the place of the bag. The chain's operators
// are the files of the `Observable`s whose `runSubscription` ran with the subscription's own lifetime while it
// subscribed (`SubscriptionChainRecording`); their names are worked out only when the list is asked for. Release builds keep the
// parameters (a signature cannot depend on the build) but `SubscriptionOrigin` is empty there and its `record` does
// nothing, so after inlining they cost nothing (the creating rows of rxlite-bench measure the same).

/// Where a subscription was made and by which call: built by the public subscribing API, recorded in debug builds
/// only. Empty in release builds.
struct SubscriptionOrigin: Sendable {
    #if DEBUG
        let operation: StaticString
        let file: StaticString
        let line: UInt
    #endif

    init(_ operation: StaticString, file: StaticString, line: UInt) {
        #if DEBUG
            self.operation = operation
            self.file = file
            self.line = line
        #endif
    }

    #if DEBUG
        /// Lists `subscription`, whose synchronous subscribe ran the operators of `chain` (outermost first), among
        /// the live subscriptions until it ends.
        func record(_ subscription: Lifetime, of element: Any.Type, chain: [StaticString]) {
            LiveSubscriptionRegistry.shared.register(subscription, origin: self, element: element, chain: chain)
        }
    #endif
}

extension Disposable {
    /// Notes where `disposed(by:)` put this subscription in a bag (debug builds only).
    func noteBagPlace(file: StaticString, line: UInt) {
        #if DEBUG
            if let subscription = Lifetime.of(self) { noteBagPlaceOfSubscription(subscription, file: file, line: line) }
        #endif
    }
}

#if DEBUG
    func noteBagPlaceOfSubscription(_ subscription: Lifetime, file: StaticString, line: UInt) {
        LiveSubscriptionRegistry.shared.noteBag(of: subscription, file: file, line: line)
    }
#endif

#if DEBUG
    /// A subscription that has not ended yet, and where it was made: what ``Resources/liveSubscriptions()``
    /// returns (debug builds only).
    ///
    /// Made by `subscribe`, `bind`, `drive` or `emit` (the place is that call's `#fileID` and `#line`), and listed
    /// until it completes, fails or is disposed.
    public struct LiveSubscription: Sendable, Hashable, CustomStringConvertible {
        /// Tells subscriptions apart; later subscriptions have larger numbers.
        public let id: UInt64
        /// The file that made the subscription, as `#fileID` gives it (`"MyApp/LoginViewModel.swift"`).
        public let fileID: String
        /// The line of the call that made it.
        public let line: Int
        /// The call that made it: `"subscribe(onNext:)"`, `"bind(to:)"`, `"drive(onNext:)"`, ...
        public let operation: String
        /// The type of the elements of the subscribed sequence (`"Int"`, `"[Book]"`).
        public let elementType: String
        /// The operators it runs through, from the source to the subscriber, as far as its subscribe went through
        /// them at once (`"interval → filter → map"`); named after the files that define them.
        public let chain: String
        /// Where `disposed(by:)` put it in a `DisposeBag` (`"MyApp/LoginViewController.swift:40"`), if it did.
        public let disposeBagPlace: String?

        /// `fileID:line`, the place the subscription was made.
        public var place: String { "\(fileID):\(line)" }

        /// One line: the place, the call and the element type, the chain, and the bag's place if any.
        public var description: String {
            "\(place): \(operation) of \(elementType)" + (chain.isEmpty ? "" : " from \(chain)")
                + (disposeBagPlace.map { ", in a bag at \($0)" } ?? "")
        }
    }

    extension Resources {
        /// The subscriptions made through `subscribe`, `bind`, `drive` or `emit` that have not ended yet
        /// (completed, failed or disposed), oldest first, each with the place it was made (debug builds only).
        public static func liveSubscriptions() -> [LiveSubscription] {
            LiveSubscriptionRegistry.shared.snapshot()
        }

        /// The live subscriptions made in `scope` (see ``liveSubscriptions()``): for a test's leak report.
        public static func liveSubscriptions(in scope: ResourceScope) -> [LiveSubscription] {
            LiveSubscriptionRegistry.shared.snapshot(in: scope)
        }

        /// Prints ``liveSubscriptions()`` grouped by the place they were made, the place with the most first:
        ///
        /// ```
        /// RxLite: 3 live subscriptions
        ///   2 at MyApp/SearchViewModel.swift:31: subscribe(onNext:) of Array<Book> from subject → debounce
        ///   1 at MyApp/SearchViewController.swift:18: bind(to:) of String from subject → map, in a bag at …
        /// ```
        public static func dumpLiveSubscriptions() {
            print(liveSubscriptionsReport(liveSubscriptions()))
        }

        /// The text ``dumpLiveSubscriptions()`` prints, for `subscriptions`.
        public static func liveSubscriptionsReport(_ subscriptions: [LiveSubscription]) -> String {
            var groups: [String: (first: LiveSubscription, count: Int)] = [:]
            for subscription in subscriptions {
                let key = subscription.description
                groups[key, default: (subscription, 0)].count += 1
            }
            let ordered = groups.values.sorted {
                $0.count != $1.count ? $0.count > $1.count : $0.first.id < $1.first.id
            }
            let noun = subscriptions.count == 1 ? "subscription" : "subscriptions"
            var lines = ["RxLite: \(subscriptions.count) live \(noun)"]
            for group in ordered {
                lines.append("  \(group.count) at \(group.first.description)")
            }
            return lines.joined(separator: "\n")
        }
    }

    /// The live subscriptions of the process, by the identity of their lifetime. An entry is added at subscription
    /// and taken out by the `LiveSubscriptionRecord` put into the lifetime, when the lifetime disposes it (the
    /// subscription ended) or releases it (the lifetime was deallocated without ending); so an identity in the table
    /// always belongs to a lifetime that is alive.
    final class LiveSubscriptionRegistry: Sendable {
        static let shared = LiveSubscriptionRegistry()

        struct Entry {
            let id: UInt64
            let origin: SubscriptionOrigin
            let element: Any.Type
            /// The files of the operators the subscription ran through, outermost first.
            let chain: [StaticString]
            /// The scope the subscription was made in.
            let scope: ResourceScope?
            var bag: (file: StaticString, line: UInt)?
        }

        private struct Table {
            var entries: [ObjectIdentifier: Entry] = [:]
            var nextID: UInt64 = 1
        }

        private let table = Locked(Table())

        func register(
            _ subscription: Lifetime, origin: SubscriptionOrigin, element: Any.Type, chain: [StaticString]
        ) {
            // Ended during subscribe (`just(1).subscribe()`): nothing to list.
            if subscription.isDisposed { return }
            let key = ObjectIdentifier(subscription)
            table.withLock { table in
                table.entries[key] = Entry(
                    id: table.nextID, origin: origin, element: element, chain: chain,
                    scope: subscription.live.scope)
                table.nextID += 1
            }
            subscription.insert(LiveSubscriptionRecord(key: key))
        }

        func noteBag(of subscription: Lifetime, file: StaticString, line: UInt) {
            table.withLock { $0.entries[ObjectIdentifier(subscription)]?.bag = (file, line) }
        }

        func remove(_ key: ObjectIdentifier) {
            _ = table.withLock { $0.entries.removeValue(forKey: key) }
        }

        func snapshot(in scope: ResourceScope? = nil) -> [LiveSubscription] {
            let entries = table.withLock { table in
                scope.map { scope in table.entries.values.filter { $0.scope === scope } } ?? Array(table.entries.values)
            }
            return entries.sorted { $0.id < $1.id }.map { entry in
                LiveSubscription(
                    id: entry.id, fileID: "\(entry.origin.file)", line: Int(entry.origin.line),
                    operation: "\(entry.origin.operation)", elementType: String(describing: entry.element),
                    chain: entry.chain.reversed().map(operatorName).joined(separator: " → "),
                    disposeBagPlace: entry.bag.map { "\($0.file):\($0.line)" })
            }
        }
    }

    /// Takes its subscription out of the registry when the subscription's lifetime disposes it (the subscription
    /// ended) or drops it (the lifetime was deallocated).
    final class LiveSubscriptionRecord: Disposable, @unchecked Sendable {
        private let key: ObjectIdentifier
        private let removed = RxAtomic<Bool>(false)

        init(key: ObjectIdentifier) {
            self.key = key
        }

        func dispose() {
            if removed.exchange(true, ordering: .acquiringAndReleasing) { return }
            LiveSubscriptionRegistry.shared.remove(key)
        }

        deinit {
            dispose()
        }
    }
#endif

#if DEBUG
    /// The name of the operator defined in `file` (a `#fileID`): `"RxLite/DistinctUntilChanged.swift"` is
    /// `distinctUntilChanged`, `"RxLite/GENERATED-Zip+arity.swift"` is `zip` (a generated file's prefix is not part
    /// of the name), `"RxLite/PublishSubject.swift"` is `publishSubject`, `"RxLite/PublishRelay.swift"` (where its
    /// `asObservable()` is) is `publishRelay`.
    func operatorName(_ file: StaticString) -> String {
        var name = "\(file)"
        if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
        if name.hasPrefix("GENERATED-") { name.removeFirst("GENERATED-".count) }
        if name.hasSuffix(".swift") { name.removeLast(".swift".count) }
        var parts = name.split(separator: "+").map(String.init).filter { $0 != "arity" && $0 != "Collection" }
        if parts.count > 1 { parts.removeFirst() }  // "Observable+Zip": the type it extends comes first
        guard let first = parts.last?.first else { return name }
        return first.lowercased() + parts.last!.dropFirst()
    }

    /// The operators a subscription runs through while it subscribes: `subscribe` makes one for its root lifetime
    /// and binds it (task-local) while it runs the chain; each `runSubscription` with that same lifetime, on the
    /// same thread, adds its sequence's file. Inner subscriptions (with lifetimes of their own) and other threads
    /// (a child task that inherits the binding) are left out, which also keeps the list single-threaded.
    final class SubscriptionChainRecording: @unchecked Sendable {
        @TaskLocal static var current: SubscriptionChainRecording?

        private let thread = pthread_self()
        private let root: ObjectIdentifier
        // Touched only on `thread`, during the subscribe.
        private var files: [StaticString] = []

        private init(root: Lifetime) {
            self.root = ObjectIdentifier(root)
        }

        /// Runs `subscribe` recording the files of the operators it runs with `lifetime`; returns them.
        static func record(_ lifetime: Lifetime, _ subscribe: () -> Void) -> [StaticString] {
            let recording = SubscriptionChainRecording(root: lifetime)
            $current.withValue(recording) { subscribe() }
            return recording.files
        }

        static func note(_ file: StaticString, subscribing lifetime: Lifetime) {
            guard let recording = current, recording.root == ObjectIdentifier(lifetime),
                pthread_equal(recording.thread, pthread_self()) != 0
            else { return }
            recording.files.append(file)
        }
    }
#endif
