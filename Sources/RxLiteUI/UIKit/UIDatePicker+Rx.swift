#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension Reactive where Base: UIDatePicker {
        /// The picked date: the current date at subscription, then the date after each change by the user; setting
        /// it sets `date`. Reads and writes happen on the main queue; the picker is held weakly.
        @preconcurrency @MainActor
        public var date: ControlProperty<Date> { value }

        /// The same property as ``date``, under RxCocoa's other name for it.
        @preconcurrency @MainActor
        public var value: ControlProperty<Date> {
            controlPropertyWithDefaultEvents(getter: { $0.date }, setter: { $0.date = $1 })
        }

        /// The countdown duration in seconds (in `.countDownTimer` mode): the current duration at subscription, then
        /// the duration after each change by the user; setting it sets `countDownDuration`. Reads and writes happen
        /// on the main queue; the picker is held weakly.
        @preconcurrency @MainActor
        public var countDownDuration: ControlProperty<TimeInterval> {
            controlPropertyWithDefaultEvents(getter: { $0.countDownDuration }, setter: { $0.countDownDuration = $1 })
        }
    }
#endif
