// A declaration-only stand-in for UIKit, so RxLiteUI's `#if canImport(UIKit)` glue can be type-checked on Linux
// (see `scripts/typecheck-uikit`). It declares the part of UIKit the glue touches, with UIKit's own signatures
// and actor isolation (iOS 17 SDK). Nothing here runs: every body traps.
//
// Keep signatures exactly as in UIKit: the point is that glue which compiles here compiles on iOS.
//
// What Linux forces: the classes here are Swift classes (Linux Foundation's `NSObject` is one), so an `@objc` method
// can only take and return what Objective-C represents without a UIKit class: the glue's action methods take no
// arguments, which UIKit's target-action allows. `scripts/typecheck-uikit` turns on `-enable-objc-interop`.

@_exported import Foundation
// The iOS SDK's Foundation re-exports ObjectiveC (`Selector`, for target-action); see Tests/Stubs/ObjectiveC.
@_exported import ObjectiveC

private func stub() -> Never { fatalError("UIKit stub: declarations only, nothing runs on Linux") }

/// UIKit's image type (only referenced by `UIAction`'s initializer).
open class UIImage: NSObject, @unchecked Sendable {}

@MainActor
open class UIResponder: NSObject {
    open var next: UIResponder? { stub() }
    open var canBecomeFirstResponder: Bool { stub() }
    open func becomeFirstResponder() -> Bool { stub() }
    open func resignFirstResponder() -> Bool { stub() }
}

@MainActor
open class UIView: UIResponder {
    public init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    // Objective-C's `-init`, which UIKit's Swift interface inherits from NSObject (`UIView()` is `init(frame: .zero)`).
    public override convenience init() { stub() }
    open var frame: CGRect {
        get { stub() }
        set { stub() }
    }
    open var isHidden: Bool {
        get { stub() }
        set { stub() }
    }
    open var isUserInteractionEnabled: Bool {
        get { stub() }
        set { stub() }
    }
    open var alpha: CGFloat {
        get { stub() }
        set { stub() }
    }
    open var superview: UIView? { stub() }
    open var bounds: CGRect {
        get { stub() }
        set { stub() }
    }
    open func addSubview(_ view: UIView) { stub() }
    open func removeFromSuperview() { stub() }
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { stub() }
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { stub() }
}

@MainActor
open class UIMenuElement: NSObject {
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var disabled: Attributes { Attributes(rawValue: 1 << 0) }
        public static var destructive: Attributes { Attributes(rawValue: 1 << 1) }
        public static var hidden: Attributes { Attributes(rawValue: 1 << 2) }
    }

    public enum State: Int, Sendable {
        case off = 0
        case on = 1
        case mixed = 2
    }

    open var title: String { stub() }
    open var image: UIImage? { stub() }
}

public typealias UIActionHandler = @MainActor (UIAction) -> Void

@MainActor
open class UIAction: UIMenuElement {
    public struct Identifier: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    public convenience init(
        title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
        discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
        state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
    ) { stub() }

    open var identifier: UIAction.Identifier { stub() }
    open var sender: Any? { stub() }
}

@MainActor
open class UIControl: UIView {
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var touchDown: Event { Event(rawValue: 1 << 0) }
        public static var touchDownRepeat: Event { Event(rawValue: 1 << 1) }
        public static var touchDragInside: Event { Event(rawValue: 1 << 2) }
        public static var touchDragOutside: Event { Event(rawValue: 1 << 3) }
        public static var touchDragEnter: Event { Event(rawValue: 1 << 4) }
        public static var touchDragExit: Event { Event(rawValue: 1 << 5) }
        public static var touchUpInside: Event { Event(rawValue: 1 << 6) }
        public static var touchUpOutside: Event { Event(rawValue: 1 << 7) }
        public static var touchCancel: Event { Event(rawValue: 1 << 8) }
        public static var valueChanged: Event { Event(rawValue: 1 << 12) }
        public static var primaryActionTriggered: Event { Event(rawValue: 1 << 13) }
        public static var menuActionTriggered: Event { Event(rawValue: 1 << 14) }
        public static var editingDidBegin: Event { Event(rawValue: 1 << 16) }
        public static var editingChanged: Event { Event(rawValue: 1 << 17) }
        public static var editingDidEnd: Event { Event(rawValue: 1 << 18) }
        public static var editingDidEndOnExit: Event { Event(rawValue: 1 << 19) }
        public static var allTouchEvents: Event { Event(rawValue: 0x0000_0FFF) }
        public static var allEditingEvents: Event { Event(rawValue: 0x000F_0000) }
        public static var allEvents: Event { Event(rawValue: 0xFFFF_FFFF) }
    }

    public override init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    public convenience init(frame: CGRect, primaryAction: UIAction?) { stub() }

    open var isEnabled: Bool {
        get { stub() }
        set { stub() }
    }
    open var isSelected: Bool {
        get { stub() }
        set { stub() }
    }
    open var isHighlighted: Bool {
        get { stub() }
        set { stub() }
    }

    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) { stub() }
    open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) { stub() }
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: UIControl.Event) {
        stub()
    }
    open func sendActions(for controlEvents: UIControl.Event) { stub() }
}

