import RxLite
import RxLiteTest
import Testing

/// RxSwift 6's deprecated trait spellings still compile and do what their new names do.
@Suite(.checksResources) struct PrimitiveSequenceDeprecatedTests {
    @Test @available(*, deprecated, message: "exercises the deprecated names")
    func deprecatedSpellings() {
        let scheduler = TestScheduler()
        let observed = scheduler.start { Single.just(1).observeOn(scheduler).subscribeOn(scheduler) }
        #expect(observed.events == [.next(202, 1), .completed(203)])
        var isFirst = true
        let retried = TestScheduler().start {
            Single<Int>.error(TestError())
                .catchError { error in
                    defer { isFirst = false }
                    return isFirst ? .error(error) : .just(2)
                }
                .retryWhen { (errors: Observable<TestError>) in errors }
        }
        #expect(retried.events == [.next(200, 2), .completed(200)])
        let untyped = TestScheduler().start {
            Single<Int>.error(TestError()).retryWhen { (errors: Observable<any Error>) in errors.take(1) }
                .catchErrorJustReturn(3)
        }
        #expect(untyped.events == [.completed(200)])
        let maybe = TestScheduler().start { Maybe<Int>.error(TestError()).catchErrorJustReturn(4) }
        #expect(maybe.events == [.next(200, 4), .completed(200)])
        var failures = 0
        Single<Int>.error(TestError()).subscribe(onError: { _ in failures += 1 })
        #expect(failures == 1)
        let merged = TestScheduler().start {
            Completable.merge(
                Completable.empty(), Completable.merge([Completable.empty()]), Completable.merge([.empty()][...]))
        }
        #expect(merged.events == [.completed(200)])
    }
}
