import BookSearch
import Dispatch
import Foundation
import RxLite
import RxLiteTest
import RxLiteUI

#if canImport(Glibc)
    import Glibc
#endif

// PagingScroll: a Paginator scrolled through `iterations` pages of 10 books (10,000 pages at the default: 100,000
// books), one load-next trigger per page, on a scheduler that runs at once. The books come from a SYNTHETIC
// catalog: an EmbeddedCatalog of generated books ("Synthetic Book 000001", ...), matched once for the query
// before timing; each fetch slices the page out of those matches (the catalog's own per-request scan is not the
// pager's cost). The subscriber keeps every update (as a table keeps the list it shows while the next one comes),
// which is what makes an array relay's `accept(old + new)` copy the whole list per page. Unit: one book appended.
//
// The note under the table checks that the work grows linearly: ns per book at 1,000 and at 10,000 pages, the
// peak memory of the run, and the array-relay approach (`accept(value + page)`, a subscriber holding the previous
// array) at 1,000 and 2,000 pages for comparison.

/// Runs every action at once, on the calling thread.
struct ImmediateScheduler: SchedulerType {
    var now: RxTime { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        action(state)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        action(state)
    }
}

/// The synthetic catalog's matches for "synthetic", generated once per size.
private let syntheticMatches = Protected<[Int: [Book]]>([:])

func syntheticBooks(_ count: Int) -> [Book] {
    if let books = syntheticMatches.withLock({ $0[count] }) { return books }
    let generated = (1...max(count, 1)).map { index in
        let number = String(index).leftPadded(to: 6)
        return Book(
            title: "Synthetic Book \(number)", author: "Generated Author \(index % 997)",
            publisher: "Synthetic Press", publicationDate: "2026", isbn13: "")
    }
    let catalog = EmbeddedCatalog(books: generated)
    let matches = catalog.matches("synthetic", in: .title)
    syntheticMatches.withLock { $0 = [count: matches] }  // keep one size only: memory figures stay honest
    return matches
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// Scrolls a paginator through `pages` pages of 10 and returns the number of books loaded.
nonisolated func pagingScroll(_ pages: Int) -> Int {
    let books = syntheticBooks(pages * 10)
    let paginator = Paginator<String, Book>(pageSize: 10, scheduler: ImmediateScheduler()) { _, request in
        let start = min(request.offset, books.count)
        let end = min(start + request.pageSize, books.count)
        return .just(Page(items: Array(books[start..<end]), totalCount: books.count))
    }
    let query = BehaviorRelay<String?>(value: nil)
    let loadNext = PublishRelay<Void>()
    var kept: [PaginatorUpdate<Book>] = []
    kept.reserveCapacity(pages * 2 + 4)
    let subscription = paginator.updates(.init(query: query.asObservable(), loadNext: loadNext.asObservable()))
        .subscribe(onNext: { kept.append($0) })
    query.accept("synthetic")
    for _ in 1..<max(pages, 1) { loadNext.accept(()) }
    let loaded = kept.last?.state.items.count ?? 0
    subscription.dispose()
    return loaded
}

/// The array-relay way: each page `accept(value + page)`, a subscriber keeping the array it was given.
nonisolated func arrayRelayAppendScroll(_ pages: Int) -> Int {
    let books = syntheticBooks(pages * 10)
    let relay = BehaviorRelay<[Book]>(value: [])
    var shown: [Book] = []
    let subscription = relay.subscribe(onNext: { shown = $0 })
    for page in 0..<pages {
        relay.accept(relay.value + books[(page * 10)..<(page * 10 + 10)])
    }
    subscription.dispose()
    return shown.count
}

/// The best of `runs` timings of `body(pages)`, in ns per book.
private func nanosecondsPerBook(_ pages: Int, runs: Int = 3, _ body: (Int) -> Int) -> Double {
    _ = syntheticBooks(pages * 10)
    var best = UInt64.max
    for _ in 0..<runs {
        let start = nanoseconds()
        let loaded = body(pages)
        best = min(best, nanoseconds() - start)
        precondition(loaded == pages * 10, "loaded \(loaded) books, expected \(pages * 10)")
    }
    return Double(best) / Double(pages * 10)
}

/// The process's peak resident memory so far, in MiB.
private func peakResidentMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
}

nonisolated func pagingScrollNote() -> String {
    let small = nanosecondsPerBook(1_000, pagingScroll)
    let large = nanosecondsPerBook(10_000, pagingScroll)
    let peak = peakResidentMiB()
    let arraySmall = nanosecondsPerBook(1_000, runs: 1, arrayRelayAppendScroll)
    let arrayLarge = nanosecondsPerBook(2_000, runs: 1, arrayRelayAppendScroll)
    return String(
        format: "synthetic catalog; paginator %.0f ns/book at 1,000 pages, %.0f at 10,000 (x%.2f: linear when ~1); "
            + "peak RSS %.1f MiB after 10,000 pages (100,000 books); array relay accept(old + new): %.0f ns/book at 1,000 "
            + "pages, %.0f at 2,000 (x%.2f: grows with the list)",
        small, large, large / small, peak, arraySmall, arrayLarge, arrayLarge / arraySmall)
}
