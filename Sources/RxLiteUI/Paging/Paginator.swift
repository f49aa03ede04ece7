import Foundation
import RxLite

/// What a ``Paginator`` shows: the items loaded for the current query and where the paging stands.
public struct PaginatorState<Item> {
    /// Every item loaded for the current query, in order (a snapshot: it never changes).
    public var items: PagedItems<Item>
    /// Whether a page request is in flight.
    public var isLoading: Bool
    /// Why the last request failed, until the next request starts. The items loaded before stay.
    public var error: (any Error)?
    /// Whether a page after the loaded ones may exist (`false` with no query or after the last page).
    public var hasMore: Bool
    /// How many items the query matches in all, when the source said.
    public var totalCount: Int?
    /// How many pages are loaded.
    public var loadedPages: Int
    /// Whether there is a query (`false`: the list is empty because nothing is searched).
    public var hasQuery: Bool

    /// No query, no items.
    public static var idle: PaginatorState {
        PaginatorState(
            items: [], isLoading: false, error: nil, hasMore: false, totalCount: nil, loadedPages: 0, hasQuery: false)
    }
}

extension PaginatorState: Sendable where Item: Sendable {}

/// Loads pages of `Item` for a query as the user scrolls: page 1 when the query changes, the next page on each
/// load-next trigger, and nothing more after the last page.
///
/// ```swift
/// let paginator = Paginator<String, Book>(pageSize: 10) { query, request in
///     service.fetch(query, page: request.page, size: request.pageSize)   // Single<Page<Book>>
/// }
/// let output = paginator.transform(.init(query: queryText, loadNext: tableView.rx.reachedBottom().asObservable()))
/// output.changes.emit(to: ...)     // ListUpdate: `.reload` for a new query, `.appended(range)` for a page
/// output.state.drive(...)          // items, isLoading, error, hasMore, totalCount
/// ```
///
/// Guarantees (see `PaginatorStateMachine` for the invariants behind them):
/// - one request at a time: a trigger while a page loads is dropped, so each page is requested once per query;
/// - nothing is requested after the last page (an empty or short page, the total reached, or the fetch's own
///   `hasMore == false`);
/// - a new query (or refresh) disposes the request in flight, and a late answer to it is dropped;
/// - a failure keeps every loaded item, and the next trigger (or retry) requests the same page again;
/// - a page costs O(page size): items go into an ``AppendOnlyList`` and each update carries an O(1) snapshot.
///
/// Every input and every fetch result is handled on `scheduler`, which must be serial (the main scheduler, or a
/// `TestScheduler`); the outputs are a `Driver` and a `Signal`, delivered on the main scheduler (or the
/// `SharingScheduler` mock in tests). The outputs never complete or fail: inputs that end or fail stop feeding
/// the paginator, and a fetch's error is reported in ``PaginatorState/error``.
public final class Paginator<Query: Sendable, Item: Sendable>: Sendable {
    /// The inputs: all are events, none carries state the paginator must read back.
    public struct Input {
        /// The query; a new element resets the list and loads page 1 (`nil`: no query, an empty list).
        public var query: Observable<Query?>
        /// "The user is near the end of the list": load the next page if there is one and none is loading.
        public var loadNext: Observable<Void>
        /// Request the failed page again.
        public var retry: Observable<Void>
        /// Load the current query again from page 1.
        public var refresh: Observable<Void>

        /// The inputs; `retry` and `refresh` default to `.empty()` (no events).
        public init(
            query: Observable<Query?>, loadNext: Observable<Void>, retry: Observable<Void> = .empty(),
            refresh: Observable<Void> = .empty()
        ) {
            self.query = query
            self.loadNext = loadNext
            self.retry = retry
            self.refresh = refresh
        }
    }

    /// The outputs, sharing one paging session while either has subscribers.
    public struct Output {
        /// The state after every change, starting with the state at subscription (replayed to late subscribers).
        public let state: Driver<PaginatorState<Item>>
        /// How the list changed: `.reload` when the query changes (the list empties), `.appended(range)` for each
        /// page. Feed it to `tableView.rx.items` to insert rows instead of reloading.
        public let changes: Signal<ListUpdate<Item>>
    }

    /// Fetches one page.
    public typealias Fetch = @Sendable (Query, PageRequest) -> Single<Page<Item>>

    /// The page size of every request.
    public let pageSize: Int
    private let scheduler: any SchedulerType
    private let fetch: Fetch

    /// A paginator requesting pages of `pageSize` items with `fetch`, handling inputs and results on `scheduler`.
    ///
    /// Disposing the subscription to a fetch's single must cancel its work; its late answer is dropped anyway.
    public init(pageSize: Int, scheduler: any SchedulerType = MainScheduler.instance, fetch: @escaping Fetch) {
        precondition(pageSize > 0, "A page size must be positive, not \(pageSize)")
        self.pageSize = pageSize
        self.scheduler = scheduler
        self.fetch = fetch
    }

    /// A paginator whose fetch is an `async` function, run in a `Task` that is cancelled when the request is.
    public convenience init(
        pageSize: Int, scheduler: any SchedulerType = MainScheduler.instance,
        fetch: @escaping @Sendable (Query, PageRequest) async throws -> Page<Item>
    ) {
        self.init(pageSize: pageSize, scheduler: scheduler) { query, request in
            Observable.task { try await fetch(query, request) }.asSingle()
        }
    }

    /// The outputs for `input`. Each subscription to them (shared between the two while either is subscribed)
    /// starts a fresh paging session.
    public func transform(_ input: Input) -> Output {
        let updates = self.updates(input).share()
        return Output(
            state: updates.map(\.state).asDriver(onErrorDriveWith: .empty()),
            changes: updates.compactMap(\.listUpdate).asSignal(onErrorSignalWith: .empty()))
    }

