// A sectioned table screen as a Swift 5 RxCocoa app writes it, with a data source written the way RxDataSources
// writes one (a library compiled in Swift 5 mode), type-checked by `scripts/typecheck-uikit` with only RxSwift's
// module names.
import RxCocoa
import RxSwift
import UIKit

public struct SectionOfContacts {
    public var header: String
    public var items: [String]
}

/// RxDataSources' `RxTableViewSectionedReloadDataSource`, in short: sections in, `reloadData`, models out.
open class ContactsDataSource: NSObject, UITableViewDataSource, RxTableViewDataSourceType, SectionedViewDataSourceType {
    public typealias Element = [SectionOfContacts]

    public var configureCell: (ContactsDataSource, UITableView, IndexPath, String) -> UITableViewCell
    private var sections: [SectionOfContacts] = []

    public init(configureCell: @escaping (ContactsDataSource, UITableView, IndexPath, String) -> UITableViewCell) {
        self.configureCell = configureCell
    }

    open func tableView(_ tableView: UITableView, observedEvent: Event<Element>) {
        Binder(self) { dataSource, element in
            dataSource.sections = element
            tableView.reloadData()
        }.on(observedEvent)
    }

    public func model(at indexPath: IndexPath) throws -> Any {
        sections[indexPath.section].items[indexPath.row]
    }

    open func numberOfSections(in tableView: UITableView) -> Int {
        sections.count
    }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].items.count
    }

    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        configureCell(self, tableView, indexPath, sections[indexPath.section].items[indexPath.row])
    }

    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        sections[section].header
    }
}

final class ContactsViewController: UIViewController {
    private let tableView = UITableView(frame: .zero, style: .plain)
    private let nameLabel = UILabel()
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        let dataSource = ContactsDataSource(configureCell: { _, tableView, indexPath, name in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            cell.textLabel?.text = name
            return cell
        })
        Observable.just([SectionOfContacts(header: "A", items: ["Ada", "Alan"])])
            .bind(to: tableView.rx.items(dataSource: dataSource))
            .disposed(by: disposeBag)

        tableView.rx.modelSelected(String.self).bind(to: nameLabel.rx.text).disposed(by: disposeBag)
        tableView.rx.itemDeleted.subscribe(onNext: { indexPath in print("deleted", indexPath) }).disposed(
            by: disposeBag)
        tableView.rx.modelDeleted(String.self).subscribe(onNext: { print("deleted", $0) }).disposed(by: disposeBag)
        tableView.rx.itemMoved.subscribe(onNext: { source, destination in print(source, destination) })
            .disposed(by: disposeBag)
        tableView.rx.prefetchRows.subscribe(onNext: { print("prefetch", $0) }).disposed(by: disposeBag)

        if let bound = tableView.rx.dataSource.forwardToDelegate() as? ContactsDataSource {
            bound.configureCell = { _, tableView, indexPath, _ in
                tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            }
        }

        let firstName: String? = try? tableView.rx.model(at: IndexPath(row: 0, section: 0))
        nameLabel.text = firstName
    }
}
