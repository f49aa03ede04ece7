import RxLite
import RxLiteTest
import Testing

/// The hooks are process-wide, so these tests run one at a time, restore what they change, and only look at errors
/// they caused themselves (another suite running alongside may report its own).
@Suite(.checksResources, .serialized) struct HooksTests {
    struct Marker: Error, Equatable {
        let id: Int
    }

    @Test func unhandledErrorReachesTheDefaultErrorHandler() {
        let reported = Protected<[(stack: [String], error: any Error)]>([])
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { stack, error in reported.withLock { $0.append((stack, error)) } }
        defer { Hooks.defaultErrorHandler = previous }

        Observable<Int>.error(Marker(id: 1)).subscribe(onNext: { _ in }).dispose()

        let mine = reported.withLock { $0 }.filter { ($0.error as? Marker) == Marker(id: 1) }
        #expect(mine.count == 1)
        #expect(mine.first?.stack == [])
    }

    @Test func handledErrorDoesNotReachTheHandler() {
        let reported = Protected<[any Error]>([])
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in reported.withLock { $0.append(error) } }
        defer { Hooks.defaultErrorHandler = previous }

        var handled = 0
        Observable<Int>.error(Marker(id: 2)).subscribe(onError: { _ in handled += 1 }).dispose()

        #expect(handled == 1)
        #expect(!reported.withLock { $0 }.contains { ($0 as? Marker) == Marker(id: 2) })
    }

    @Test func recordedCallStackComesFromTheCaptureHook() {
        let reported = Protected<[[String]]>([])
        let previousHandler = Hooks.defaultErrorHandler
        let previousCapture = Hooks.customCaptureSubscriptionCallstack
        Hooks.defaultErrorHandler = { stack, error in
            if (error as? Marker) == Marker(id: 3) { reported.withLock { $0.append(stack) } }
        }
        Hooks.customCaptureSubscriptionCallstack = { ["frame 0", "frame 1"] }
        Hooks.recordCallStackOnError = true
        defer {
            Hooks.recordCallStackOnError = false
            Hooks.customCaptureSubscriptionCallstack = previousCapture
            Hooks.defaultErrorHandler = previousHandler
        }
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { _ in })
        // The stack is the one from subscription time, not from when the error arrives.
        Hooks.customCaptureSubscriptionCallstack = { ["later"] }
        subject.onError(Marker(id: 3))
        subscription.dispose()

        #if DEBUG
            #expect(reported.withLock { $0 } == [["frame 0", "frame 1"]])
        #else
            #expect(reported.withLock { $0 } == [[]])
        #endif
    }

    @Test func hooksDefaultToNotRecording() {
        #expect(Hooks.recordCallStackOnError == false)
    }

    @Test func overflowHasAMessage() {
        #expect(RxError.overflow.description == "Arithmetic overflow occurred.")
        #expect(RxError.overflow != RxError.timeout)
    }
}
