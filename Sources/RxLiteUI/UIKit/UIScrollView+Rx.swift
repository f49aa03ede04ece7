#if canImport(UIKit)
    import RxLite
    import UIKit

    extension UIScrollView {
        /// The scroll position along the vertical axis, as the near-bottom test reads it.
        @MainActor
        public var verticalScrollGeometry: ScrollGeometry {
            let insets = adjustedContentInset
            return ScrollGeometry(
                offset: Double(contentOffset.y + insets.top), contentHeight: Double(contentSize.height),
                visibleHeight: Double(bounds.height - insets.top - insets.bottom))
        }
    }

    extension Reactive where Base: UIScrollView {
        /// Scroll events (`scrollViewDidScroll`), on the main queue; never fails.
        ///
        /// While subscribed, a small proxy is the scroll view's `delegate`: it forwards `scrollViewDidScroll` to the
        /// delegate that was set before, and puts that delegate back on dispose. It forwards nothing else, so a
        /// table view whose delegate handles other calls (row selection, ...) should call
        /// `scrollView.verticalScrollGeometry.isNearBottom(threshold:)` from its own `scrollViewDidScroll` instead.
        @MainActor
        public var didScroll: ControlEvent<Void> {
            let events = Observable<Void>.create { [weak scrollView = base] observer in
                let proxy = MainActor.assumeIsolated { () -> ScrollViewDidScrollProxy? in
                    guard let scrollView else { return nil }
                    let proxy = ScrollViewDidScrollProxy(previous: scrollView.delegate) { observer.onNext(()) }
                    scrollView.delegate = proxy
                    return proxy
                }
                guard let proxy else {
                    observer.onCompleted()
                    return Disposables.create()
                }
                return Disposables.create { [weak scrollView] in
                    _ = MainScheduler.instance.schedule(()) { _ in
                        MainActor.assumeIsolated {
                            if let scrollView, scrollView.delegate === proxy { scrollView.delegate = proxy.previous }
                        }
                        return Disposables.create()
                    }
                }
            }
            return ControlEvent(events: events.subscribe(on: MainScheduler.instance))
        }

        /// Emits each time the view scrolls while the end of its content is visible or less than `offset` points
        /// below the visible area (see ``ScrollGeometry/isNearBottom(threshold:)``). It emits for every such scroll
        /// event: feed it to ``Paginator``'s `loadNext`, which ignores triggers while a page loads; a throttle
        /// (`throttle(.seconds(2), latest: false, ...)`) only saves work.
        @MainActor
        public func reachedBottom(offset: CGFloat = 0) -> ControlEvent<Void> {
            let scrollView = base
            let events = didScroll.asObservable()
                .filter { [weak scrollView] in
                    MainActor.assumeIsolated {
                        scrollView?.verticalScrollGeometry.isNearBottom(threshold: Double(offset)) ?? false
                    }
                }
            return ControlEvent(events: events)
        }
    }

    /// Receives `scrollViewDidScroll` for one `didScroll` subscription and forwards it to the earlier delegate.
    @MainActor
    final class ScrollViewDidScrollProxy: NSObject, UIScrollViewDelegate {
        weak var previous: (any UIScrollViewDelegate)?
        private let onScroll: () -> Void

        init(previous: (any UIScrollViewDelegate)?, onScroll: @escaping () -> Void) {
            self.previous = previous
            self.onScroll = onScroll
        }

        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            onScroll()
            // UIKit's requirement is `@objc optional`; the Linux stub (no Objective-C) declares it as a plain one.
            #if canImport(ObjectiveC)
                previous?.scrollViewDidScroll?(scrollView)
            #else
                previous?.scrollViewDidScroll(scrollView)
            #endif
        }
    }
#endif
