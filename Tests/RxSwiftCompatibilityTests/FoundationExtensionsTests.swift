// RxCocoa's Foundation extensions called as a Swift 5 app calls them, through RxSwift's module names.
import RxCocoa
import RxSwift
import XCTest

final class FoundationExtensionsTests: XCTestCase {
    func testNotificationsReachASubscriberUntilItDisposes() {
        let center = NotificationCenter()
        let name = Notification.Name("profileChanged")
        var received = 0
        let subscription = center.rx.notification(name).subscribe(onNext: { _ in received += 1 })
        center.post(name: name, object: nil)
        subscription.dispose()
        center.post(name: name, object: nil)
        XCTAssertEqual(received, 1)
    }

    func testNotificationsFromOneSender() {
        let center = NotificationCenter()
        let name = Notification.Name("profileChanged")
        let sender = NSObject()
        var received = 0
        let bag = DisposeBag()
        center.rx.notification(name, object: sender).subscribe(onNext: { _ in received += 1 }).disposed(by: bag)
        center.post(name: name, object: NSObject())
        center.post(name: name, object: sender)
        XCTAssertEqual(received, 1)
    }

    func testTheAPIClientBuildsItsRequestsLazily() {
        let api = BooksAPI()
        _ = (api.book(id: 1), api.search("dune"), api.status(), api.lenient())
        // Reading the logging policy, as an app's debug menu would; not set here: other tests share it.
        let policy: (URLRequest) -> Bool = URLSession.rx.shouldLogRequest
        _ = policy
        let response = HTTPURLResponse(url: api.baseURL, statusCode: 404, httpVersion: nil, headerFields: nil)!
        let failure = RxCocoaURLError.httpRequestFailed(response: response, data: nil)
        XCTAssertEqual(BooksAPI.message(for: failure), "HTTP 404, 0 bytes")
    }
}
