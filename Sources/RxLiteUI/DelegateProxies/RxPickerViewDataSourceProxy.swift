#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension UIPickerView: HasDataSource {
        /// A picker view's data source type.
        public typealias DataSource = UIPickerViewDataSource
    }

    /// The data-source proxy of a picker view (see ``DelegateProxyType``): `rx.items` bindings put their adapter here.
    ///
    /// Each call goes to the adapter of the `items` binding in force, otherwise to the data source the app set. With
    /// neither, the picker is empty: the proxy answers 0 components and 0 rows, as RxCocoa's does.
    @preconcurrency @MainActor
    public class RxPickerViewDataSourceProxy: DelegateProxy<UIPickerView, UIPickerViewDataSource>, DelegateProxyType,
        UIPickerViewDataSource
    {
        /// The picker view whose data source slot the proxy occupies.
        public private(set) weak var pickerView: UIPickerView?

        /// The adapter of the `items` binding in force.
        let boundDataSource = BoundDataSourceSlot()

        /// A proxy for `pickerView`.
        public init(pickerView: ParentObject) {
            self.pickerView = pickerView
            super.init(parentObject: pickerView, delegateProxy: RxPickerViewDataSourceProxy.self)
        }

        /// Registers the proxy of picker views.
        public static func registerKnownImplementations() {
            register { RxPickerViewDataSourceProxy(pickerView: $0) }
        }

        /// The adapter of the `items` binding in force, otherwise the data source the app set.
        public override func forwardToDelegate() -> UIPickerViewDataSource? {
            (boundDataSource.dataSource as? UIPickerViewDataSource) ?? super.forwardToDelegate()
        }

        /// The components as the adapter (or the app's data source) counts them; 0 with neither.
        public func numberOfComponents(in pickerView: UIPickerView) -> Int {
            forwardToDelegate()?.numberOfComponents(in: pickerView) ?? 0
        }

        /// The rows of `component` as the adapter (or the app's data source) counts them; 0 with neither.
        public func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
            forwardToDelegate()?.pickerView(pickerView, numberOfRowsInComponent: component) ?? 0
        }

        #if canImport(ObjectiveC)
            /// Whether the proxy, the adapter or the app's data source implements `aSelector`.
            public override func responds(to aSelector: Selector!) -> Bool {
                boundDataSource.responds(
                    to: aSelector, observedCalls: [], forward: forwardObject,
                    answeredByProxyOrForward: super.responds(to: aSelector))
            }

            /// The adapter, else the app's data source, for a message the proxy does not implement.
            public override func forwardingTarget(for aSelector: Selector!) -> Any? {
                boundDataSource.answerer(forward: forwardObject, for: aSelector)
            }
        #endif
    }
#endif
