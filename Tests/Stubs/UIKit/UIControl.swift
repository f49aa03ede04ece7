// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces).

import Foundation
import ObjectiveC

// Controls: UIControl and its closure-based actions, buttons, and the controls whose value RxCocoa reads.

@preconcurrency @MainActor
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

@preconcurrency @MainActor
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

@preconcurrency @MainActor
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

@preconcurrency @MainActor
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

@preconcurrency @MainActor
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

@preconcurrency @MainActor
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

// Controls whose value RxCocoa reads as a `ControlProperty` (UISwitch+Rx.swift and the files beside it).

@preconcurrency @MainActor
open class UISwitch: UIControl {
    public override init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    open var isOn: Bool {
        get { stub() }
        set { stub() }
    }
    open func setOn(_ on: Bool, animated: Bool) { stub() }
}

@preconcurrency @MainActor
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

@preconcurrency @MainActor
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

@preconcurrency @MainActor
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

@preconcurrency @MainActor
open class UIRefreshControl: UIControl {
    // `-init` is UIRefreshControl's designated initializer.
    public init() { stub() }
    public required init?(coder: NSCoder) { stub() }
    open var isRefreshing: Bool { stub() }
    open func beginRefreshing() { stub() }
    open func endRefreshing() { stub() }
}
