import RxLite

/// A two-way UI property: a sequence of its values and an observer that sets it, as RxCocoa's. ``ControlProperty``
/// is the one RxLiteUI makes; write generic code (`where P: ControlPropertyType`) against this.
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// This property as a ``ControlProperty``.
    func asControlProperty() -> ControlProperty<Element>
}
