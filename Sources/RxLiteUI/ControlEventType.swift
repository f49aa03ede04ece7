import RxLite

/// A sequence of UI events that never fails and delivers on the main queue, as RxCocoa's. ``ControlEvent`` is the
/// one RxLiteUI makes; write generic code (`where E: ControlEventType`) against this.
public protocol ControlEventType: ObservableType {
    /// This sequence as a ``ControlEvent``.
    func asControlEvent() -> ControlEvent<Element>
}
