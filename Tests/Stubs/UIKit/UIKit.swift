// A declaration-only stand-in for UIKit, so RxLiteUI's `#if canImport(UIKit)` glue can be type-checked on Linux
// (see `scripts/typecheck-uikit`). It declares the part of UIKit the glue touches, with UIKit's own signatures
// and actor isolation (iOS 17 SDK): UI classes and delegate protocols are `@preconcurrency @MainActor`, as Swift code
// sees UIKit's. Nothing here runs: every body traps. This file holds the base classes (views,
// responders, view controllers); each UIKit family has a file of its own beside it. What Darwin's Foundation adds to
// Linux's (key-value observing) is in the ObjectiveC stub, which this module re-exports.
//
// Keep signatures exactly as in UIKit: the point is that glue which compiles here compiles on iOS.
//
// What Linux forces: the classes here are Swift classes (Linux Foundation's `NSObject` is one), so an `@objc` method
// can only take and return what Objective-C represents without a UIKit class: the glue's action methods take no
// arguments, which UIKit's target-action allows. `scripts/typecheck-uikit` turns on `-enable-objc-interop`.

@_exported import Foundation
// The iOS SDK's Foundation re-exports ObjectiveC (`Selector`, for target-action); see Tests/Stubs/ObjectiveC.
@_exported import ObjectiveC

func stub() -> Never { fatalError("UIKit stub: declarations only, nothing runs on Linux") }

/// UIKit's image type (only referenced by `UIAction`'s initializer).
open class UIImage: NSObject, @unchecked Sendable {}

@preconcurrency @MainActor
open class UIResponder: NSObject {
    open var next: UIResponder? { stub() }
    open var canBecomeFirstResponder: Bool { stub() }
    open func becomeFirstResponder() -> Bool { stub() }
    open func resignFirstResponder() -> Bool { stub() }
}

@preconcurrency @MainActor
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

@preconcurrency @MainActor
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

public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) { stub() }
}

// For Examples/BookSearchUIKit (type-checked by scripts/typecheck-uikit).

@preconcurrency @MainActor
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
    // `@objc`, as every method UIKit declares is, so that `#selector` names them (`rx.sentMessage`).
    @objc open func viewWillAppear(_ animated: Bool) { stub() }
    @objc open func viewDidAppear(_ animated: Bool) { stub() }
    @objc open func viewWillDisappear(_ animated: Bool) { stub() }
    @objc open func viewDidDisappear(_ animated: Bool) { stub() }
}

@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    public enum Axis: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }
}

@preconcurrency @MainActor
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
