import Foundation
import RxLite

extension Reactive where Base: NotificationCenter {
    /// The notifications posted to this center named `name` (any name when `nil`) by `object` (any sender when
    /// `nil`), from subscription until dispose; it never completes or fails by itself.
    ///
    /// Each subscription adds an observer block to the center and removes it on dispose. Notifications are delivered
    /// synchronously on the thread that posts them, as the center does for an observer added without a queue. The
    /// sequence holds `object` weakly; when it is already gone at subscription, the sequence completes at once
    /// (RxCocoa would then observe every sender).
    public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
        let center: NotificationCenter = base
        let filtersBySender = object != nil
        return Observable.create { [weak object] observer in
            if filtersBySender, object == nil {
                observer.onCompleted()
                return Disposables.create()
            }
            let sink = PostingThreadObserver(observer: observer)
            let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
                sink.observer.onNext(notification)
            }
            return Disposables.create { center.removeObserver(token) }
        }
    }
}

/// Carries an observer into the center's `@Sendable` block. The block runs inside `post`, on the posting thread, and
/// hands the notification on there: it never moves a `Notification` (not `Sendable`: it holds `Any`) to another
/// thread, and `create`'s observer accepts calls from any thread.
private struct PostingThreadObserver: @unchecked Sendable {
    let observer: AnyObserver<Notification>
}