    /// Every state of a paging session driven by `input`, on `scheduler`, and the list change that led to it.
    public func updates(_ input: Input) -> Observable<PaginatorUpdate<Item>> {
        let commands = Observable.merge(
            input.query.map { PaginatorCommand<Query, Item>.query($0) },
            input.loadNext.map { PaginatorCommand<Query, Item>.loadNext },
            input.retry.map { PaginatorCommand<Query, Item>.retry },
            input.refresh.map { PaginatorCommand<Query, Item>.refresh }
        )
        let pageSize = self.pageSize
        let scheduler = self.scheduler
        let fetch = self.fetch
        return Observable.create { observer in
            let session = PaginatorSession<Query, Item>(
                pageSize: pageSize, scheduler: scheduler, fetch: fetch, publish: { observer.onNext($0) })
            session.publish(change: nil)
            let inputs = commands.observe(on: scheduler).subscribe(onNext: { [weak session] command in
                session?.handle(command)
            })
            return Disposables.create {
                inputs.dispose()
                session.dispose()
            }
        }
    }
}

/// One state of a paging session and the change of the list that led to it (`nil`: only the status changed).
public struct PaginatorUpdate<Item> {
    /// The state after the change.
    public var state: PaginatorState<Item>
    /// How the list changed: `.reload` for a new query, `.appended(range)` for a page; `nil` when only the status
    /// (loading, error, ...) changed.
    public var change: ListChange?

    /// The list and its change, when the list changed.
    public var listUpdate: ListUpdate<Item>? {
        change.map { ListUpdate(items: state.items, change: $0) }
    }
}

extension PaginatorUpdate: Sendable where Item: Sendable {}

/// What a paging session handles, in order, on its scheduler.
enum PaginatorCommand<Query: Sendable, Item: Sendable>: Sendable {
    case query(Query?)
    case loadNext
    case retry
    case refresh
    case loaded(generation: Int, page: Page<Item>)
    case failed(generation: Int, error: any Error)
}

/// One paging session: the state machine, the list and the request in flight.
///
/// Confined to the paginator's serial scheduler: every command arrives through `observe(on: scheduler)`. Commands
/// sent while one is handled (a fetch that answers synchronously) wait in `pending` and run right after, so a
/// transition never runs inside another.
final class PaginatorSession<Query: Sendable, Item: Sendable>: @unchecked Sendable {
    private var machine: PaginatorStateMachine<Query>
    private var list = AppendOnlyList<Item>()
    private let inFlight = SerialDisposable()
    private let scheduler: any SchedulerType
    private let fetch: Paginator<Query, Item>.Fetch
    private let publishUpdate: (PaginatorUpdate<Item>) -> Void
    private var pending: [PaginatorCommand<Query, Item>] = []
    private var isHandling = false

    init(
        pageSize: Int, scheduler: any SchedulerType, fetch: @escaping Paginator<Query, Item>.Fetch,
        publish: @escaping (PaginatorUpdate<Item>) -> Void
    ) {
        machine = PaginatorStateMachine(pageSize: pageSize)
        self.scheduler = scheduler
        self.fetch = fetch
        self.publishUpdate = publish
    }

    func dispose() {
        inFlight.dispose()
    }

    func handle(_ command: PaginatorCommand<Query, Item>) {
        pending.append(command)
        guard !isHandling else { return }
        isHandling = true
        while !pending.isEmpty {
            run(pending.removeFirst())
        }
        isHandling = false
    }

    private func run(_ command: PaginatorCommand<Query, Item>) {
        switch command {
        case .query(let query): perform(machine.setQuery(query))
        case .loadNext: perform(machine.loadNext())
        case .retry: perform(machine.retry())
        case .refresh: perform(machine.refresh())
        case .loaded(let generation, let page):
            guard
                machine.pageLoaded(
                    generation: generation, itemCount: page.items.count, totalCount: page.totalCount,
                    hasMore: page.hasMore)
            else { return }
            let start = list.count
            list.append(contentsOf: page.items)
            publish(change: .appended(start..<list.count))
        case .failed(let generation, let error):
            guard machine.pageFailed(generation: generation, error: error) else { return }
            publish(change: nil)
        }
    }

    private func perform(_ action: PaginatorStateMachine<Query>.Action) {
        switch action {
        case .none:
            return
        case .reset(let fetch):
            inFlight.disposable = Disposables.create()
            list = AppendOnlyList()
            publish(change: .reload)
            if let fetch { start(fetch) }
        case .fetch(let fetch):
            publish(change: nil)
            start(fetch)
        }
    }

    private func start(_ request: PaginatorStateMachine<Query>.Fetch) {
        let generation = request.generation
        // The single's answer comes back as a command on the scheduler; the generation lets a stale one be dropped.
        inFlight.disposable = fetch(request.query, request.request).asObservable()
            .map { PaginatorCommand<Query, Item>.loaded(generation: generation, page: $0) }
            .catch { error in .just(PaginatorCommand<Query, Item>.failed(generation: generation, error: error)) }
            .observe(on: scheduler)
            .subscribe(onNext: { [weak self] command in self?.handle(command) })
    }

    func publish(change: ListChange?) {
        let state = PaginatorState(
            items: list.snapshot, isLoading: machine.isLoading, error: machine.lastError, hasMore: machine.hasMore,
            totalCount: machine.totalCount, loadedPages: machine.loadedPages, hasQuery: machine.query != nil)
        publishUpdate(PaginatorUpdate(state: state, change: change))
    }
}
