// Client code for the search bar and the search controller, type-checked against the UIKit stub by
// `scripts/typecheck-uikit`: a catalog search screen with a scope bar, written as an RxCocoa app writes it (Swift 6
// mode, main-actor view controller, no `@preconcurrency`). The screen keeps a search bar delegate of its own beside
// the Rx events: the delegate proxy hands it every call.
import RxLite
import RxLiteUI
import UIKit

@MainActor
final class CatalogSearchViewModel {
    let query = BehaviorRelay<String>(value: "")
    let scope = BehaviorRelay(value: 0)
    let search = PublishRelay<Void>()
    let cancel = PublishRelay<Void>()
    let isSearching = BehaviorRelay(value: false)
}

/// The app's own search bar delegate: it limits the query's length, a call the proxy forwards untouched.
@MainActor
final class QueryLengthLimiter: NSObject, UISearchBarDelegate {
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        (searchBar.text ?? "").count + text.count - range.length <= 80
    }
}

@MainActor
final class CatalogSearchViewController: NSObject, UISearchControllerDelegate {
    let searchController = UISearchController(searchResultsController: nil)
    let filterBar = UISearchBar(frame: .zero)
    let statusLabel = UILabel(frame: .zero)
    let limiter = QueryLengthLimiter()
    let viewModel = CatalogSearchViewModel()
    let disposeBag = DisposeBag()

    func bind() {
        let searchBar = searchController.searchBar
        searchBar.scopeButtonTitles = ["Title", "Author"]
        // The app's delegates first; Rx observes behind them.
        searchBar.delegate = limiter
        searchController.delegate = self

        searchBar.rx.text.orEmpty
            .debounce(.milliseconds(300), scheduler: MainScheduler.instance)
            .distinctUntilChanged()
            .bind(to: viewModel.query)
            .disposed(by: disposeBag)
        searchBar.rx.value.map { $0 ?? "" }.bind(to: statusLabel.rx.text).disposed(by: disposeBag)
        (searchBar.rx.selectedScopeButtonIndex <-> viewModel.scope).disposed(by: disposeBag)
        searchBar.rx.searchButtonClicked.bind(to: viewModel.search).disposed(by: disposeBag)
        searchBar.rx.cancelButtonClicked.bind(to: viewModel.cancel).disposed(by: disposeBag)
        Observable.merge(
            searchBar.rx.bookmarkButtonClicked.map { "Bookmarks" },
            searchBar.rx.resultsListButtonClicked.map { "Results" }
        )
        .bind(to: statusLabel.rx.text)
        .disposed(by: disposeBag)
        Observable.merge(
            searchBar.rx.textDidBeginEditing.map { true }, searchBar.rx.textDidEndEditing.map { false }
        )
        .bind(to: viewModel.isSearching)
        .disposed(by: disposeBag)
        viewModel.query.map { Optional($0) }.bind(to: searchBar.rx.text).disposed(by: disposeBag)

        // A second bar whose delegate is set through Rx, and the proxy read as RxCocoa types it.
        filterBar.rx.setDelegate(limiter).disposed(by: disposeBag)
        let filterDelegate: DelegateProxy<UISearchBar, UISearchBarDelegate> = filterBar.rx.delegate
        _ = filterDelegate

        // The search controller's presentation, beside its delegate (this view controller).
        Observable.merge(
            searchController.rx.willPresent.map { "Presenting" }, searchController.rx.didPresent.map { "Presented" },
            searchController.rx.willDismiss.map { "Dismissing" }, searchController.rx.didDismiss.map { "" }
        )
        .bind(to: statusLabel.rx.text)
        .disposed(by: disposeBag)
        // Observing `present` hands presentation to the app, as in RxCocoa.
        searchController.rx.present
            .subscribe(onNext: { [weak self] in self?.searchController.isActive = true })
            .disposed(by: disposeBag)
        let controllerDelegate: DelegateProxy<UISearchController, UISearchControllerDelegate> =
            searchController.rx.delegate
        _ = controllerDelegate
    }

    func didDismissSearchController(_ searchController: UISearchController) {
        viewModel.isSearching.accept(false)
    }
}
