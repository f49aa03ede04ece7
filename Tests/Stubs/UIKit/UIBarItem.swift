// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces).

import Foundation
import ObjectiveC

// Target-action: `UIBarButtonItem` and `UIGestureRecognizer` have no closure-based actions (a bar button item's
// `primaryAction` replaces its title and image), so RxLiteUI gives them a target object with an `@objc` method.

@preconcurrency @MainActor
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

@preconcurrency @MainActor
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
