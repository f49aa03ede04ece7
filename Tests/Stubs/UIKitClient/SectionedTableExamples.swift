// Client code for table data sources, type-checked against the UIKit stub by `scripts/typecheck-uikit` (Swift 6
// mode): a sectioned data source written the way RxDataSources writes `RxTableViewSectionedReloadDataSource`, bound
// with `rx.items(dataSource:)`, and a library screen with selection, editing and prefetching, the app's own data
// source kept behind the bound one.
import RxLite
import RxLiteUI
import UIKit

/// A section of a sectioned list, as RxDataSources' `SectionModel` is.
struct ShelfSection<Item> {
    var header: String
    var items: [Item]
}

extension ShelfSection: Sendable where Item: Sendable {}

/// A sectioned table data source as a library such as RxDataSources writes one: it receives the sections through
/// `tableView(_:observedEvent:)` (a `Binder`), answers the table, and gives `modelSelected` its models.
final class ShelfTableDataSource<Item>: NSObject, UITableViewDataSource, RxTableViewDataSourceType,
    SectionedViewDataSourceType
{
    typealias Element = [ShelfSection<Item>]
    typealias ConfigureCell = (ShelfTableDataSource<Item>, UITableView, IndexPath, Item) -> UITableViewCell

    private(set) var sections: [ShelfSection<Item>] = []
    private let configureCell: ConfigureCell

    init(configureCell: @escaping ConfigureCell) {
        self.configureCell = configureCell
        super.init()
    }

    func tableView(_ tableView: UITableView, observedEvent: Event<Element>) {
        Binder(self) { dataSource, sections in
            dataSource.sections = sections
            tableView.reloadData()
        }
        .on(observedEvent)
    }

    func model(at indexPath: IndexPath) throws -> Any {
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].items.indices.contains(indexPath.row)
        else { throw RxCocoaError.itemsNotYetBound(object: self) }
        return sections[indexPath.section].items[indexPath.row]
    }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].items.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        configureCell(self, tableView, indexPath, sections[indexPath.section].items[indexPath.row])
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        sections[section].header
    }
}

struct LibraryBook: Sendable {
    let title: String
    let isOnLoan: Bool
}

/// The app's own rules for the library table: which rows may be edited, and a footer. The bound data source answers
/// the rows; these calls, which it does not implement, still reach this one.
final class LibraryEditingRules: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { indexPath.section > 0 }

    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { "Tap to borrow" }
}

@MainActor
final class LibraryViewController: UIViewController, UITableViewDataSourcePrefetching {
    let tableView = UITableView(frame: .zero, style: .grouped)
    let recentTable = UITableView(frame: .zero, style: .plain)
    let statusLabel = UILabel(frame: .zero)
    let shelves = BehaviorRelay<[ShelfSection<LibraryBook>]>(value: [])
    let recentTitles = BehaviorRelay<[String]>(value: [])
    let editingRules = LibraryEditingRules()
    let disposeBag = DisposeBag()
    private(set) var prefetched: [IndexPath] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Book")
        bindShelves()
        bindEditing()
        bindPrefetching()
    }

    private func bindShelves() {
        // The app's data source first, then the bound one in front of it.
        tableView.rx.setDataSource(editingRules).disposed(by: disposeBag)
        let dataSource = ShelfTableDataSource<LibraryBook> { _, tableView, indexPath, book in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Book", for: indexPath)
            cell.textLabel?.text = book.title
            cell.alpha = book.isOnLoan ? 0.5 : 1
            return cell
        }
        shelves.asDriver().drive(tableView.rx.items(dataSource: dataSource)).disposed(by: disposeBag)

        tableView.rx.modelSelected(LibraryBook.self)
            .map { $0.isOnLoan ? "\($0.title) is on loan" : "Borrowed \($0.title)" }
            .bind(to: statusLabel.rx.text)
            .disposed(by: disposeBag)
        tableView.rx.itemSelected
            .subscribe(onNext: { [weak self] in self?.tableView.deselectRow(at: $0, animated: true) })
            .disposed(by: disposeBag)

        // The bound data source, as RxCocoa code reaches it.
        let proxy: DelegateProxy<UITableView, UITableViewDataSource> = tableView.rx.dataSource
        if let bound = proxy.forwardToDelegate() as? ShelfTableDataSource<LibraryBook> {
            statusLabel.text = "\(bound.sections.count) shelves"
        }

        // A cell factory over plain arrays.
        recentTitles
            .bind(to: recentTable.rx.items) { tableView, row, title in
                let cell = tableView.dequeueReusableCell(withIdentifier: "Recent", for: IndexPath(row: row, section: 0))
                cell.textLabel?.text = title
                return cell
            }
            .disposed(by: disposeBag)
    }

    private func bindEditing() {
        tableView.setEditing(true, animated: false)
        tableView.rx.modelDeleted(LibraryBook.self).map { "Removed \($0.title)" }.bind(to: statusLabel.rx.text)
            .disposed(by: disposeBag)
        tableView.rx.itemDeleted
            .withLatestFrom(shelves) { indexPath, shelves in (indexPath, shelves) }
            .map { indexPath, shelves in
                var shelves = shelves
                shelves[indexPath.section].items.remove(at: indexPath.row)
                return shelves
            }
            .bind(to: shelves)
            .disposed(by: disposeBag)
        tableView.rx.itemInserted.map { "Insert at \($0.row)" }.bind(to: statusLabel.rx.text).disposed(by: disposeBag)
        tableView.rx.itemMoved
            .subscribe(onNext: { [weak self] event in
                self?.statusLabel.text = "Moved \(event.sourceIndex.row) to \(event.destinationIndex.row)"
            })
            .disposed(by: disposeBag)
    }

    private func bindPrefetching() {
        tableView.rx.setPrefetchDataSource(self).disposed(by: disposeBag)
        tableView.rx.prefetchRows.map(\.count).map { "Prefetching \($0)" }.bind(to: statusLabel.rx.text)
            .disposed(by: disposeBag)
        tableView.rx.cancelPrefetchingForRows.subscribe(onNext: { [weak self] _ in self?.prefetched.removeAll() })
            .disposed(by: disposeBag)
        _ = tableView.rx.prefetchDataSource.forwardToDelegate()
    }

    // The app's prefetching data source: called beside `rx.prefetchRows`.
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
        prefetched.append(contentsOf: indexPaths)
    }
}
