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
        /// Emits each time the scroll view's `contentOffset` changes (what `scrollViewDidScroll` reports), on the main
        /// queue; never fails.
        ///
        /// It observes `contentOffset` with key-value observing and leaves the scroll view's `delegate` alone, so the
        /// app's own delegate (row selection, row heights, swipe actions, ...) keeps every call, whenever it is set.
        /// The scroll view is held weakly; the observation ends on dispose or when the scroll view goes away.
        @preconcurrency @MainActor
        public var didScroll: ControlEvent<Void> {
            observe([.contentOffset])
        }

        /// Emits each time the view scrolls or its content changes size while the end of its content is visible or
        /// less than `offset` points below the visible area (see ``ScrollGeometry/isNearBottom(threshold:)``), on the
        /// main queue; never fails.
        ///
        /// Like ``didScroll`` it uses key-value observing (of `contentOffset` and `contentSize`) and never replaces
        /// the `delegate`. Watching `contentSize` too means a page too short to fill the screen asks for the next one
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

    /// The key-value observations behind one `didScroll` or `reachedBottom` subscription.
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
