import RxLite

// The base scenarios again with element types RxLite has never seen, defined here as an app defines its models: a
// struct with a `String` field and two numbers, and a class. RxLite is compiled once for every element type, so these
// rows show whether an app's own types cost more per event than `Int`.
//
// Named after the base scenario with the type appended: "MapFilterPumpingOfStruct", "MapFilterPumpingOfClass".

/// An app's value model.
struct BenchBook {
    let title: String
    let pages: Int
    let rating: Double
}

/// An app's reference model.
final class BenchShelf {
    let title: String
    let pages: Int

    init(title: String, pages: Int) {
        self.title = title
        self.pages = pages
    }
}

/// What the scenarios need of an element: one to send, and a number to add up as the checksum.
protocol BenchElement: SendableMetatype {
    static func make(pages: Int) -> Self
    var pages: Int { get }
}

extension BenchBook: BenchElement {
    static func make(pages: Int) -> BenchBook { BenchBook(title: "Pachinko", pages: pages, rating: 4.5) }
}

extension BenchShelf: BenchElement {
    static func make(pages: Int) -> BenchShelf { BenchShelf(title: "Fiction", pages: pages) }
}

// Generic here, in the benchmark's module, so each is specialized for its type as an app's concrete code is; the
// library's side is what is measured.

@inline(__always)
nonisolated func publishSubjectPumping<Element: BenchElement>(of _: Element.Type, _ iterations: Int) -> Int {
    var sum = 0
    let subject = PublishSubject<Element>()
    let subscription = subject.subscribe(onNext: { sum += $0.pages })
    let element = Element.make(pages: 1)
    for _ in 0..<iterations * 100 { subject.onNext(element) }
    subscription.dispose()
    return sum
}

/// `countingSource` for any element type.
@inline(never)
nonisolated func countingSource<Element: BenchElement>(of _: Element.Type, _ count: Int) -> Observable<Element> {
    Observable<Element>.create { observer in
        let element = Element.make(pages: 1)
        for _ in 0..<count { observer.on(.next(element)) }
        return Disposables.create()
    }
}

@inline(__always)
nonisolated func pump<Element: BenchElement>(
    _ count: Int, of type: Element.Type, through chain: (Observable<Element>) -> Observable<Element>
) -> Int {
    var sum = 0
    let subscription = chain(countingSource(of: type, count)).subscribe(onNext: { sum += $0.pages })
    subscription.dispose()
    return sum
}

@inline(__always)
nonisolated func create<Element: BenchElement>(
    _ iterations: Int, of type: Element.Type, through chain: (Observable<Element>) -> Observable<Element>
) -> Int {
    var sum = 0
    for _ in 0..<iterations {
        let subscription = chain(countingSource(of: type, 1)).subscribe(onNext: { sum += $0.pages })
        subscription.dispose()
    }
    return sum
}

@inline(__always)
nonisolated func combineLatestChain<Element: BenchElement>(_ source: Observable<Element>) -> Observable<Element> {
    let other = Element.make(pages: 0)
    var last = Observable.combineLatest(Observable.just(other), Observable.just(other), Observable.just(other), source)
    {
        _, _, _, x in x
    }
    for _ in 0..<6 {
        last = Observable.combineLatest(Observable.just(other), Observable.just(other), Observable.just(other), last) {
            _, _, _, x in x
        }
    }
    return last
}

/// The scenarios of one element type.
nonisolated func elementTypeScenarios<Element: BenchElement>(of type: Element.Type, named suffix: String) -> [Scenario]
{
    [
        Scenario(
            name: "PublishSubjectPumping\(suffix)", unit: "event", units: { $0 * 100 },
            expectedChecksum: { $0 * 100 }, body: { publishSubjectPumping(of: type, $0) }),
        Scenario(
            name: "MapFilterPumping\(suffix)", unit: "event", units: { $0 * 10 },
            expectedChecksum: { $0 * 10 }, body: { pump($0 * 10, of: type, through: mapFilterChain) }),
        Scenario(
            name: "MapFilterCreating\(suffix)", unit: "subscription", units: { $0 },
            expectedChecksum: { $0 }, body: { create($0, of: type, through: mapFilterChain) }),
        Scenario(
            name: "FlatMapLatestPumping\(suffix)", unit: "event", units: { $0 * 10 },
            expectedChecksum: { $0 * 10 }, body: { pump($0 * 10, of: type, through: flatMapLatestChain) }),
        Scenario(
            name: "FlatMapLatestCreating\(suffix)", unit: "subscription", units: { $0 },
            expectedChecksum: { $0 }, body: { create($0, of: type, through: flatMapLatestChain) }),
        Scenario(
            name: "CombineLatestPumping\(suffix)", unit: "event", units: { $0 * 10 },
            expectedChecksum: { $0 * 10 }, body: { pump($0 * 10, of: type, through: combineLatestChain) }),
        Scenario(
            name: "CombineLatestCreating\(suffix)", unit: "subscription", units: { $0 },
            expectedChecksum: { $0 }, body: { create($0, of: type, through: combineLatestChain) }),
    ]
}

/// Every scenario of an app-defined element type: the struct's, then the class's.
nonisolated func allElementTypeScenarios() -> [Scenario] {
    elementTypeScenarios(of: BenchBook.self, named: "OfStruct")
        + elementTypeScenarios(of: BenchShelf.self, named: "OfClass")
}
