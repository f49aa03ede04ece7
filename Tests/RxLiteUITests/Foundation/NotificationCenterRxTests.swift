import Foundation
import RxLite
import RxLiteTest
import RxLiteUI
import Testing

/// `NotificationCenter.rx.notification` on a private center, so that no other test's posts interfere.
@Suite(.checksResources) struct NotificationCenterRxTests {
    let center = NotificationCenter()
    let bookAdded = Notification.Name("bookAdded")
    let bookRemoved = Notification.Name("bookRemoved")

    @Test func deliversTheNotificationsOfItsNameUntilDisposed() {
        var received: [String] = []
        let subscription = center.rx.notification(bookAdded)
            .subscribe(onNext: { received.append(($0.object as? Sender)?.name ?? "-") })
        let library = Sender(name: "library")
        center.post(name: bookAdded, object: library)
        center.post(name: bookRemoved, object: library)
        center.post(name: bookAdded, object: nil)
        subscription.dispose()
        center.post(name: bookAdded, object: library)
        #expect(received == ["library", "-"])
    }

    @Test func disposingRemovesTheObserverFromTheCenter() {
        #if DEBUG
            let before = Resources.total
            center.rx.notification(bookAdded).subscribe(onNext: { _ in }).dispose()
            // A block still registered with the center would hold the subscription's observer alive.
            #expect(Resources.total == before)
        #endif
    }

    @Test func filtersBySender() {
        let library = Sender(name: "library")
        let shop = Sender(name: "shop")
        var received: [String] = []
        let subscription = center.rx.notification(bookAdded, object: library)
            .subscribe(onNext: { received.append(($0.object as? Sender)?.name ?? "-") })
        center.post(name: bookAdded, object: shop)
        center.post(name: bookAdded, object: library)
        center.post(name: bookAdded, object: nil)
        subscription.dispose()
        #expect(received == ["library"])
    }

    @Test func aNilNameReceivesEveryName() {
        var received: [Notification.Name] = []
        let subscription = center.rx.notification(nil).subscribe(onNext: { received.append($0.name) })
        center.post(name: bookAdded, object: nil)
        center.post(name: bookRemoved, object: nil)
        subscription.dispose()
        #expect(received == [bookAdded, bookRemoved])
    }

    @Test func carriesTheUserInfo() {
        var titles: [String] = []
        let subscription = center.rx.notification(bookAdded)
            .subscribe(onNext: { titles.append($0.userInfo?["title"] as? String ?? "-") })
        center.post(name: bookAdded, object: nil, userInfo: ["title": "Dune"])
        subscription.dispose()
        #expect(titles == ["Dune"])
    }

    @Test func eachSubscriptionHasItsOwnObserver() {
        var first = 0
        var second = 0
        let bag = DisposeBag()
        let notifications = center.rx.notification(bookAdded)
        let firstSubscription = notifications.subscribe(onNext: { _ in first += 1 })
        notifications.subscribe(onNext: { _ in second += 1 }).disposed(by: bag)
        center.post(name: bookAdded, object: nil)
        firstSubscription.dispose()
        center.post(name: bookAdded, object: nil)
        #expect(first == 1)
        #expect(second == 2)
    }

    @Test func completesAtOnceWhenTheSenderIsAlreadyGone() {
        var sender: Sender? = Sender(name: "gone")
        let notifications = center.rx.notification(bookAdded, object: sender)
        sender = nil
        var events: [String] = []
        _ = notifications.subscribe(
            onNext: { _ in events.append("next") }, onCompleted: { events.append("completed") })
        center.post(name: bookAdded, object: nil)
        #expect(events == ["completed"])
    }
}

/// An object that posts notifications.
private final class Sender {
    let name: String
    init(name: String) { self.name = name }
}