@MainActor
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom = 0
        case system = 1
        case detailDisclosure = 2
        case infoLight = 3
        case infoDark = 4
        case contactAdd = 5
        case close = 7
    }

    public convenience init(type buttonType: UIButton.ButtonType) { stub() }
    public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?) { stub() }

    open var buttonType: UIButton.ButtonType { stub() }
    open func setTitle(_ title: String?, for state: UIControl.State) { stub() }
    open func title(for state: UIControl.State) -> String? { stub() }
    open func setAttributedTitle(_ title: NSAttributedString?, for state: UIControl.State) { stub() }
    open func setImage(_ image: UIImage?, for state: UIControl.State) { stub() }
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) { stub() }
}

extension UIControl {
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var normal: State { State(rawValue: 0) }
        public static var highlighted: State { State(rawValue: 1 << 0) }
        public static var disabled: State { State(rawValue: 1 << 1) }
        public static var selected: State { State(rawValue: 1 << 2) }
    }
}

// Added for the binders (label, text input, activity indicator, table view).

@MainActor
open class UILabel: UIView {
    open var text: String? {
        get { stub() }
        set { stub() }
    }
    open var attributedText: NSAttributedString? {
        get { stub() }
        set { stub() }
    }
}

@MainActor
open class UITextField: UIControl {
    open var text: String? {
        get { stub() }
        set { stub() }
    }
}

public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) { stub() }
}

// Foundation's key-value observing, as the iOS SDK's Foundation overlay declares it (swift-corelibs-foundation has
// none, so the stub supplies it): `NSObject.observe(_:options:changeHandler:)` and the types it uses. The handler is
// `@Sendable` and the method `@preconcurrency` since the iOS 18 SDK.

public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static var new: NSKeyValueObservingOptions { NSKeyValueObservingOptions(rawValue: 0x01) }
    public static var old: NSKeyValueObservingOptions { NSKeyValueObservingOptions(rawValue: 0x02) }
    public static var initial: NSKeyValueObservingOptions { NSKeyValueObservingOptions(rawValue: 0x04) }
    public static var prior: NSKeyValueObservingOptions { NSKeyValueObservingOptions(rawValue: 0x08) }
}

public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1
    case insertion = 2
    case removal = 3
    case replacement = 4
}

public struct NSKeyValueObservedChange<Value> {
    public typealias Kind = NSKeyValueChange
    public let kind: NSKeyValueObservedChange<Value>.Kind
    public let newValue: Value?
    public let oldValue: Value?
    public let indexes: IndexSet?
    public let isPrior: Bool
}

public class NSKeyValueObservation: NSObject {
    public func invalidate() { stub() }
}

public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving {
    @preconcurrency
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping @Sendable (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation { stub() }
}

// Delegate protocols: in UIKit every requirement is `@objc optional`. Linux has no Objective-C, so the stub declares
// each requirement it needs as a plain one and, in an extension, an empty implementation, so that a conformer may
// leave it out as on iOS. Nothing may call a requirement through the protocol (on iOS that needs `?`).
@MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
}

@MainActor
open class UIScrollView: UIView {
    open var contentOffset: CGPoint {
        get { stub() }
        set { stub() }
    }
    open var contentSize: CGSize {
        get { stub() }
        set { stub() }
    }
    open var adjustedContentInset: UIEdgeInsets { stub() }
    open var refreshControl: UIRefreshControl? {
        get { stub() }
        set { stub() }
    }
    weak open var delegate: (any UIScrollViewDelegate)? {
        get { stub() }
        set { stub() }
    }
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) { stub() }
}

@MainActor
open class UITextView: UIScrollView {
    open var text: String! {
        get { stub() }
        set { stub() }
    }
    open var isEditable: Bool {
        get { stub() }
        set { stub() }
    }
    nonisolated public class var textDidChangeNotification: NSNotification.Name { stub() }
}

@MainActor
open class UIActivityIndicatorView: UIView {
    public enum Style: Int, Sendable {
        case medium = 100
        case large = 101
    }

    public init(style: UIActivityIndicatorView.Style) { stub() }
    public override init(frame: CGRect) { stub() }
    public required init(coder: NSCoder) { stub() }
    open func startAnimating() { stub() }
    open func stopAnimating() { stub() }
    open var isAnimating: Bool { stub() }
}

