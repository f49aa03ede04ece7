// Client code for collection views, type-checked against the UIKit stub by `scripts/typecheck-uikit` (Swift 6 mode):
// the collection twin of ShelfTableDataSource (SectionedTableExamples.swift), written the way RxDataSources writes
// `RxCollectionViewSectionedReloadDataSource`, and a photo grid with selection, display events and prefetching,
// with the app's own delegate (flow layout sizes) and data source (headers) kept beside Rx.
import RxLite
import RxLiteUI
import UIKit

/// A sectioned collection data source as RxDataSources writes one: the sections arrive through
/// `collectionView(_:observedEvent:)` (a `Binder`), and `model(at:)` gives `modelSelected` its models.
final class ShelfCollectionDataSource<Item>: NSObject, UICollectionViewDataSource, RxCollectionViewDataSourceType,
    SectionedViewDataSourceType
{
    typealias Element = [ShelfSection<Item>]
    typealias ConfigureCell = (ShelfCollectionDataSource<Item>, UICollectionView, IndexPath, Item) ->
        UICollectionViewCell

    private(set) var sections: [ShelfSection<Item>] = []
    private let configureCell: ConfigureCell

    init(configureCell: @escaping ConfigureCell) {
        self.configureCell = configureCell
        super.init()
    }

    func collectionView(_ collectionView: UICollectionView, observedEvent: Event<Element>) {
        Binder(self) { dataSource, sections in
            dataSource.sections = sections
            collectionView.reloadData()
        }
        .on(observedEvent)
    }

    func model(at indexPath: IndexPath) throws -> Any {
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].items.indices.contains(indexPath.item)
        else { throw RxCocoaError.itemsNotYetBound(object: self) }
        return sections[indexPath.section].items[indexPath.item]
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].items.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        configureCell(self, collectionView, indexPath, sections[indexPath.section].items[indexPath.item])
    }
}

struct Photo: Sendable {
    let caption: String
    let isWide: Bool
}

final class PhotoCell: UICollectionViewCell {
    let captionLabel = UILabel(frame: .zero)
}

/// The app's own data source for the grid: headers, which the bound data source does not make.
final class PhotoHeaders: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
    }

    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
    }
}

@MainActor
final class PhotoGridViewController: UIViewController, UICollectionViewDelegateFlowLayout,
    UICollectionViewDataSourcePrefetching
{
    let layout = UICollectionViewFlowLayout()
    let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    let tagsView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    let numbersView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    let captionLabel = UILabel(frame: .zero)
    let albums = BehaviorRelay<[ShelfSection<Photo>]>(value: [])
    let tags = BehaviorRelay<[String]>(value: [])
    let headers = PhotoHeaders()
    let disposeBag = DisposeBag()
    private(set) var shown = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: "Photo")
        collectionView.register(
            UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
            withReuseIdentifier: "Header")
        bindGrid()
        bindEvents()
        bindSmallViews()
    }

    private func bindGrid() {
        // The app's delegate sizes the items; its data source makes the headers.
        collectionView.rx.setDelegate(self).disposed(by: disposeBag)
        collectionView.rx.setDataSource(headers).disposed(by: disposeBag)
        let dataSource = ShelfCollectionDataSource<Photo> { _, collectionView, indexPath, photo in
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
            (cell as? PhotoCell)?.captionLabel.text = photo.caption
            return cell
        }
        albums.asDriver().drive(collectionView.rx.items(dataSource: dataSource)).disposed(by: disposeBag)

        collectionView.rx.modelSelected(Photo.self).map(\.caption).bind(to: captionLabel.rx.text)
            .disposed(by: disposeBag)
        collectionView.rx.itemSelected
            .subscribe(onNext: { [weak self] in self?.collectionView.deselectItem(at: $0, animated: true) })
            .disposed(by: disposeBag)
        collectionView.rx.modelDeselected(Photo.self).map { _ in nil }.bind(to: captionLabel.rx.text)
            .disposed(by: disposeBag)
        collectionView.rx.itemDeselected.subscribe().disposed(by: disposeBag)
        let first: Photo? = try? collectionView.rx.model(at: IndexPath(item: 0, section: 0))
        captionLabel.text = first?.caption
        if let bound = collectionView.rx.dataSource.forwardToDelegate() as? ShelfCollectionDataSource<Photo> {
            captionLabel.text = "\(bound.sections.count) albums"
        }
    }

    private func bindEvents() {
        Observable.merge(
            collectionView.rx.itemHighlighted.asObservable(), collectionView.rx.itemUnhighlighted.asObservable()
        )
        .subscribe()
        .disposed(by: disposeBag)
        collectionView.rx.willDisplayCell
            .subscribe(onNext: { [weak self] cell, indexPath in
                cell.alpha = indexPath.item.isMultiple(of: 2) ? 1 : 0.95
                self?.shown += 1
            })
            .disposed(by: disposeBag)
        collectionView.rx.didEndDisplayingCell.map(\.at).subscribe().disposed(by: disposeBag)
        collectionView.rx.willDisplaySupplementaryView
            .subscribe(onNext: { event in event.supplementaryView.isHidden = event.elementKind.isEmpty })
            .disposed(by: disposeBag)
        collectionView.rx.didEndDisplayingSupplementaryView.map(\.elementKind).subscribe().disposed(by: disposeBag)
        collectionView.rx.itemMoved
            .subscribe(onNext: { [weak self] event in
                self?.captionLabel.text = "Moved \(event.sourceIndex.item) to \(event.destinationIndex.item)"
            })
            .disposed(by: disposeBag)
        collectionView.rx.didUpdateFocusInContextWithAnimationCoordinator
            .subscribe(onNext: { event in
                event.animationCoordinator.addCoordinatedAnimations({ event.context.nextFocusedIndexPath.map { _ in } })
            })
            .disposed(by: disposeBag)

        collectionView.rx.setPrefetchDataSource(self).disposed(by: disposeBag)
        collectionView.rx.prefetchItems.map(\.count).map { "Prefetching \($0)" }.bind(to: captionLabel.rx.text)
            .disposed(by: disposeBag)
        collectionView.rx.cancelPrefetchingForItems.subscribe().disposed(by: disposeBag)
        _ = collectionView.rx.prefetchDataSource.forwardToDelegate()
    }

    private func bindSmallViews() {
        // A cell identifier and a cell type.
        tags.bind(to: tagsView.rx.items(cellIdentifier: "Tag", cellType: PhotoCell.self)) { _, tag, cell in
            cell.captionLabel.text = tag
        }
        .disposed(by: disposeBag)
        // A cell factory.
        Observable.just(Array(1...20))
            .bind(to: numbersView.rx.items) { collectionView, item, number in
                let cell = collectionView.dequeueReusableCell(
                    withReuseIdentifier: "Number", for: IndexPath(item: item, section: 0))
                cell.isSelected = number.isMultiple(of: 5)
                return cell
            }
            .disposed(by: disposeBag)
    }

    // The app's delegate and prefetching data source, called beside Rx.

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        CGSize(width: 100, height: 100)
    }

    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {}
}
