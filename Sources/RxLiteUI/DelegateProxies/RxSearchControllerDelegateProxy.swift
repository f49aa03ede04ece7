#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension UISearchController: HasDelegate {
        /// A search controller's delegate type.
        public typealias Delegate = UISearchControllerDelegate
    }

    /// The delegate proxy of a search controller (see ``DelegateProxyType``): `rx.willPresent` and the other
    /// presentation events come from here, and every call reaches the delegate the app set as well.
    @preconcurrency @MainActor
    open class RxSearchControllerDelegateProxy: DelegateProxy<UISearchController, UISearchControllerDelegate>,
        DelegateProxyType, UISearchControllerDelegate
    {
        /// The search controller whose delegate slot the proxy occupies.
        public private(set) weak var searchController: UISearchController?

        let presentCalls = PublishSubject<Void>()
        let willPresentCalls = PublishSubject<Void>()
        let didPresentCalls = PublishSubject<Void>()
        let willDismissCalls = PublishSubject<Void>()
        let didDismissCalls = PublishSubject<Void>()

        /// A proxy for `searchController`.
        public init(searchController: UISearchController) {
            self.searchController = searchController
            super.init(parentObject: searchController, delegateProxy: RxSearchControllerDelegateProxy.self)
        }

        /// Registers the proxy of search controllers.
        public static func registerKnownImplementations() {
            register { RxSearchControllerDelegateProxy(searchController: $0) }
        }

        /// Tells `rx.present`, then the forward delegate.
        ///
        /// A delegate that implements this method takes over presenting the search controller from UIKit. So the
        /// proxy answers `responds(to:)` for it only while `rx.present` is observed (the app then presents, as with
        /// RxCocoa) or when the forward delegate implements it; otherwise UIKit presents as usual.
        public func presentSearchController(_ searchController: UISearchController) {
            presentCalls.onNext(())
            (forwardToDelegate()?.presentSearchController)?(searchController)
        }

        /// How many `rx.present` subscriptions are live; read by `responds(to:)`, on whatever thread the runtime asks.
        private nonisolated let presentObservations = Locked(0)

        /// Each `presentSearchController(_:)`, while subscribed: the proxy answers for that method meanwhile, and
        /// the search controller is told so when the first subscription starts and the last ends.
        var presentEvents: Observable<Void> {
            let calls = events(presentCalls)
            return Observable<Void>.create { [weak self] observer in
                // Subscribed on the main queue (below): the main actor.
                let observed = MainActor.assumeIsolated { () -> RxSearchControllerDelegateProxy? in
                    guard let self else { return nil }
                    self.presentObservationChanged(by: 1)
                    return self
                }
                let subscription = calls.subscribe(observer)
                return Disposables.create { [weak observed] in
                    subscription.dispose()
                    onMainActor { observed?.presentObservationChanged(by: -1) }
                }
            }
            .subscribe(on: MainScheduler.instance)
        }

        /// Counts an `rx.present` subscription in or out; when that changes whether the proxy answers for
        /// `presentSearchController(_:)`, puts the proxy back in the slot so that UIKit asks again.
        private func presentObservationChanged(by change: Int) {
            let (before, after) = presentObservations.withLock { count in
                defer { count += change }
                return (count > 0, count + change > 0)
            }
            guard before != after, let searchController, searchController.delegate === self else { return }
            searchController.delegate = nil
            searchController.delegate = self
        }

        #if canImport(ObjectiveC)
            /// Whether the proxy implements `aSelector`; for `presentSearchController(_:)`, only while `rx.present` is
            /// observed or the forward delegate implements it.
            open override func responds(to aSelector: Selector!) -> Bool {
                if aSelector.description == "presentSearchController:" {
                    let forward = forwardObject as? NSObject
                    return presentObservations.withLock { $0 > 0 } || (forward?.responds(to: aSelector) ?? false)
                }
                return super.responds(to: aSelector)
            }
        #endif

        /// Tells `rx.willPresent`, then the forward delegate.
        public func willPresentSearchController(_ searchController: UISearchController) {
            willPresentCalls.onNext(())
            (forwardToDelegate()?.willPresentSearchController)?(searchController)
        }

        /// Tells `rx.didPresent`, then the forward delegate.
        public func didPresentSearchController(_ searchController: UISearchController) {
            didPresentCalls.onNext(())
            (forwardToDelegate()?.didPresentSearchController)?(searchController)
        }

        /// Tells `rx.willDismiss`, then the forward delegate.
        public func willDismissSearchController(_ searchController: UISearchController) {
            willDismissCalls.onNext(())
            (forwardToDelegate()?.willDismissSearchController)?(searchController)
        }

        /// Tells `rx.didDismiss`, then the forward delegate.
        public func didDismissSearchController(_ searchController: UISearchController) {
            didDismissCalls.onNext(())
            (forwardToDelegate()?.didDismissSearchController)?(searchController)
        }
    }
#endif
