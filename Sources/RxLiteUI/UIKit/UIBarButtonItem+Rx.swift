#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UIBarButtonItem {
        /// Taps on the bar button item, as a sequence of `()`: it never fails, delivers on the main queue, and
        /// completes when the item is deallocated (at once when it is already gone at subscription).
        ///
        /// An item has a single target and action, so all subscriptions to an item share one target object: the first
        /// sets the item's `target` and `action` (replacing any the app set, as RxCocoa does), the last one disposed
        /// clears them. Subscribing and disposing happen on the main queue; the item is held weakly.
        @preconcurrency @MainActor
        public var tap: ControlEvent<Void> {
            let events = ControlSource.events(of: base as UIBarButtonItem, deallocated: deallocated) { item, handler in
                let target = BarButtonItemTarget.installed(on: item)
                let id = target.add { handler(()) }
                return { [weak item] in target.remove(id, from: item) }
            }
            return ControlEvent(events: events)
        }
    }

    /// The target of a bar button item's action while `rx.tap` has subscriptions: it calls each subscription's
    /// handler, in the order they subscribed.
    ///
    /// The item holds its target weakly; each subscription's disposable holds this object strongly, so it lives while
    /// one subscription does.
    @preconcurrency @MainActor
    final class BarButtonItemTarget: NSObject {
        private var handlers: [(id: Int, handle: @MainActor () -> Void)] = []
        private var nextID = 0

        /// The item's target when it is one of these, else a new one made the item's target and action.
        static func installed(on item: UIBarButtonItem) -> BarButtonItemTarget {
            if let target = item.target as? BarButtonItemTarget { return target }
            let target = BarButtonItemTarget()
            item.target = target
            item.action = #selector(BarButtonItemTarget.itemTapped)
            return target
        }

        /// Adds `handler`; the result identifies it for ``remove(_:from:)``.
        func add(_ handler: @escaping @MainActor () -> Void) -> Int {
            nextID += 1
            handlers.append((nextID, handler))
            return nextID
        }

        /// Removes the handler `id`; when it was the last one, stops being `item`'s target.
        func remove(_ id: Int, from item: UIBarButtonItem?) {
            handlers.removeAll { $0.id == id }
            guard handlers.isEmpty, let item, item.target === self else { return }
            item.target = nil
            item.action = nil
        }

        /// The action the item sends.
        @objc func itemTapped() {
            for handler in handlers { handler.handle() }
        }
    }
#endif
