// A table screen as a Swift 5 RxCocoa app writes it, type-checked by `scripts/typecheck-uikit` in Swift 5 mode with
// only RxSwift's module names: row selection through the table's delegate proxy, the model read from `rx.items`.
import RxCocoa
import RxSwift
import UIKit

struct Chapter {
    let title: String
}

final class ChapterListViewController: UIViewController, UITableViewDelegate {
    private let tableView = UITableView(frame: .zero, style: .plain)
    private let chapters = BehaviorRelay<[Chapter]>(value: [])
    private let titleLabel = UILabel()
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        chapters.bind(to: tableView.rx.items(cellIdentifier: "Chapter")) { row, chapter, cell in
            cell.textLabel?.text = "\(row + 1). \(chapter.title)"
        }
        .disposed(by: disposeBag)
        tableView.rx.setDelegate(self).disposed(by: disposeBag)
        tableView.rx.modelSelected(Chapter.self).map { $0.title }.bind(to: titleLabel.rx.text).disposed(by: disposeBag)
        tableView.rx.itemSelected.subscribe(onNext: { [unowned self] in
            self.tableView.deselectRow(at: $0, animated: true)
        })
        .disposed(by: disposeBag)
        tableView.rx.contentOffset.map { $0.y <= 0 }.bind(to: titleLabel.rx.isHidden).disposed(by: disposeBag)
        tableView.rx.didEndDecelerating.subscribe(onNext: { print("settled") }).disposed(by: disposeBag)
        tableView.rx.willEndDragging.subscribe(onNext: { velocity, targetContentOffset in
            if velocity.y > 2 { targetContentOffset.pointee = .zero }
        })
        .disposed(by: disposeBag)
        tableView.rx.willDisplayCell.subscribe(onNext: { cell, _ in cell.alpha = 1 }).disposed(by: disposeBag)
    }

    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
}
