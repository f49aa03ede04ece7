import RxLite
import Testing

@Test func mapFilterOfDelivers() {
    var received: [Int] = []
    var completed = false
    Observable.of(1, 2, 3, 4).map { $0 * 10 }.filter { $0 > 10 }
        .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
    #expect(received == [20, 30, 40])
    #expect(completed)
}
