// Client code for picker views, type-checked against the UIKit stub by `scripts/typecheck-uikit` (Swift 6 mode): the
// three RxCocoa picker bindings, a custom adapter as RxDataSources writes one, and the app's own delegate kept
// behind the adapter.
import RxLite
import RxLiteUI
import UIKit

/// A two-component picker adapter as RxDataSources writes `RxPickerViewStringAdapter`: it is the picker's data source
/// and delegate, and receives its components through `pickerView(_:observedEvent:)`.
final class SizeAndColorAdapter: NSObject, UIPickerViewDataSource, UIPickerViewDelegate, RxPickerViewDataSourceType,
    SectionedViewDataSourceType
{
    typealias Element = [[String]]
    private var components: [[String]] = []

    func pickerView(_ pickerView: UIPickerView, observedEvent: Event<[[String]]>) {
        Binder(self) { adapter, components in
            adapter.components = components
            pickerView.reloadAllComponents()
        }
        .on(observedEvent)
    }

    func model(at indexPath: IndexPath) throws -> Any {
        guard components.indices.contains(indexPath.section),
            components[indexPath.section].indices.contains(indexPath.row)
        else { throw RxCocoaError.itemsNotYetBound(object: self) }
        return components[indexPath.section][indexPath.row]
    }

    func numberOfComponents(in pickerView: UIPickerView) -> Int { components.count }

    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
        components[component].count
    }

    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        components[component][row]
    }
}

/// The app's own picker delegate: widths, which no adapter gives.
final class PickerWidths: NSObject, UIPickerViewDelegate {
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat { 120 }
}

@MainActor
final class OrderFormViewController: UIViewController {
    let sizePicker = UIPickerView(frame: .zero)
    let labelPicker = UIPickerView(frame: .zero)
    let swatchPicker = UIPickerView(frame: .zero)
    let variantPicker = UIPickerView(frame: .zero)
    let summaryLabel = UILabel(frame: .zero)
    let widths = PickerWidths()
    let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        sizePicker.rx.setDelegate(widths).disposed(by: disposeBag)
        Observable.just(["S", "M", "L"])
            .bind(to: sizePicker.rx.itemTitles) { row, size in "\(row + 1). \(size)" }
            .disposed(by: disposeBag)
        sizePicker.rx.modelSelected(String.self).compactMap(\.first).bind(to: summaryLabel.rx.text)
            .disposed(by: disposeBag)
        sizePicker.rx.itemSelected.map { "Row \($0.row) of component \($0.component)" }
            .bind(to: summaryLabel.rx.text)
            .disposed(by: disposeBag)

        Observable.just(["Red", "Blue"])
            .bind(to: labelPicker.rx.itemAttributedTitles) { _, color in NSAttributedString(string: color) }
            .disposed(by: disposeBag)

        Observable.just([0.2, 0.8])
            .bind(to: swatchPicker.rx.items) { _, alpha, reusingView in
                let view = reusingView ?? UIView(frame: .zero)
                view.alpha = CGFloat(alpha)
                return view
            }
            .disposed(by: disposeBag)

        Observable.just([["S", "M"], ["Red", "Blue"]])
            .bind(to: variantPicker.rx.items(adapter: SizeAndColorAdapter()))
            .disposed(by: disposeBag)
        variantPicker.rx.modelSelected(String.self).map { $0.joined(separator: " ") }.bind(to: summaryLabel.rx.text)
            .disposed(by: disposeBag)
        let color: String? = try? variantPicker.rx.model(at: IndexPath(row: 0, section: 1))
        summaryLabel.text = color

        let delegate: DelegateProxy<UIPickerView, UIPickerViewDelegate> = variantPicker.rx.delegate
        let dataSource: DelegateProxy<UIPickerView, UIPickerViewDataSource> = variantPicker.rx.dataSource
        _ = (delegate.forwardToDelegate(), dataSource.forwardToDelegate())
    }
}
