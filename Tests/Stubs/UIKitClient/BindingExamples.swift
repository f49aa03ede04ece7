// Client code for the binders, type-checked against the UIKit stub by `scripts/typecheck-uikit`: a `@MainActor`
// view model and view controller in Swift 6 mode, with no `@preconcurrency` and no `nonisolated(unsafe)`.
import RxLite
import RxLiteUI
import UIKit

struct Book: Sendable, Equatable {
    let title: String
}

@MainActor
final class BookSearchViewModel {
    struct Input {
        let query = ObservableValue<String?>(nil)
        let nextPage = PublishRelay<Void>()
    }

    struct Output {
        let message = ObservableValue("")
        let isSearchEnabled: Driver<Bool>
        let isLoading: Driver<Bool>
        let books: Driver<ListUpdate<Book>>
    }

    let input = Input()
    let output: Output
    private let disposeBag = DisposeBag()

    init() {
        let query = input.query.asDriver().map { ($0 ?? "").trimmingCharacters(in: .whitespaces) }
        let pages = input.nextPage.asSignal()
            .withLatestFrom(query)
            .map { query in ListUpdate.appending([Book(title: query)], to: []) }
        output = Output(
            isSearchEnabled: query.map { !$0.isEmpty }.distinctUntilChanged(),
            isLoading: Driver.just(false),
            books: pages.asObservable().asDriver(onErrorJustReturn: ListUpdate(items: [])))
        input.query.bind(with: self) { viewModel, text in
            viewModel.output.message.value = (text ?? "").isEmpty ? "Type a title" : "Search \"\(text ?? "")\""
        }
        .disposed(by: disposeBag)
    }
}

@MainActor
final class BookSearchViewController {
    let queryField = UITextField(frame: .zero)
    let notesView = UITextView(frame: .zero)
    let messageLabel = UILabel(frame: .zero)
    let searchButton = UIButton(type: .system)
    let spinner = UIActivityIndicatorView(frame: .zero)
    let tableView = UITableView(frame: .zero)
    let searchBar = UISearchBar(frame: .zero)
    let viewModel = BookSearchViewModel()
    let disposeBag = DisposeBag()

    func bind() {
        queryField.rx.text.bind(to: viewModel.input.query).disposed(by: disposeBag)
        notesView.rx.text.orEmpty.changed.asSignal().emit(onNext: { print($0) }).disposed(by: disposeBag)
        viewModel.output.message.bind { [weak self] message in self?.messageLabel.text = message }
            .disposed(by: disposeBag)
        viewModel.output.message.asDriver().map { NSAttributedString(string: $0) }
            .drive(messageLabel.rx.attributedText).disposed(by: disposeBag)
        viewModel.output.isSearchEnabled.drive(searchButton.rx.isEnabled).disposed(by: disposeBag)
        viewModel.output.isSearchEnabled.map { $0 ? 1 : 0.5 }.drive(searchButton.rx.alpha).disposed(by: disposeBag)
        viewModel.output.isLoading.drive(spinner.rx.isAnimating).disposed(by: disposeBag)
        viewModel.output.isLoading.map { !$0 }.drive(spinner.rx.isHidden).disposed(by: disposeBag)
        viewModel.output.message.asDriver().map { Optional($0) }.drive(searchButton.rx.title(for: .normal))
            .disposed(by: disposeBag)
        searchButton.rx.tap.asSignal().throttle(.seconds(1), latest: false).emit(to: viewModel.input.nextPage)
            .disposed(by: disposeBag)
        viewModel.output.books
            .drive(tableView.rx.items(cellIdentifier: "Book", cellType: UITableViewCell.self)) {
                (row: Int, book: Book, cell: UITableViewCell) in
                cell.isHidden = book.title.isEmpty
            }
            .disposed(by: disposeBag)
        Observable.just(["a", "b"])
            .bind(to: tableView.rx.items(cellIdentifier: "Plain", cellType: UITableViewCell.self)) {
                (row: Int, title: String, cell: UITableViewCell) in
                cell.alpha = title.isEmpty ? 0 : 1
            }
            .disposed(by: disposeBag)
        viewModel.input.query.asObservable().compactMap { $0 }.bind(to: notesView.rx.text).disposed(by: disposeBag)
        // RxCocoa's search bar text, and key-path binders (RxSwift 6's dynamic member lookup) for properties that
        // have no binder of their own.
        searchBar.rx.text.orEmpty.map { Optional($0) }.bind(to: viewModel.input.query).disposed(by: disposeBag)
        viewModel.output.message.asDriver().map { Optional("Search: \($0)") }.drive(searchBar.rx.placeholder)
            .disposed(by: disposeBag)
        viewModel.output.isLoading.map { !$0 }.drive(messageLabel.rx.isUserInteractionEnabled)
            .disposed(by: disposeBag)
    }
}

/// Infinite scroll: near-bottom events feed a paginator, whose changes insert rows.
@MainActor
final class PagedBooksViewController {
    let tableView = UITableView(frame: .zero)
    let query = BehaviorRelay<String?>(value: nil)
    let disposeBag = DisposeBag()
    let paginator = Paginator<String, Book>(pageSize: 10) { query, request in
        Single.just(Page(items: [Book(title: "\(query) \(request.page)")], totalCount: 100))
    }

    func bind() {
        let output = paginator.transform(
            .init(
                query: query.asObservable(),
                loadNext: tableView.rx.reachedBottom(offset: 120)
                    .throttle(.seconds(2), latest: false, scheduler: MainScheduler.instance).asObservable()))
        output.changes.asObservable()
            .bind(to: tableView.rx.items(cellIdentifier: "Book", cellType: UITableViewCell.self)) {
                (row: Int, book: Book, cell: UITableViewCell) in
                cell.isHidden = book.title.isEmpty
            }
            .disposed(by: disposeBag)
        output.state.map { $0.isLoading }.drive(onNext: { [weak self] loading in
            self?.tableView.alpha = loading ? 0.5 : 1
        })
        .disposed(by: disposeBag)
        let nearBottom: Bool = tableView.verticalScrollGeometry.isNearBottom(threshold: 44)
        _ = nearBottom
    }
}
