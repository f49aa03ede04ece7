#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UISegmentedControl {
        /// The selected segment's index (`UISegmentedControl.noSegment` when none is): the current index at
        /// subscription, then the index after each selection by the user; setting it selects that segment. Reads and
        /// writes happen on the main queue; the control is held weakly.
        @preconcurrency @MainActor
        public var selectedSegmentIndex: ControlProperty<Int> { value }

        /// The same property as ``selectedSegmentIndex``, under RxCocoa's other name for it.
        @preconcurrency @MainActor
        public var value: ControlProperty<Int> {
            controlPropertyWithDefaultEvents(
                getter: { $0.selectedSegmentIndex }, setter: { $0.selectedSegmentIndex = $1 })
        }

        /// Enables or disables the segment at `index` (`setEnabled(_:forSegmentAt:)`).
        @preconcurrency @MainActor
        public func enabledForSegment(at index: Int) -> Binder<Bool> {
            Binder(base) { control, isEnabled in control.setEnabled(isEnabled, forSegmentAt: index) }
        }

        /// Sets the title of the segment at `index` (`setTitle(_:forSegmentAt:)`).
        @preconcurrency @MainActor
        public func titleForSegment(at index: Int) -> Binder<String?> {
            Binder(base) { control, title in control.setTitle(title, forSegmentAt: index) }
        }

        /// Sets the image of the segment at `index` (`setImage(_:forSegmentAt:)`).
        @preconcurrency @MainActor
        public func imageForSegment(at index: Int) -> Binder<UIImage?> {
            Binder(base) { control, image in control.setImage(image, forSegmentAt: index) }
        }
    }
#endif
