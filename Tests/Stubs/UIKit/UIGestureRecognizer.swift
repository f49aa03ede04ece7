// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces).

import Foundation
import ObjectiveC

@preconcurrency @MainActor
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

@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired: Int {
        get { stub() }
        set { stub() }
    }
}
