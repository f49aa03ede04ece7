// The activity-indicator pattern from RxSwift's examples, which countless apps carry: a struct that is both an
// `ObservableConvertibleType` and a `Disposable`, and a class that is a `SharedSequenceConvertibleType` by
// implementing only `asSharedSequence()`. Written here from its shape, not copied.
import Foundation
import RxCocoa
import RxRelay
import RxSwift
import XCTest

/// Counts the sequences in flight; reads `true` while at least one runs.
final class LoadingTracker: SharedSequenceConvertibleType {
    typealias Element = Bool
    typealias SharingStrategy = DriverSharingStrategy

    private let lock = NSRecursiveLock()
    private let inFlight = BehaviorRelay(value: 0)
    private let isLoading: Driver<Bool>

    init() {
        isLoading = inFlight.asDriver().map { $0 > 0 }.distinctUntilChanged()
    }

    fileprivate func track<Source: ObservableConvertibleType>(_ source: Source) -> Observable<Source.Element> {
        Observable.using(
            { () -> LoadingToken<Source.Element> in
                self.change(by: 1)
                return LoadingToken(source: source.asObservable()) { self.change(by: -1) }
            },
            observableFactory: { token in token.asObservable() })
    }

    private func change(by delta: Int) {
        lock.lock()
        inFlight.accept(inFlight.value + delta)
        lock.unlock()
    }

    func asSharedSequence() -> SharedSequence<DriverSharingStrategy, Bool> {
        isLoading
    }
}

/// A struct disposable that is also a sequence: what `using` keeps for one tracked subscription.
private struct LoadingToken<Element>: ObservableConvertibleType, Disposable {
    private let source: Observable<Element>
    private let ending: Cancelable

    init(source: Observable<Element>, onEnd: @escaping () -> Void) {
        self.source = source
        ending = Disposables.create(with: onEnd)
    }

    func dispose() { ending.dispose() }

    func asObservable() -> Observable<Element> { source }
}

extension ObservableConvertibleType {
    func trackLoading(_ tracker: LoadingTracker) -> Observable<Element> {
        tracker.track(self)
    }
}

final class ActivityIndicatorTests: XCTestCase {
    func testReadsTrueWhileATrackedSequenceRuns() {
        let tracker = LoadingTracker()
        var states: [Bool] = []
        let bag = DisposeBag()
        tracker.drive(onNext: { states.append($0) }).disposed(by: bag)
        tracker.asObservable().subscribe(onNext: { _ in }).disposed(by: bag)
        let request = PublishSubject<String>()
        var answers: [String] = []
        request.trackLoading(tracker).subscribe(onNext: { answers.append($0) }).disposed(by: bag)
        XCTAssertEqual(states, [false, true])
        request.onNext("done")
        request.onCompleted()
        XCTAssertEqual(answers, ["done"])
        XCTAssertEqual(states, [false, true, false])
    }

    func testConvertsToADriverWithAsDriver() {
        let tracker = LoadingTracker()
        var states: [Bool] = []
        let bag = DisposeBag()
        let isLoading: Driver<Bool> = tracker.asDriver()
        isLoading.drive(onNext: { states.append($0) }).disposed(by: bag)
        let request = PublishSubject<String>()
        request.trackLoading(tracker).subscribe().disposed(by: bag)
        request.onCompleted()
        XCTAssertEqual(states, [false, true, false])
    }

    func testDisposingATrackedSubscriptionEndsItsActivity() {
        let tracker = LoadingTracker()
        var states: [Bool] = []
        let bag = DisposeBag()
        tracker.drive(onNext: { states.append($0) }).disposed(by: bag)
        let first = Observable<Int>.never().trackLoading(tracker).subscribe()
        let second = Observable<Int>.never().trackLoading(tracker).subscribe()
        first.dispose()
        XCTAssertEqual(states, [false, true])
        second.dispose()
        XCTAssertEqual(states, [false, true, false])
    }
}
