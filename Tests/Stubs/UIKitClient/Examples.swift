// Client code for RxLiteUI's UIKit glue, type-checked against the UIKit stub by `scripts/typecheck-uikit`: the
// one-liners the guides (Sources/RxLiteUI/RxLiteUI.docc) show must keep compiling.
import RxLite
import RxLiteUI
import UIKit

@MainActor
final class SignUpViewController {
    let submitButton = UIButton(type: .system)
    let saveButton = UIButton(type: .system)
    let disposeBag = DisposeBag()
    var submitted = 0

    func bind() {
        submitButton.rx.tap
            .throttle(.seconds(3), latest: false, scheduler: MainScheduler.instance)
            .subscribe(onNext: { [weak self] in
                MainActor.assumeIsolated { self?.submitted += 1 }
            })
            .disposed(by: disposeBag)

        submitButton.onTap(throttle: .seconds(3)) { [weak self] in self?.submitted += 1 }
            .disposed(by: disposeBag)

        saveButton.onTap(debounce: .milliseconds(500)) { [weak self] in self?.submitted += 1 }
            .disposed(by: disposeBag)

        saveButton.rx.controlEvent([.touchUpInside, .touchUpOutside])
            .debounce(.milliseconds(300), scheduler: MainScheduler.instance)
            .subscribe()
            .disposed(by: disposeBag)

        let throttler = Throttler(dueTime: .seconds(1))
        let action = UIAction { _ in throttler { print("tapped") } }
        saveButton.addAction(action, for: .primaryActionTriggered)
    }
}
