// Client code for the delegate proxies of scroll views and tables, type-checked against the UIKit stub by
// `scripts/typecheck-uikit`: a reading list screen as an RxCocoa app writes it (Swift 6 mode, main-actor view
// controller), with the app's own delegate beside Rx.
import RxLite
import RxLiteUI
import UIKit

struct ReadingListEntry {
    let title: String
    let author: String
}

@MainActor
final class ReadingListViewController: NSObject, UITableViewDelegate {
    let tableView = UITableView(frame: .zero, style: .plain)
    let zoomView = UIScrollView(frame: .zero)
    let headerLabel = UILabel(frame: .zero)
    let entries = BehaviorRelay<[ReadingListEntry]>(value: [])
    let opened = PublishRelay<ReadingListEntry>()
    let disposeBag = DisposeBag()
    private(set) var selectedRows: [IndexPath] = []

    func bind() {
        entries
            .bind(to: tableView.rx.items(cellIdentifier: "Entry", cellType: UITableViewCell.self)) { _, entry, cell in
                cell.textLabel?.text = entry.title
                cell.detailTextLabel?.text = entry.author
            }
            .disposed(by: disposeBag)

        // The app keeps its own delegate: Rx observes beside it.
        tableView.rx.setDelegate(self).disposed(by: disposeBag)

        tableView.rx.modelSelected(ReadingListEntry.self).bind(to: opened).disposed(by: disposeBag)
        tableView.rx.itemSelected
            .subscribe(onNext: { [weak self] indexPath in self?.tableView.deselectRow(at: indexPath, animated: true) })
            .disposed(by: disposeBag)
        tableView.rx.modelDeselected(ReadingListEntry.self).map(\.title).map { "Was \($0)" }
            .bind(to: headerLabel.rx.text).disposed(by: disposeBag)
        Observable.merge(tableView.rx.itemHighlighted.asObservable(), tableView.rx.itemUnhighlighted.asObservable())
            .subscribe(onNext: { [weak self] indexPath in self?.selectedRows.append(indexPath) })
            .disposed(by: disposeBag)
        tableView.rx.itemAccessoryButtonTapped
            .compactMap { [weak self] indexPath in
                MainActor.assumeIsolated { () -> String? in
                    let entry: ReadingListEntry? = try? self?.tableView.rx.model(at: indexPath)
                    return entry?.author
                }
            }
            .bind(to: headerLabel.rx.text).disposed(by: disposeBag)
        tableView.rx.willDisplayCell
            .subscribe(onNext: { event in event.cell.alpha = event.indexPath.row.isMultiple(of: 2) ? 1 : 0.9 })
            .disposed(by: disposeBag)
        tableView.rx.didEndDisplayingCell.map { _ in () }.subscribe().disposed(by: disposeBag)
        tableView.rx.itemDeselected.subscribe().disposed(by: disposeBag)

        // Scrolling: a header that follows the offset, and the scroll-phase events.
        tableView.rx.contentOffset.map { $0.y > 40 }.distinctUntilChanged().bind(to: headerLabel.rx.isHidden)
            .disposed(by: disposeBag)
        Observable.just(CGPoint.zero).bind(to: tableView.rx.contentOffset).disposed(by: disposeBag)
        Observable.merge(
            tableView.rx.willBeginDragging.asObservable(), tableView.rx.willBeginDecelerating.asObservable(),
            tableView.rx.didEndDecelerating.asObservable(), tableView.rx.didScrollToTop.asObservable(),
            tableView.rx.didEndScrollingAnimation.asObservable()
        )
        .subscribe().disposed(by: disposeBag)
        tableView.rx.didEndDragging.filter { !$0 }.map { _ in () }.subscribe().disposed(by: disposeBag)
        // Snap to whole rows where the drag would end.
        tableView.rx.willEndDragging
            .subscribe(onNext: { event in
                event.targetContentOffset.pointee.y = (event.targetContentOffset.pointee.y / 44).rounded() * 44
            })
            .disposed(by: disposeBag)
        zoomView.rx.didZoom.subscribe().disposed(by: disposeBag)
        zoomView.rx.willBeginZooming.compactMap { $0 }.subscribe(onNext: { $0.alpha = 0.8 }).disposed(by: disposeBag)
        zoomView.rx.didEndZooming.map(\.scale).map { "×\($0)" }.bind(to: headerLabel.rx.text)
            .disposed(by: disposeBag)
        let proxy: DelegateProxy<UIScrollView, UIScrollViewDelegate> = zoomView.rx.delegate
        _ = proxy.forwardToDelegate()
    }

    // The app's delegate method: called for every tap, with Rx installed.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selectedRows.append(indexPath)
    }
}
