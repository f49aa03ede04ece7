// A book search screen, written with RxLite: a search bar, a query-type segmented control, a table
// with infinite scroll (the Paginator inside BookSearchViewModel), a throttled retry button, and the countdown
// popup; plus a list of recent searches, an error details view and a back-to-top button. Every binding goes through
// `BookSearchViewModel` or `Countdown`; the view controller only wires views. Between them the bindings use every
// UIKit binder of RxLiteUI (`scripts/typecheck-uikit` checks that none is left out).
//
// Written as an RxCocoa app writes it: `rx.items` binds the rows (through the tables' data-source proxies, which keep
// each bound data source alive until the binding is disposed), row selection comes through the tables' delegate
// proxies (`rx.modelSelected` reads the book from the bound rows), a swiped-away recent search through the recent
// table's data-source proxy (`rx.modelDeleted`), scrolling through the scroll view's (`rx.didScroll`), and
// `rx.reachedBottom` pages with key-value observing beside it, and `rx.sentMessage(#selector(viewWillAppear(_:)))`
// reloads the recent searches each time the screen appears. The outputs are Drivers and Signals.
//
// Not built on Linux; `scripts/typecheck-uikit` type-checks it against the UIKit stub in Tests/Stubs/UIKit, in
// Swift 6 mode with warnings as errors.
import BookSearch
import Foundation
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
    private let backToTopButton = UIButton(type: .system)
    private let clearRecentButton = UIButton(type: .system)
    private let errorDetails = UITextView()
    private let tableView = UITableView(frame: .zero, style: .plain)
    private let recentTable = UITableView(frame: .zero, style: .plain)

    private let viewModel: BookSearchViewModel
    private let countdown = Countdown(from: 3)
    /// The queries submitted with the search button, newest first, at most five.
    private let recentSearches = BehaviorRelay<[String]>(value: [])
    /// A recent search the user tapped: it fills the search bar and runs again.
    private let pickedRecentSearch = PublishRelay<String>()
    private let disposeBag = DisposeBag()

    init(service: any BookSearchService) {
        viewModel = BookSearchViewModel(service: service)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("BookSearchViewController is created in code") }

    override func loadView() {
        let controls = UIStackView(arrangedSubviews: [
            statusLabel, activityIndicator, retryButton, refreshButton, countdownButton, backToTopButton,
        ])
        controls.spacing = 8
        let recent = UIStackView(arrangedSubviews: [recentTable, clearRecentButton])
        let stack = UIStackView(arrangedSubviews: [
            searchBar, queryTypeControl, controls, countdownLabel, errorDetails, tableView, recent,
        ])
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
        backToTopButton.setTitle("Top", for: .normal)
        clearRecentButton.setTitle("Clear recent searches", for: .normal)
        errorDetails.isEditable = false
        tableView.register(BookCell.self, forCellReuseIdentifier: BookCell.identifier)
        recentTable.register(UITableViewCell.self, forCellReuseIdentifier: "Recent")
        bindViewModel()
        bindScrolling()
        bindSelection()
        bindRecentSearches()
        bindCountdown()
        bindAppearance()
    }

    private func bindViewModel() {
        let queryType = queryTypeControl.rx.selectedSegmentIndex.map { QueryType.allCases[max($0, 0)] }
        let output = viewModel.transform(
            BookSearchViewModel.Input(
                queryType: queryType.asObservable(),
                // What is typed, edit by edit (the view model trims and debounces it).
                // A picked recent search counts as typed: setting the bar's text posts no editing event.
                searchText: Observable.merge(
                    searchBar.rx.text.orEmpty.asObservable(), pickedRecentSearch.asObservable()),
                // A hand-written pager throttles every scroll event; the Paginator drops triggers while a page loads and after
                // the last page, so this only saves work.
                nearBottom: tableView.rx.reachedBottom(offset: 200)
                    .throttle(.seconds(2), latest: false, scheduler: MainScheduler.instance).asObservable(),
                // Two taps within a second are one retry.
                retry: retryButton.rx.tap.throttle(.seconds(1), latest: false, scheduler: MainScheduler.instance)
                    .asObservable(),
                // A throttled button: a tap, then nothing for 3 seconds, so a double tap is one search.
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
        // While a page loads the list dims and refreshing waits.
        output.isLoading.map { $0 ? 0.6 : 1 }.drive(tableView.rx.alpha).disposed(by: disposeBag)
        output.isLoading.map { !$0 }.drive(refreshButton.rx.isEnabled).disposed(by: disposeBag)
        output.errorMessage.map { $0 == nil }.drive(retryButton.rx.isHidden).disposed(by: disposeBag)
        output.errorMessage.map { $0 == nil }.drive(errorDetails.rx.isHidden).disposed(by: disposeBag)
        output.errorMessage.asObservable().bind(to: errorDetails.rx.text).disposed(by: disposeBag)
        // Switching the query type ends editing, as the search button does.
        queryTypeControl.rx.controlEvent(.valueChanged)
            .subscribe(onNext: { [weak self] in _ = self?.searchBar.resignFirstResponder() })
            .disposed(by: disposeBag)
    }

    private func bindScrolling() {
        // Scrolling the results hides the keyboard.
        tableView.rx.didScroll
            .subscribe(onNext: { [weak self] in _ = self?.searchBar.resignFirstResponder() })
            .disposed(by: disposeBag)
        // "Top" shows once the list is scrolled more than a screen down.
        tableView.rx.didScroll
            .map { [weak tableView] in
                MainActor.assumeIsolated {
                    guard let geometry = tableView?.verticalScrollGeometry else { return true }
                    return geometry.offset < geometry.visibleHeight
                }
            }
            .distinctUntilChanged()
            .bind(to: backToTopButton.rx.isHidden)
            .disposed(by: disposeBag)
        backToTopButton.onTap(throttle: .milliseconds(500)) { [weak tableView] in
            guard let tableView else { return }
            tableView.setContentOffset(CGPoint(x: 0, y: -tableView.adjustedContentInset.top), animated: true)
        }
        .disposed(by: disposeBag)
    }

    private func bindSelection() {
        // A tapped row shows its book; the tap's highlight fades.
        tableView.rx.modelSelected(Book.self).map { "\($0.title) · \($0.author)" }.bind(to: statusLabel.rx.text)
            .disposed(by: disposeBag)
        recentTable.rx.modelSelected(String.self).bind(to: pickedRecentSearch).disposed(by: disposeBag)
        Observable.merge(
            tableView.rx.itemSelected.map { [weak tableView] in (tableView, $0) },
            recentTable.rx.itemSelected.map { [weak recentTable] in (recentTable, $0) }
        )
        .subscribe(onNext: { table, indexPath in
            MainActor.assumeIsolated { table?.deselectRow(at: indexPath, animated: true) }
        })
        .disposed(by: disposeBag)
    }

    private func bindRecentSearches() {
        recentSearches.asDriver()
            .drive(recentTable.rx.items(cellIdentifier: "Recent", cellType: UITableViewCell.self)) { _, query, cell in
                cell.textLabel?.text = query
            }
            .disposed(by: disposeBag)
        // Clears once the taps stop, so a double tap does not clear twice.
        clearRecentButton.onTap(debounce: .milliseconds(300)) { [weak self] in self?.recentSearches.accept([]) }
            .disposed(by: disposeBag)
        recentSearches.map(\.isEmpty).bind(to: clearRecentButton.rx.isHidden).disposed(by: disposeBag)
        // Swiping a recent search away forgets it (observing deletions is what turns swipe to delete on).
        recentTable.rx.modelDeleted(String.self)
            .withLatestFrom(recentSearches) { deleted, recent in recent.filter { $0 != deleted } }
            .bind(to: recentSearches)
            .disposed(by: disposeBag)
        // The bar's text field shows a picked search (the view model gets it through `searchText`).
        pickedRecentSearch.map { Optional($0) }.bind(to: searchBar.searchTextField.rx.text).disposed(by: disposeBag)
    }

    private func bindAppearance() {
        // Each time the screen is about to appear (back from a book's page, say), the recent searches are shown
        // afresh, before UIKit lays it out: `sentMessage` emits before `viewWillAppear(_:)` runs.
        rx.sentMessage(#selector(viewWillAppear(_:)))
            .map { _ in }
            .subscribe(onNext: { [weak self] in self?.recentTable.reloadData() })
            .disposed(by: disposeBag)
    }

    private func bindCountdown() {
        // The countdown popup: 3, 2, 1, 0, then it disappears. Tapping while it runs cancels it (its cleanup runs),
        // tapping again starts a fresh one.
        // Big digits that do not shift as they change.
        let digits: [NSAttributedString.Key: Any] = [.font: UIFont.monospacedDigitSystemFont(ofSize: 40, weight: .bold)]
        countdown.text.map { text in text.map { NSAttributedString(string: $0, attributes: digits) } }
            .drive(countdownLabel.rx.attributedText)
            .disposed(by: disposeBag)
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

    func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {
        _ = searchBar.resignFirstResponder()
        let query = (searchBar.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { return }
        recentSearches.accept(Array(([query] + recentSearches.value.filter { $0 != query }).prefix(5)))
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
