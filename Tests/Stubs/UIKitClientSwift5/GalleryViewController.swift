// A collection view screen as a Swift 5 RxCocoa app writes it, with a data source written the way RxDataSources
// writes `RxCollectionViewSectionedReloadDataSource`, type-checked by `scripts/typecheck-uikit` with only RxSwift's
// module names.
import RxCocoa
import RxSwift
import UIKit

open class GalleryDataSource: NSObject, UICollectionViewDataSource, RxCollectionViewDataSourceType,
    SectionedViewDataSourceType
{
    public typealias Element = [SectionOfContacts]

    private var sections: [SectionOfContacts] = []

    open func collectionView(_ collectionView: UICollectionView, observedEvent: Event<Element>) {
        Binder(self) { dataSource, element in
            dataSource.sections = element
            collectionView.reloadData()
        }.on(observedEvent)
    }

    public func model(at indexPath: IndexPath) throws -> Any {
        sections[indexPath.section].items[indexPath.item]
    }

    open func numberOfSections(in collectionView: UICollectionView) -> Int {
        sections.count
    }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].items.count
    }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
    }
}

final class GalleryViewController: UIViewController, UICollectionViewDelegateFlowLayout {
    private let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    private let titleLabel = UILabel()
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        Observable.just([SectionOfContacts(header: "People", items: ["Ada", "Grace"])])
            .bind(to: collectionView.rx.items(dataSource: GalleryDataSource()))
            .disposed(by: disposeBag)
        collectionView.rx.setDelegate(self).disposed(by: disposeBag)
        collectionView.rx.modelSelected(String.self).bind(to: titleLabel.rx.text).disposed(by: disposeBag)
        collectionView.rx.itemSelected.subscribe(onNext: { [unowned self] indexPath in
            self.collectionView.deselectItem(at: indexPath, animated: true)
        })
        .disposed(by: disposeBag)
        collectionView.rx.willDisplayCell.subscribe(onNext: { cell, _ in cell.alpha = 1 }).disposed(by: disposeBag)
        collectionView.rx.prefetchItems.subscribe(onNext: { print("prefetch", $0) }).disposed(by: disposeBag)
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        CGSize(width: 80, height: 80)
    }
}
