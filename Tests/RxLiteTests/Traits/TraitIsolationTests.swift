import Dispatch
import RxLite
import RxLiteTest
import Testing

/// The traits' subscribe forms take the caller's isolation, as Observable's do: a handler written on the main actor
/// runs there even when the outcome comes from a background thread.
@Suite(.checksResources) struct TraitIsolationTests {
    @Test @MainActor func traitHandlersRunOnTheCallersActor() async {
        let ranOnMain = Protected<[String: Bool]>([:])
        let latch = Latch(count: 7)
        let record = { (name: String) in
            ranOnMain.withLock { $0[name] = MainScheduler.isOnMainQueue }
            latch.countDown()
        }
        let background = Observable<Int>.task { 1 }
        let bag = DisposeBag()
        background.asSingle().subscribe(onSuccess: { _ in record("single") }).disposed(by: bag)
        background.asSingle().subscribe { _ in record("single event") }.disposed(by: bag)
        background.asMaybe().subscribe(onSuccess: { _ in record("maybe") }).disposed(by: bag)
        background.ignoreElements().asCompletable().subscribe(onCompleted: { record("completable") })
            .disposed(by: bag)
        background.asInfallible(onErrorJustReturn: 0).subscribe(onNext: { _ in record("infallible") })
            .disposed(by: bag)
        background.asInfallible(onErrorJustReturn: 0).bind(onNext: { _ in record("infallible bind") })
            .disposed(by: bag)
        final class Owner {}
        let owner = Owner()
        background.asSingle().subscribe(with: owner, onSuccess: { _, _ in record("single with") })
            .disposed(by: bag)
        await latch.wait()
        #expect(ranOnMain.withLock { $0 }.count == 7)
        #expect(ranOnMain.withLock { $0 }.values.allSatisfy { $0 })
    }
}

/// Resumes its waiter once `countDown()` has been called `count` times, from any thread.
private final class Latch: Sendable {
    private let state: Protected<(remaining: Int, waiter: CheckedContinuation<Void, Never>?)>

    init(count: Int) {
        state = Protected((count, nil))
    }

    func countDown() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.remaining -= 1
            guard state.remaining == 0 else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.remaining <= 0 { return true }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
