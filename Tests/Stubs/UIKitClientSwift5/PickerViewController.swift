// A picker screen as a Swift 5 RxCocoa app writes it, type-checked by `scripts/typecheck-uikit` with only RxSwift's
// module names.
import RxCocoa
import RxSwift
import UIKit

final class GenrePickerViewController: UIViewController {
    private let pickerView = UIPickerView()
    private let genreLabel = UILabel()
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        Observable.just(["Fiction", "History", "Poetry"])
            .bind(to: pickerView.rx.itemTitles) { _, genre in
                return genre
            }
            .disposed(by: disposeBag)
        pickerView.rx.modelSelected(String.self)
            .map { $0.first }
            .bind(to: genreLabel.rx.text)
            .disposed(by: disposeBag)
        pickerView.rx.itemSelected.subscribe(onNext: { row, component in print(row, component) })
            .disposed(by: disposeBag)
    }
}
