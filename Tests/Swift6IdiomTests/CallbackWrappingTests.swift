import Dispatch
import RxLite
import RxLiteTest
import Testing

// This target is built with warnings as errors in Swift 6 mode (.ci/run): each test is first of all an idiom that
// must compile as written, the way an app wraps a callback API (URLSession, CoreLocation, any SDK) in Rx.

/// A callback API as SDKs write them: the completion handler is `@Sendable` and runs on some other thread.
private func legacyFetch(_ id: Int, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
    DispatchQueue.global().async {
        if id < 0 {
            completion(.failure(LegacyError.notFound(id)))
        } else {
            completion(.success("book \(id)"))
        }
    }
}

private enum LegacyError: Error, Equatable {
    case notFound(Int)
}

private func fetchBook(_ id: Int) -> Observable<String> {
    Observable.create { observer in
        legacyFetch(id) { result in
            switch result {
            case .success(let title):
                observer.onNext(title)
                observer.onCompleted()
            case .failure(let error):
                observer.onError(error)
            }
        }
        return Disposables.create()
    }
}

private func fetchSingle(_ id: Int) -> Single<String> {
    Single.create { single in
        legacyFetch(id) { result in single(result) }
        return Disposables.create()
    }
}

private func fetchMaybe(_ id: Int) -> Maybe<String> {
    Maybe.create { maybe in
        legacyFetch(id) { result in
            switch result {
            case .success(let title): maybe(.success(title))
            case .failure(LegacyError.notFound): maybe(.completed)
            case .failure(let error): maybe(.error(error))
            }
        }
        return Disposables.create()
    }
}

private func save(_ id: Int) -> Completable {
    Completable.create { completable in
        legacyFetch(id) { result in
            switch result {
            case .success: completable(.completed)
            case .failure(let error): completable(.error(error))
            }
        }
        return Disposables.create()
    }
}

@Suite(.checksResources) struct CallbackWrappingTests {
    @Test func anObservableWrappingACallbackAPIDeliversFromTheCallbacksThread() async throws {
        var titles: [String] = []
        for try await title in fetchBook(7).values { titles.append(title) }
        #expect(titles == ["book 7"])
        await #expect(throws: LegacyError.notFound(-1)) {
            for try await _ in fetchBook(-1).values {}
        }
    }

    @Test func singleMaybeAndCompletableWrapACallbackAPI() async throws {
        #expect(try await fetchSingle(3).value == "book 3")
        await #expect(throws: LegacyError.notFound(-3)) { try await fetchSingle(-3).value }
        #expect(try await fetchMaybe(4).value == "book 4")
        #expect(try await fetchMaybe(-4).value == nil)
        try await save(5).value
        await #expect(throws: LegacyError.notFound(-5)) { try await save(-5).value }
    }

    @Test func concurrentCallsOnCreatesObserverAreSerializedAndNoneIsLost() async throws {
        let producers = 8
        let perProducer = 500
        let inside = Protected(0)
        let overlaps = Protected(0)
        let numbers = Observable<Int>.create { observer in
            DispatchQueue.global().async {
                DispatchQueue.concurrentPerform(iterations: producers) { producer in
                    for offset in 0..<perProducer { observer.onNext(producer * perProducer + offset) }
                }
                observer.onCompleted()
            }
            return Disposables.create()
        }
        var received: [Int] = []
        for try await number in numbers.do(onNext: { _ in
            let concurrent = inside.withLock { count -> Int in
                count += 1
                return count
            }
            if concurrent != 1 { overlaps.withLock { $0 += 1 } }
            inside.withLock { $0 -= 1 }
        }).values {
            received.append(number)
        }
        #expect(overlaps.withLock { $0 } == 0)
        #expect(received.sorted() == Array(0..<(producers * perProducer)))
    }

    @Test func aSingleCallbackRacingAnotherIsDeliveredAsOneResult() async throws {
        for _ in 0..<200 {
            let raced = Single<Int>.create { single in
                DispatchQueue.global().async { single(.success(1)) }
                DispatchQueue.global().async { single(.failure(LegacyError.notFound(2))) }
                return Disposables.create()
            }
            // Whichever call wins, the single delivers exactly one outcome: never an element followed by an error.
            let events = try await raced.asObservable().materialize().toArray().value
            let outcome = events.map { "\($0)" }
            #expect(outcome == ["next(1)", "completed"] || outcome == ["error(notFound(2))"], "\(outcome)")
        }
    }
}

/// A main-actor screen model consuming an observable with `for try await`: compiles, and sees every element.
@MainActor private final class ResultsModel {
    private(set) var titles: [String] = []

    func load(_ ids: [Int]) async throws {
        for try await title in Observable.from(ids).flatMap(fetchBook).values { titles.append(title) }
    }
}

@Suite(.checksResources) struct AsyncLoopIdiomTests {
    @Test @MainActor func aMainActorModelLoopsOverAnObservable() async throws {
        let model = ResultsModel()
        try await model.load([1, 2, 3])
        #expect(model.titles.sorted() == ["book 1", "book 2", "book 3"])
    }
}
