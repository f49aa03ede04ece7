#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UIControl {
        /// The control's `controlEvents`, as a sequence of `()`: it never fails, delivers on the main queue, and
        /// completes when the control is deallocated (at once when it is already gone at subscription).
        ///
        /// Each subscription registers a closure-based `UIAction` with `addAction(_:for:)` on the main queue and
        /// removes it on dispose (from any thread: removal hops to the main queue). The control is held weakly.
        @preconcurrency @MainActor
        public func controlEvent(_ controlEvents: UIControl.Event) -> ControlEvent<Void> {
            let events = ControlSource.events(
                of: base, deallocated: deallocated, register: Self.actions(for: controlEvents))
            return ControlEvent(events: events)
        }

        /// A two-way property of the control, as RxCocoa builds its own: `getter`'s value at subscription, then after
        /// each of `editingEvents`; binding to it calls `setter`. It never fails, delivers on the main queue, and
        /// completes when the control is deallocated. Reads and writes happen on the main queue (`getter` and
        /// `setter` are main-actor closures: UIKit's properties are main-actor isolated); the control is held weakly.
        @preconcurrency @MainActor
        public func controlProperty<T>(
            editingEvents: UIControl.Event,
            getter: @escaping @MainActor (Base) -> T,
            setter: @escaping @MainActor (Base, T) -> Void
        ) -> ControlProperty<T> {
            let values = ControlSource.values(
                of: base, deallocated: deallocated, getter: getter, register: Self.actions(for: editingEvents))
            return ControlProperty(values: values, valueSink: Binder(base) { control, value in setter(control, value) })
        }

        /// ``controlProperty(editingEvents:getter:setter:)`` with the events RxCocoa's controls report changes by:
        /// every editing event and `.valueChanged`.
        @preconcurrency @MainActor
        func controlPropertyWithDefaultEvents<T>(
            getter: @escaping @MainActor (Base) -> T,
            setter: @escaping @MainActor (Base, T) -> Void
        ) -> ControlProperty<T> {
            controlProperty(editingEvents: [.allEditingEvents, .valueChanged], getter: getter, setter: setter)
        }

        /// Binds `isEnabled` (the key-path binder RxSwift 6 gives every writable property, under a name of its own).
        @preconcurrency @MainActor
        public var isEnabled: Binder<Bool> {
            Binder(base) { control, enabled in control.isEnabled = enabled }
        }

        /// Binds `isSelected` (the key-path binder RxSwift 6 gives every writable property, under a name of its own).
        @preconcurrency @MainActor
        public var isSelected: Binder<Bool> {
            Binder(base) { control, selected in control.isSelected = selected }
        }

        /// Installs a `UIAction` for `controlEvents` that calls the handler; its removal removes the action.
        private static func actions(for controlEvents: UIControl.Event) -> ControlSource.Registration<Base, Void> {
            { control, handler in
                let action = UIAction { _ in handler(()) }
                control.addAction(action, for: controlEvents)
                return { [weak control] in control?.removeAction(action, for: controlEvents) }
            }
        }
    }
#endif
