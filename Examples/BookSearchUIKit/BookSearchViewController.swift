// The seed app's book search screen, written with RxLite: a search bar, a query-type segmented control, a table
// with infinite scroll (the Paginator inside BookSearchViewModel), a throttled retry button, and the countdown
// popup. Every binding goes through `BookSearchViewModel` or `Countdown`; the view controller only wires views.
//
// Not built on Linux; `scripts/typecheck-uikit` type-checks it against the UIKit stub in Tests/Stubs/UIKit.
import BookSearch
import RxLite
import RxLiteUI
import UIKit

@MainActor
final class BookSearchViewController: UIViewController, UISearchBarDelegate {
    private let searchBar = UISearchBar()
    private let queryTypeControl = UISegmentedControl(items: QueryType.allCases.map(\.rawValue))
    private let statusLabel = UILabel()
    private let activityIndicator = UIActivityIndicatorView(style: .medium)
    private let retryButton = UIButton(type: .system)
    private let refreshButton = UIButton(type: .system)
    private let countdownButton = UIButton(type: .system)
    private let countdownLabel = UILabel()
    private let tableView = UITableView(frame: .zero, style: .plain)

    private let viewModel: BookSearchViewModel
    private let countdown = Countdown(from: 3)
    /// UISearchBar reports edits to its delegate; RxLiteUI has no `searchBar.rx.text`, so the delegate feeds this.
    private let searchText = BehaviorRelay(value: "")
    private let disposeBag = DisposeBag()

    init(service: any BookSearchService) {
        viewModel = BookSearchViewModel(service: service)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("BookSearchViewController is created in code") }

    override func loadView() {
        let controls = UIStackView(arrangedSubviews: [
            statusLabel, activityIndicator, retryButton, refreshButton, countdownButton,
        ])
        controls.spacing = 8
        let stack = UIStackView(arrangedSubviews: [searchBar, queryTypeControl, controls, countdownLabel, tableView])
        stack.axis = .vertical
        view = stack
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Books"
        searchBar.placeholder = "Title, author or publisher"
        searchBar.delegate = self
        queryTypeControl.selectedSegmentIndex = 0
        retryButton.setTitle("Retry", for: .normal)
        refreshButton.setTitle("Refresh", for: .normal)
        tableView.register(BookCell.self, forCellReuseIdentifier: BookCell.identifier)
        bindViewModel()
        bindCountdown()
    }

    private func bindViewModel() {
        let queryType = queryTypeControl.rx
            .controlProperty(
                editingEvents: .valueChanged, getter: { $0.selectedSegmentIndex },
                setter: { $0.selectedSegmentIndex = $1 }
            )
            .map { QueryType.allCases[max($0, 0)] }
        let output = viewModel.transform(
            BookSearchViewModel.Input(
                queryType: queryType.asObservable(),
                searchText: searchText.asObservable(),
                // The seed throttled every scroll event; the Paginator drops triggers while a page loads and after
                // the last page, so this only saves work.
                nearBottom: tableView.rx.reachedBottom(offset: 200)
                    .throttle(.seconds(2), latest: false, scheduler: MainScheduler.instance).asObservable(),
                // Two taps within a second are one retry.
                retry: retryButton.rx.tap.throttle(.seconds(1), latest: false, scheduler: MainScheduler.instance)
                    .asObservable(),
                // The seed's throttled button: a tap, then nothing for 3 seconds, so a double tap is one search.
                refresh: refreshButton.rx.tap.throttle(.seconds(3), latest: false, scheduler: MainScheduler.instance)
                    .asObservable()))

        // `.reload` for a new search, `.appended(range)` for the next page: the table inserts just those rows.
        output.changes.asObservable()
            .bind(to: tableView.rx.items(cellIdentifier: BookCell.identifier, cellType: BookCell.self)) {
                _, book, cell in
                cell.show(book)
            }
            .disposed(by: disposeBag)
        output.status.map { Optional($0) }.drive(statusLabel.rx.text).disposed(by: disposeBag)
        output.isLoading.drive(activityIndicator.rx.isAnimating).disposed(by: disposeBag)
        output.errorMessage.map { $0 == nil }.drive(retryButton.rx.isHidden).disposed(by: disposeBag)
    }

    private func bindCountdown() {
        // The seed's popup: 3, 2, 1, 0, then it disappears. Tapping while it runs cancels it (its cleanup runs),
        // tapping again starts a fresh one.
        countdown.text.drive(countdownLabel.rx.text).disposed(by: disposeBag)
        countdown.text.map { $0 == nil }.drive(countdownLabel.rx.isHidden).disposed(by: disposeBag)
        countdown.isRunning.map { Optional($0 ? "Cancel" : "Countdown") }
            .drive(countdownButton.rx.title(for: .normal))
            .disposed(by: disposeBag)
        countdownButton.rx.tap
            .withLatestFrom(countdown.isRunning.asObservable())
            .subscribe(
                with: self,
                onNext: { controller, isRunning in
                    if isRunning { controller.countdown.cancel() } else { controller.countdown.start() }
                }
            )
            .disposed(by: disposeBag)
    }

    // MARK: UISearchBarDelegate

    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
        self.searchText.accept(searchText)  // the view model trims and debounces it
    }

    func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {
        _ = searchBar.resignFirstResponder()
    }
}

/// A subtitle cell: the title, then the author and the publisher.
final class BookCell: UITableViewCell {
    static let identifier = "BookCell"

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }

    required init?(coder: NSCoder) { fatalError("BookCell is created in code") }

    func show(_ book: Book) {
        textLabel?.text = book.title
        detailTextLabel?.text = "\(book.author) · \(book.publisher)"
    }
}
