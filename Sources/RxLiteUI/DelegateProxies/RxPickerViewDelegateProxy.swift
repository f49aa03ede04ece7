#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension UIPickerView: HasDelegate {
        /// A picker view's delegate type.
        public typealias Delegate = UIPickerViewDelegate
    }

    /// The delegate proxy of a picker view (see ``DelegateProxyType``): `rx.itemSelected` comes from here, and an
    /// `rx.items` binding's adapter (which gives the rows their titles or views) sits here.
    ///
    /// Each call goes to the adapter of the `items` binding in force when it implements it, otherwise to the delegate
    /// the app set (`pickerView.delegate`, or `rx.setDelegate(_:)`), so the app's delegate keeps every call
    /// the adapter does not implement (component widths, row heights).
    @preconcurrency @MainActor
    open class RxPickerViewDelegateProxy: DelegateProxy<UIPickerView, UIPickerViewDelegate>, DelegateProxyType,
        UIPickerViewDelegate
    {
        /// The picker view whose delegate slot the proxy occupies.
        public private(set) weak var pickerView: UIPickerView?

        /// The adapter of the `items` binding in force.
        let boundAdapter = BoundDataSourceSlot()
        let didSelectCalls = PublishSubject<(row: Int, component: Int)>()

        /// A proxy for `pickerView`.
        public init(pickerView: ParentObject) {
            self.pickerView = pickerView
            super.init(parentObject: pickerView, delegateProxy: RxPickerViewDelegateProxy.self)
        }

        /// Registers the proxy of picker views.
        public static func registerKnownImplementations() {
            register { RxPickerViewDelegateProxy(pickerView: $0) }
        }

        /// The adapter of the `items` binding in force, otherwise the delegate the app set.
        open override func forwardToDelegate() -> UIPickerViewDelegate? {
            (boundAdapter.dataSource as? UIPickerViewDelegate) ?? super.forwardToDelegate()
        }

        /// Tells `rx.itemSelected` and `rx.modelSelected`, then the adapter or the app's delegate.
        public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
            didSelectCalls.onNext((row, component))
            if let didSelect = (boundAdapter.dataSource as? UIPickerViewDelegate)?.pickerView(
                _:didSelectRow:inComponent:)
            {
                didSelect(pickerView, row, component)
            } else {
                (super.forwardToDelegate()?.pickerView(_:didSelectRow:inComponent:))?(pickerView, row, component)
            }
        }

        #if canImport(ObjectiveC)
            /// Whether the proxy, the adapter or the app's delegate implements `aSelector`.
            open override func responds(to aSelector: Selector!) -> Bool {
                boundAdapter.responds(
                    to: aSelector, observedCalls: [], forward: forwardObject,
                    answeredByProxyOrForward: super.responds(to: aSelector))
            }

            /// The adapter, else the app's delegate, for a message the proxy does not implement.
            open override func forwardingTarget(for aSelector: Selector!) -> Any? {
                boundAdapter.answerer(forward: forwardObject, for: aSelector)
            }
        #endif
    }
#endif
