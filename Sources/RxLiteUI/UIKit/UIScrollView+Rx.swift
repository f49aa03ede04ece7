#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension UIScrollView {
        /// The scroll position along the vertical axis, as the near-bottom test reads it.
        @preconcurrency @MainActor
        public var verticalScrollGeometry: ScrollGeometry {
            let insets = adjustedContentInset
            return ScrollGeometry(
                contentOffsetY: Double(contentOffset.y), contentHeight: Double(contentSize.height),
                boundsHeight: Double(bounds.height), insetTop: Double(insets.top), insetBottom: Double(insets.bottom))
        }
    }

    extension Reactive where Base: UIScrollView {
        /// What `didEndZooming` reports: the view that was zoomed and the scale it ended at.
        public typealias EndZoomEvent = (view: UIView?, scale: CGFloat)

        /// The scroll view's delegate proxy (see ``DelegateProxyType``), installed on first use.
        @preconcurrency @MainActor
        public var delegate: DelegateProxy<UIScrollView, UIScrollViewDelegate> {
            RxScrollViewDelegateProxy.proxy(for: base)
        }

        /// Makes `delegate` the scroll view's delegate behind the proxy, until the result is disposed; the delegate is
        /// not retained. Setting `scrollView.delegate` directly works too: the proxy picks it up on its next
        /// subscription.
        @preconcurrency @MainActor
        public func setDelegate(_ delegate: UIScrollViewDelegate) -> any Disposable {
            RxScrollViewDelegateProxy.installForwardDelegate(delegate, retainDelegate: false, onProxyForObject: base)
        }

        /// The scroll position: the current `contentOffset` on subscribe, then the offset after each
        /// `scrollViewDidScroll`; binding to it scrolls the view.
        @preconcurrency @MainActor
        public var contentOffset: ControlProperty<CGPoint> {
            let proxy = RxScrollViewDelegateProxy.proxy(for: base)
            let sink = Binder(base) { scrollView, offset in scrollView.contentOffset = offset }
            return ControlProperty(values: proxy.contentOffsets, valueSink: sink)
        }

        /// Each `scrollViewDidScroll`, through the scroll view's delegate proxy: the app's own delegate (set before
        /// or after, or with `rx.setDelegate(_:)`) still receives every call. Completes when the scroll view goes away.
        @preconcurrency @MainActor
        public var didScroll: ControlEvent<Void> { proxyEvent(\.didScrollCalls) }

        /// Each `scrollViewWillBeginDecelerating`.
        @preconcurrency @MainActor
        public var willBeginDecelerating: ControlEvent<Void> { proxyEvent(\.willBeginDeceleratingCalls) }

        /// Each `scrollViewDidEndDecelerating`.
        @preconcurrency @MainActor
        public var didEndDecelerating: ControlEvent<Void> { proxyEvent(\.didEndDeceleratingCalls) }

        /// Each `scrollViewWillBeginDragging`.
        @preconcurrency @MainActor
        public var willBeginDragging: ControlEvent<Void> { proxyEvent(\.willBeginDraggingCalls) }

        /// Each `scrollViewDidEndDragging(_:willDecelerate:)`, with whether the view goes on decelerating.
        @preconcurrency @MainActor
        public var didEndDragging: ControlEvent<Bool> { proxyEvent(\.didEndDraggingCalls) }

        /// Each `scrollViewDidZoom`.
        @preconcurrency @MainActor
        public var didZoom: ControlEvent<Void> { proxyEvent(\.didZoomCalls) }

        /// Each `scrollViewDidScrollToTop`.
        @preconcurrency @MainActor
        public var didScrollToTop: ControlEvent<Void> { proxyEvent(\.didScrollToTopCalls) }

        /// Each `scrollViewDidEndScrollingAnimation`.
        @preconcurrency @MainActor
        public var didEndScrollingAnimation: ControlEvent<Void> { proxyEvent(\.didEndScrollingAnimationCalls) }

        /// Each `scrollViewWillBeginZooming(_:with:)`, with the view about to be zoomed.
        @preconcurrency @MainActor
        public var willBeginZooming: ControlEvent<UIView?> { proxyEvent(\.willBeginZoomingCalls) }

        /// Each `scrollViewDidEndZooming(_:with:atScale:)`.
        @preconcurrency @MainActor
        public var didEndZooming: ControlEvent<EndZoomEvent> { proxyEvent(\.didEndZoomingCalls) }

        @preconcurrency @MainActor
        private func proxyEvent<Element: Sendable>(
            _ calls: KeyPath<RxScrollViewDelegateProxy, PublishSubject<Element>>
        ) -> ControlEvent<Element> {
            let proxy = RxScrollViewDelegateProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy[keyPath: calls]))
        }

        /// Emits each time the view scrolls or its content changes size while the end of its content is visible or
        /// less than `offset` points below the visible area (see ``ScrollGeometry/isNearBottom(threshold:)``), on the
        /// main queue; never fails.
        ///
        /// It uses key-value observing (of `contentOffset` and `contentSize`) and never replaces the `delegate`. Watching `contentSize` too means a page too short to fill the screen asks for the next one
        /// without a scroll. It emits for every such change: feed it to ``Paginator``'s `loadNext`, which ignores
        /// triggers while a page loads; a throttle (`throttle(.seconds(2), latest: false, ...)`) only saves work.
        @preconcurrency @MainActor
        public func reachedBottom(offset: CGFloat = 0) -> ControlEvent<Void> {
            let scrollView: UIScrollView = base
            let events = observe([.contentOffset, .contentSize]).asObservable()
                .filter { [weak scrollView] in
                    MainActor.assumeIsolated {
                        scrollView?.verticalScrollGeometry.isNearBottom(threshold: Double(offset)) ?? false
                    }
                }
            return ControlEvent(events: events)
        }

        /// One event per change of any of `properties`, observed with key-value observing while subscribed.
        @preconcurrency @MainActor
        private func observe(_ properties: [ScrollViewObservation.Property]) -> ControlEvent<Void> {
            let events = Observable<Void>.create { [weak scrollView = base as UIScrollView] observer in
                let observation = MainActor.assumeIsolated { () -> ScrollViewObservation? in
                    guard let scrollView else { return nil }
                    return ScrollViewObservation(of: scrollView, properties: properties) { observer.onNext(()) }
                }
                guard let observation else {
                    observer.onCompleted()
                    return Disposables.create()
                }
                return Disposables.create {
                    _ = MainScheduler.instance.schedule(()) { _ in
                        MainActor.assumeIsolated { observation.invalidate() }
                        return Disposables.create()
                    }
                }
            }
            return ControlEvent(events: events.subscribe(on: MainScheduler.instance))
        }
    }

    /// The key-value observations behind one `reachedBottom` subscription.
    ///
    /// UIKit changes `contentOffset` and `contentSize` on the main thread, and key-value observing calls the handler
    /// on the thread that made the change, so the handler runs on the main actor.
    @preconcurrency @MainActor
    final class ScrollViewObservation {
        /// A property of `UIScrollView` that UIKit reports to key-value observers.
        enum Property {
            case contentOffset
            case contentSize
        }

        private let onChange: () -> Void
        private var observations: [NSKeyValueObservation] = []

        init(of scrollView: UIScrollView, properties: [Property], onChange: @escaping () -> Void) {
            self.onChange = onChange
            // The handlers are `@Sendable` in the SDK; they reach `onChange` through the main actor.
            observations = properties.map { property in
                switch property {
                case .contentOffset:
                    scrollView.observe(\.contentOffset) { [weak self] _, _ in
                        MainActor.assumeIsolated { self?.onChange() }
                    }
                case .contentSize:
                    scrollView.observe(\.contentSize) { [weak self] _, _ in
                        MainActor.assumeIsolated { self?.onChange() }
                    }
                }
            }
        }

        /// Stops observing; no change is reported after it returns.
        func invalidate() {
            for observation in observations { observation.invalidate() }
            observations = []
        }
    }
#endif
