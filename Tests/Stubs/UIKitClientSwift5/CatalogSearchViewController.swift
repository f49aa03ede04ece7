// A search screen as a Swift 5 RxCocoa app writes it (search bar events, a scope bar, a search controller), type-checked
// by `scripts/typecheck-uikit` in Swift 5 mode with only RxSwift's module names.
import RxCocoa
import RxSwift
import UIKit

final class CatalogSearchViewController: UIViewController, UISearchBarDelegate {
    private let searchController = UISearchController(searchResultsController: nil)
    private let resultsLabel = UILabel()
    private let query = BehaviorRelay(value: "")
    private let scope = BehaviorRelay(value: 0)
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        let searchBar = searchController.searchBar
        searchBar.scopeButtonTitles = ["Title", "Author"]
        _ = searchBar.rx.setDelegate(self)

        searchBar.rx.text.orEmpty
            .throttle(.milliseconds(300), scheduler: MainScheduler.instance)
            .distinctUntilChanged()
            .bind(to: query)
            .disposed(by: disposeBag)
        (searchBar.rx.selectedScopeButtonIndex <-> scope).disposed(by: disposeBag)
        searchBar.rx.value.map { "Looking for \($0 ?? "")" }.bind(to: resultsLabel.rx.text).disposed(by: disposeBag)

        searchBar.rx.searchButtonClicked
            .subscribe(onNext: { [weak searchBar] in _ = searchBar?.resignFirstResponder() })
            .disposed(by: disposeBag)
        searchBar.rx.cancelButtonClicked
            .subscribe(onNext: { [weak self] in self?.query.accept("") })
            .disposed(by: disposeBag)
        Observable.merge(
            searchBar.rx.bookmarkButtonClicked.asObservable(), searchBar.rx.resultsListButtonClicked.asObservable()
        )
        .subscribe(onNext: { print("lists") })
        .disposed(by: disposeBag)
        searchBar.rx.textDidBeginEditing.map { "Editing" }.bind(to: resultsLabel.rx.text).disposed(by: disposeBag)
        searchBar.rx.textDidEndEditing.map { "" }.bind(to: resultsLabel.rx.text).disposed(by: disposeBag)
        _ = searchBar.rx.delegate

        searchController.rx.willPresent.subscribe(onNext: { print("will present") }).disposed(by: disposeBag)
        searchController.rx.didPresent.subscribe(onNext: { print("did present") }).disposed(by: disposeBag)
        searchController.rx.willDismiss.subscribe(onNext: { print("will dismiss") }).disposed(by: disposeBag)
        searchController.rx.didDismiss.subscribe(onNext: { print("did dismiss") }).disposed(by: disposeBag)
        searchController.rx.present
            .subscribe(onNext: { [weak self] in self?.searchController.isActive = true })
            .disposed(by: disposeBag)
        _ = searchController.rx.delegate
    }

    // The app's own delegate method: the proxy hands it on.
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
}
