// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces).

import Foundation
import ObjectiveC

// Container view controllers: the navigation controller, the tab bar and its items, the tab bar controller. Their
// delegate protocols' requirements are `@objc optional` in UIKit, declared as for `UIScrollViewDelegate`; those that
// return a value (orientations, transition animators) are left out.

@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {}
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
}

@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    public init(rootViewController: UIViewController) { stub() }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { stub() }
    public required init?(coder aDecoder: NSCoder) { stub() }
    weak open var delegate: (any UINavigationControllerDelegate)? {
        get { stub() }
        set { stub() }
    }
    open var viewControllers: [UIViewController] {
        get { stub() }
        set { stub() }
    }
    open var topViewController: UIViewController? { stub() }
    open func pushViewController(_ viewController: UIViewController, animated: Bool) { stub() }
    // Imported from Objective-C, whose results may always be ignored.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? { stub() }
}

@preconcurrency @MainActor
open class UITabBarItem: UIBarItem {
    public override init() { stub() }
    public required init?(coder: NSCoder) { stub() }
    public convenience init(title: String?, image: UIImage?, tag: Int) { stub() }
    open var badgeValue: String? {
        get { stub() }
        set { stub() }
    }
}

@preconcurrency @MainActor
public protocol UITabBarDelegate: NSObjectProtocol {
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
    func tabBar(_ tabBar: UITabBar, willBeginCustomizing items: [UITabBarItem])
    func tabBar(_ tabBar: UITabBar, didBeginCustomizing items: [UITabBarItem])
    func tabBar(_ tabBar: UITabBar, willEndCustomizing items: [UITabBarItem], changed: Bool)
    func tabBar(_ tabBar: UITabBar, didEndCustomizing items: [UITabBarItem], changed: Bool)
}

extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
    public func tabBar(_ tabBar: UITabBar, willBeginCustomizing items: [UITabBarItem]) {}
    public func tabBar(_ tabBar: UITabBar, didBeginCustomizing items: [UITabBarItem]) {}
    public func tabBar(_ tabBar: UITabBar, willEndCustomizing items: [UITabBarItem], changed: Bool) {}
    public func tabBar(_ tabBar: UITabBar, didEndCustomizing items: [UITabBarItem], changed: Bool) {}
}

@preconcurrency @MainActor
open class UITabBar: UIView {
    public override init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    weak open var delegate: (any UITabBarDelegate)? {
        get { stub() }
        set { stub() }
    }
    open var items: [UITabBarItem]? {
        get { stub() }
        set { stub() }
    }
    weak open var selectedItem: UITabBarItem? {
        get { stub() }
        set { stub() }
    }
    open func setItems(_ items: [UITabBarItem]?, animated: Bool) { stub() }
    open func beginCustomizingItems(_ items: [UITabBarItem]) { stub() }
}

@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: NSObjectProtocol {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
        -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    func tabBarController(
        _ tabBarController: UITabBarController, willBeginCustomizing viewControllers: [UIViewController])
    func tabBarController(
        _ tabBarController: UITabBarController, willEndCustomizing viewControllers: [UIViewController],
        changed: Bool)
    func tabBarController(
        _ tabBarController: UITabBarController, didEndCustomizing viewControllers: [UIViewController],
        changed: Bool)
}

extension UITabBarControllerDelegate {
    public func tabBarController(
        _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
    ) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
    public func tabBarController(
        _ tabBarController: UITabBarController, willBeginCustomizing viewControllers: [UIViewController]
    ) {}
    public func tabBarController(
        _ tabBarController: UITabBarController, willEndCustomizing viewControllers: [UIViewController],
        changed: Bool
    ) {}
    public func tabBarController(
        _ tabBarController: UITabBarController, didEndCustomizing viewControllers: [UIViewController],
        changed: Bool
    ) {}
}

// In UIKit the tab bar controller is its tab bar's delegate, and adopts the protocol.
@preconcurrency @MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { stub() }
    public required init?(coder: NSCoder) { stub() }
    weak open var delegate: (any UITabBarControllerDelegate)? {
        get { stub() }
        set { stub() }
    }
    open var viewControllers: [UIViewController]? {
        get { stub() }
        set { stub() }
    }
    open var selectedIndex: Int {
        get { stub() }
        set { stub() }
    }
    open var tabBar: UITabBar { stub() }
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) { stub() }
}
