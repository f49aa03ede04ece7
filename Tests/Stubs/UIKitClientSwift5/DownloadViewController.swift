// Key-value observing as a Swift 5 RxCocoa app writes it, type-checked by `scripts/typecheck-uikit` in Swift 5 mode
// with only RxSwift's module names: `rx.observe` with a type and a key path string, a Swift key path, and
// `rx.observeWeakly` through a weak property.
import RxCocoa
import RxSwift
import UIKit

@objc enum TransferState: Int {
    case queued
    case sending
    case sent
}

final class Transfer: NSObject {
    @objc dynamic var name: String?
    @objc dynamic var sentBytes = 0
    @objc dynamic var attempt: Int32 = 0
    @objc dynamic var state: TransferState = .queued
    @objc dynamic var isCancelled = false
}

final class TransferViewController: UIViewController {
    private let transfer = Transfer()
    private let nameLabel = UILabel()
    private let bytesLabel = UILabel()
    private let stateLabel = UILabel()
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()

        transfer.rx.observe(String.self, "name")
            .observe(on: MainScheduler.instance)
            .bind(to: nameLabel.rx.text)
            .disposed(by: disposeBag)

        transfer.rx.observe(Int.self, "sentBytes")
            .map { "\($0 ?? 0) bytes sent" }
            .asDriver(onErrorJustReturn: "")
            .drive(bytesLabel.rx.text)
            .disposed(by: disposeBag)

        transfer.rx.observe(TransferState.self, "state", options: [.initial, .new], retainSelf: false)
            .map { state -> String in
                switch state {
                case .queued?: return "Queued"
                case .sending?: return "Sending"
                case .sent?: return "Sent"
                case nil: return ""
                }
            }
            .bind(to: stateLabel.rx.text)
            .disposed(by: disposeBag)

        transfer.rx.observe(Int32.self, "attempt").subscribe(onNext: { print($0 ?? 0) }).disposed(by: disposeBag)

        transfer.rx.observe(\.isCancelled)
            .filter { $0 }
            .subscribe(onNext: { [weak self] _ in self?.dismissTransfer() })
            .disposed(by: disposeBag)

        view.rx.observe(\.frame, options: [.new]).subscribe(onNext: { print($0) }).disposed(by: disposeBag)
        view.rx.observe(CGRect.self, "bounds").subscribe(onNext: { print($0 ?? .zero) }).disposed(by: disposeBag)

        view.rx.observeWeakly(CGRect.self, "superview.bounds")
            .subscribe(onNext: { print($0 ?? .zero) })
            .disposed(by: disposeBag)
        view.rx.observeWeakly(Bool.self, "hidden", options: .new).subscribe().disposed(by: disposeBag)
        transfer.rx.observeWeakly(TransferState.self, "state").subscribe().disposed(by: disposeBag)
        transfer.rx.observeWeakly(String.self, "name")
            .subscribe(onError: { error in
                if case RxCocoaError.invalidPropertyName(_, let propertyName) = error {
                    print("no property \(propertyName)")
                }
            })
            .disposed(by: disposeBag)
    }

    private func dismissTransfer() {}

    /// A library's conversion helper, generic over `KVORepresentable`, and RxCocoa's runtime errors matched by case.
    static func convert<T: KVORepresentable>(_ value: T.KVOType, to _: T.Type) -> T? {
        T(KVOValue: value)
    }

    static func describe(_ error: Error) -> String {
        guard let runtimeError = error as? RxCocoaObjCRuntimeError else { return "\(error)" }
        switch runtimeError {
        case .objectMessagesAlreadyBeingIntercepted(_, let mechanism)
        where mechanism == RxCocoaInterceptionMechanism.kvo:
            return "observe after intercepting"
        default:
            return runtimeError.debugDescription
        }
    }

    static let observingOptions = KeyValueObservingOptions(rawValue: KeyValueObservingOptions.new.rawValue)
    static let origin = convert(NSValue(), to: CGPoint.self)
}