@MainActor
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable {
        case `default` = 0
        case value1 = 1
        case value2 = 2
        case subtitle = 3
    }

    public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { stub() }
    public override init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    open var textLabel: UILabel? { stub() }
    open var detailTextLabel: UILabel? { stub() }
}

// UIKit's UITableViewDelegate: the requirements the example and the table's delegate proxy implement (see the
// delegate protocols above). On
// iOS `UITableView` redeclares `delegate` as `(any UITableViewDelegate)?`; Swift cannot say that in a subclass, so
// here a table's delegate is the `UIScrollViewDelegate` this protocol refines.
@MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(
        _ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {}
}

@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

@MainActor
open class UITableView: UIScrollView {
    public enum RowAnimation: Int, Sendable {
        case fade = 0
        case right = 1
        case left = 2
        case top = 3
        case bottom = 4
        case none = 5
        case middle = 6
        case automatic = 100
    }

    public enum Style: Int, Sendable {
        case plain = 0
        case grouped = 1
        case insetGrouped = 2
    }

    public init(frame: CGRect, style: UITableView.Style) { stub() }
    // Objective-C's inherited `-initWithFrame:` (a plain table).
    public override convenience init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) { stub() }

    weak open var dataSource: (any UITableViewDataSource)? {
        get { stub() }
        set { stub() }
    }
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        stub()
    }
    open func reloadData() { stub() }
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) { stub() }
    open func deselectRow(at indexPath: IndexPath, animated: Bool) { stub() }
}

extension IndexPath {
    public init(row: Int, section: Int) { stub() }
    public var row: Int { stub() }
    public var section: Int { stub() }
}

// For Examples/BookSearchUIKit (type-checked by scripts/typecheck-uikit).

@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { stub() }
    public required init?(coder: NSCoder) { stub() }
    open var view: UIView! {
        get { stub() }
        set { stub() }
    }
    open var title: String? {
        get { stub() }
        set { stub() }
    }
    open func loadView() { stub() }
    open func viewDidLoad() { stub() }
}

@MainActor
open class NSLayoutConstraint: NSObject {
    public enum Axis: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }
}

@MainActor
open class UIStackView: UIView {
    public override init(frame: CGRect) { stub() }
    public required init(coder: NSCoder) { stub() }
    public convenience init(arrangedSubviews views: [UIView]) { stub() }
    open var axis: NSLayoutConstraint.Axis {
        get { stub() }
        set { stub() }
    }
    open var spacing: CGFloat {
        get { stub() }
        set { stub() }
    }
}

@MainActor
open class UISegmentedControl: UIControl {
    public init(items: [Any]?) { stub() }
    public override init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    open var selectedSegmentIndex: Int {
        get { stub() }
        set { stub() }
    }
    nonisolated public class var noSegment: Int { stub() }
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) { stub() }
    open func setTitle(_ title: String?, forSegmentAt segment: Int) { stub() }
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) { stub() }
}

// In UIKit both requirements are `@objc optional` (and the protocol refines `UIBarPositioningDelegate`); declared as
// for `UIScrollViewDelegate`.
@MainActor
public protocol UISearchBarDelegate: NSObjectProtocol {
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
}

extension UISearchBarDelegate {
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
}

/// The search bar's text field (iOS 13): a `UITextField`, so `searchBar.searchTextField.rx.text` reads what is typed.
@MainActor
open class UISearchTextField: UITextField {}

@MainActor
open class UISearchBar: UIView {
    public override init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    open var text: String? {
        get { stub() }
        set { stub() }
    }
    open var placeholder: String? {
        get { stub() }
        set { stub() }
    }
    weak open var delegate: (any UISearchBarDelegate)? {
        get { stub() }
        set { stub() }
    }
    open var searchTextField: UISearchTextField { stub() }
}

// Fonts, for the example's attributed countdown.

open class UIFont: NSObject, @unchecked Sendable {
    public struct Weight: Hashable, RawRepresentable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let regular = UIFont.Weight(rawValue: 0)
        public static let bold = UIFont.Weight(rawValue: 0.4)
    }

    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { stub() }
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont { stub() }
}

extension NSAttributedString.Key {
    public static let font = NSAttributedString.Key(rawValue: "NSFont")
}

// Controls whose value RxCocoa reads as a `ControlProperty` (UISwitch+Rx.swift and the files beside it).

@MainActor
open class UISwitch: UIControl {
    public override init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    open var isOn: Bool {
        get { stub() }
        set { stub() }
    }
    open func setOn(_ on: Bool, animated: Bool) { stub() }
}

