// The run-time half of the main-actor check: Swift 5-mode code may call `drive` and `emit` from any thread, so off
// the main thread they stop the program with a message, as RxCocoa's do. Each case runs in a child process.
import Foundation
import RxCocoa
import RxSwift
import RxTest
import Testing

// Plain nonisolated functions, as Swift 5-mode app code calls these APIs (the closures below are `@Sendable`, where
// even Swift 5 mode warns).
private func driveOnce() {
    _ = Driver.just(1).drive(onNext: { _ in })
}

private func emitOnce() {
    _ = Signal.just(1).emit(onNext: { _ in })
}

@Suite(.checksResources) struct MainThreadCheckTests {
    @Test func driveOffTheMainThreadStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let done = DispatchSemaphore(value: 0)
            Thread {
                driveOnce()
                done.signal()
            }.start()
            done.wait()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("drive must be called on the main thread"))
    }

    @Test func emitOffTheMainThreadStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let done = DispatchSemaphore(value: 0)
            Thread {
                emitOnce()
                done.signal()
            }.start()
            done.wait()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("emit must be called on the main thread"))
    }

    @Test func driveOnTheMainThreadRuns() async {
        let received = await MainActor.run { () -> [Int] in
            var received: [Int] = []
            let subscription = Driver.just(1).drive(onNext: { received.append($0) })
            subscription.dispose()
            return received
        }
        #expect(received == [1])
    }
}
