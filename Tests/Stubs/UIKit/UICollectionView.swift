// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces): collection views,
// their cells, layouts, data sources and delegates. Optional protocol requirements are declared as plain ones with a
// default in an extension (see UIScrollView.swift).

import Foundation
import ObjectiveC

@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    public override init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    open var reuseIdentifier: String? { stub() }
}

@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    public override init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    open var contentView: UIView { stub() }
    open var isSelected: Bool {
        get { stub() }
        set { stub() }
    }
}

@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
    public override init() { stub() }
    open func invalidateLayout() { stub() }
}

@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    public override init() { stub() }
    open var itemSize: CGSize {
        get { stub() }
        set { stub() }
    }
    open var minimumLineSpacing: CGFloat {
        get { stub() }
        set { stub() }
    }
    open var headerReferenceSize: CGSize {
        get { stub() }
        set { stub() }
    }
}

@preconcurrency @MainActor
open class UIFocusUpdateContext: NSObject {}

@preconcurrency @MainActor
open class UICollectionViewFocusUpdateContext: UIFocusUpdateContext {
    open var previouslyFocusedIndexPath: IndexPath? { stub() }
    open var nextFocusedIndexPath: IndexPath? { stub() }
}

@preconcurrency @MainActor
open class UIFocusAnimationCoordinator: NSObject {
    open func addCoordinatedAnimations(_ animations: (() -> Void)?, completion: (() -> Void)? = nil) { stub() }
}

// The first two requirements are required in UIKit too; the others are `@objc optional`.
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { stub() }
    public func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView { stub() }
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        stub()
    }
    public func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
}

// UIKit's UICollectionViewDataSourcePrefetching: the first requirement is required, the second `@objc optional`.
@preconcurrency @MainActor
public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension UICollectionViewDataSourcePrefetching {
    public func collectionView(
        _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {}
}

// As for tables (see UITableView.swift), a collection view's `delegate` is UIScrollView's here.
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath)
    func collectionView(
        _ collectionView: UICollectionView, didUpdateFocusIn context: UICollectionViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    public func collectionView(
        _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
        forElementKind elementKind: String, at indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
        forElementOfKind elementKind: String, at indexPath: IndexPath
    ) {}
    public func collectionView(
        _ collectionView: UICollectionView, didUpdateFocusIn context: UICollectionViewFocusUpdateContext,
        with coordinator: UIFocusAnimationCoordinator
    ) {}
}

@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize { stub() }
}

@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) { stub() }
    public required init?(coder: NSCoder) { stub() }
    open var collectionViewLayout: UICollectionViewLayout {
        get { stub() }
        set { stub() }
    }
    weak open var dataSource: (any UICollectionViewDataSource)? {
        get { stub() }
        set { stub() }
    }
    weak open var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)? {
        get { stub() }
        set { stub() }
    }
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) { stub() }
    open func register(
        _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
    ) { stub() }
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> UICollectionViewCell
    { stub() }
    open func dequeueReusableSupplementaryView(
        ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionReusableView { stub() }
    open func reloadData() { stub() }
    open func insertItems(at indexPaths: [IndexPath]) { stub() }
    open func deselectItem(at indexPath: IndexPath, animated: Bool) { stub() }
    // Objective-C's `UICollectionElementKindSectionHeader`, which Swift imports as a class constant of the view.
    public static var elementKindSectionHeader: String { stub() }
}

extension IndexPath {
    public init(item: Int, section: Int) { stub() }
    public var item: Int { stub() }
}