@MainActor
open class UISlider: UIControl {
    open var value: Float {
        get { stub() }
        set { stub() }
    }
    open var minimumValue: Float {
        get { stub() }
        set { stub() }
    }
    open var maximumValue: Float {
        get { stub() }
        set { stub() }
    }
    open var isContinuous: Bool {
        get { stub() }
        set { stub() }
    }
    open func setValue(_ value: Float, animated: Bool) { stub() }
}

@MainActor
open class UIStepper: UIControl {
    open var value: Double {
        get { stub() }
        set { stub() }
    }
    open var minimumValue: Double {
        get { stub() }
        set { stub() }
    }
    open var maximumValue: Double {
        get { stub() }
        set { stub() }
    }
    open var stepValue: Double {
        get { stub() }
        set { stub() }
    }
}

@MainActor
open class UIDatePicker: UIControl {
    public enum Mode: Int, Sendable {
        case time = 0
        case date = 1
        case dateAndTime = 2
        case countDownTimer = 3
    }

    open var datePickerMode: UIDatePicker.Mode {
        get { stub() }
        set { stub() }
    }
    open var date: Date {
        get { stub() }
        set { stub() }
    }
    open var countDownDuration: TimeInterval {
        get { stub() }
        set { stub() }
    }
    open func setDate(_ date: Date, animated: Bool) { stub() }
}

@MainActor
open class UIRefreshControl: UIControl {
    // `-init` is UIRefreshControl's designated initializer.
    public init() { stub() }
    public required init?(coder: NSCoder) { stub() }
    open var isRefreshing: Bool { stub() }
    open func beginRefreshing() { stub() }
    open func endRefreshing() { stub() }
}

// Target-action: `UIBarButtonItem` and `UIGestureRecognizer` have no closure-based actions (a bar button item's
// `primaryAction` replaces its title and image), so RxLiteUI gives them a target object with an `@objc` method.

@MainActor
open class UIBarItem: NSObject {
    open var isEnabled: Bool {
        get { stub() }
        set { stub() }
    }
    open var title: String? {
        get { stub() }
        set { stub() }
    }
}

@MainActor
open class UIBarButtonItem: UIBarItem {
    public enum Style: Int, Sendable {
        case plain = 0
        case done = 2
    }

    public override init() { stub() }
    public required init?(coder: NSCoder) { stub() }
    public convenience init(title: String?, style: UIBarButtonItem.Style, target: Any?, action: Selector?) { stub() }
    open var style: UIBarButtonItem.Style {
        get { stub() }
        set { stub() }
    }
    weak open var target: AnyObject? {
        get { stub() }
        set { stub() }
    }
    open var action: Selector? {
        get { stub() }
        set { stub() }
    }
}

@MainActor
open class UIGestureRecognizer: NSObject {
    public enum State: Int, Sendable {
        case possible = 0
        case began = 1
        case changed = 2
        case ended = 3
        case cancelled = 4
        case failed = 5
        public static var recognized: UIGestureRecognizer.State { .ended }
    }

    public init(target: Any?, action: Selector?) { stub() }
    public convenience override init() { stub() }
    open func addTarget(_ target: Any, action: Selector) { stub() }
    open func removeTarget(_ target: Any?, action: Selector?) { stub() }
    open var state: UIGestureRecognizer.State { stub() }
    open var view: UIView? { stub() }
    open var isEnabled: Bool {
        get { stub() }
        set { stub() }
    }
    open func location(in view: UIView?) -> CGPoint { stub() }
}

@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired: Int {
        get { stub() }
        set { stub() }
    }
}

// The app's life-cycle notifications (UIApplication+Rx.swift). In the SDK they are `class let`s, which Swift source
// cannot declare; a read-only `class var` is used the same way.

@MainActor
open class UIApplication: UIResponder {
    open class var shared: UIApplication { stub() }
    nonisolated public class var didEnterBackgroundNotification: NSNotification.Name { stub() }
    nonisolated public class var willEnterForegroundNotification: NSNotification.Name { stub() }
    nonisolated public class var didFinishLaunchingNotification: NSNotification.Name { stub() }
    nonisolated public class var didBecomeActiveNotification: NSNotification.Name { stub() }
    nonisolated public class var willResignActiveNotification: NSNotification.Name { stub() }
    nonisolated public class var didReceiveMemoryWarningNotification: NSNotification.Name { stub() }
    nonisolated public class var willTerminateNotification: NSNotification.Name { stub() }
    nonisolated public class var significantTimeChangeNotification: NSNotification.Name { stub() }
    nonisolated public class var backgroundRefreshStatusDidChangeNotification: NSNotification.Name { stub() }
    nonisolated public class var protectedDataWillBecomeUnavailableNotification: NSNotification.Name { stub() }
    nonisolated public class var protectedDataDidBecomeAvailableNotification: NSNotification.Name { stub() }
    nonisolated public class var userDidTakeScreenshotNotification: NSNotification.Name { stub() }
}
