// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces): picker views, their
// data sources and delegates. Optional protocol requirements are declared as plain ones with a default in an
// extension (see UIScrollView.swift).

import Foundation
import ObjectiveC

// Both requirements are required in UIKit too.
@preconcurrency @MainActor
public protocol UIPickerViewDataSource: NSObjectProtocol {
    func numberOfComponents(in pickerView: UIPickerView) -> Int
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

// Every requirement is `@objc optional` in UIKit.
@preconcurrency @MainActor
public protocol UIPickerViewDelegate: NSObjectProtocol {
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int)
        -> NSAttributedString?
    func pickerView(
        _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?
    ) -> UIView
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

extension UIPickerViewDelegate {
    public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat { stub() }
    public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat { stub() }
    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        stub()
    }
    public func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int)
        -> NSAttributedString?
    { stub() }
    public func pickerView(
        _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?
    ) -> UIView { stub() }
    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {}
}

@preconcurrency @MainActor
open class UIPickerView: UIView {
    public override init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    weak open var dataSource: (any UIPickerViewDataSource)? {
        get { stub() }
        set { stub() }
    }
    weak open var delegate: (any UIPickerViewDelegate)? {
        get { stub() }
        set { stub() }
    }
    open var numberOfComponents: Int { stub() }
    open func numberOfRows(inComponent component: Int) -> Int { stub() }
    open func reloadAllComponents() { stub() }
    open func reloadComponent(_ component: Int) { stub() }
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) { stub() }
    open func selectedRow(inComponent component: Int) -> Int { stub() }
}
