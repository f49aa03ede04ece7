// Client code for RxCocoa's key-value observing (`rx.observe`, `rx.observeWeakly`, `KVORepresentable`), type-checked
// against the stubs by `scripts/typecheck-uikit`: a model object with `@objc dynamic` properties and a `@MainActor`
// view controller in Swift 6 mode.
import RxLite
import RxLiteUI
import UIKit

@objc enum DownloadState: Int {
    case waiting
    case running
    case finished
}

final class Download: NSObject {
    @objc dynamic var title: String?
    @objc dynamic var receivedBytes: Int64 = 0
    @objc dynamic var expectedBytes: UInt64 = 0
    @objc dynamic var state: DownloadState = .waiting
    @objc dynamic var isPaused = false
}

@MainActor
final class DownloadViewController {
    let download = Download()
    let titleLabel = UILabel(frame: .zero)
    let progressLabel = UILabel(frame: .zero)
    let previewView = UIView(frame: .zero)
    let scrollView = UIScrollView(frame: .zero)
    let disposeBag = DisposeBag()

    func bind() {
        download.rx.observe(String.self, "title")
            .observe(on: MainScheduler.instance)
            .bind(to: titleLabel.rx.text)
            .disposed(by: disposeBag)

        // `KVORepresentable`: the integers arrive as `NSNumber`s and are converted.
        Observable.combineLatest(
            download.rx.observe(Int64.self, "receivedBytes"),
            download.rx.observe(UInt64.self, "expectedBytes", options: .new, retainSelf: false)
        ) { received, expected in "\(received ?? 0) of \(expected ?? 0) bytes" }
        .observe(on: MainScheduler.instance)
        .bind(to: progressLabel.rx.text)
        .disposed(by: disposeBag)

        // `RawRepresentable` whose raw value is `KVORepresentable`: an `@objc` enum.
        let states: Observable<DownloadState?> = download.rx.observe(DownloadState.self, "state")
        states.compactMap { $0 }.filter { $0 == .finished }
            .subscribe(onNext: { _ in print("done") })
            .disposed(by: disposeBag)

        let paused: Observable<Bool?> = download.rx.observe(Bool.self, "isPaused", options: [.initial])
        paused.subscribe().disposed(by: disposeBag)

        // Core Graphics values arrive as `NSValue`s.
        previewView.rx.observe(CGRect.self, "frame").compactMap { $0?.size }.subscribe().disposed(by: disposeBag)
        scrollView.rx.observe(CGPoint.self, "contentOffset", retainSelf: false).subscribe().disposed(by: disposeBag)

        // Swift key paths, through the block-based observing; completes when the view is deallocated.
        let frames: Observable<CGRect> = previewView.rx.observe(\.frame)
        frames.map(\.width).distinctUntilChanged().subscribe().disposed(by: disposeBag)
        previewView.rx.observe(\.isHidden, options: [.new]).subscribe().disposed(by: disposeBag)

        // Through weak references: the superview may go away; so may the download.
        previewView.rx.observeWeakly(CGSize.self, "superview.frame.size")
            .subscribe(onNext: { size in print(size ?? .zero) }, onError: { error in Self.report(error) })
            .disposed(by: disposeBag)
        download.rx.observeWeakly(String.self, "title").subscribe().disposed(by: disposeBag)
        download.rx.observeWeakly(Int64.self, "receivedBytes", options: .new).subscribe().disposed(by: disposeBag)
        download.rx.observeWeakly(DownloadState.self, "state", options: [.initial, .new]).subscribe()
            .disposed(by: disposeBag)
    }

    static func report(_ error: any Error) {
        switch error {
        case RxCocoaError.invalidPropertyName(let object, let propertyName):
            print("\(object) has no \(propertyName)")
        case RxCocoaError.invalidObjectOnKeyPath(let object, let sourceObject, let propertyName):
            print("\(object) at \(propertyName) of \(sourceObject)")
        case let error as RxCocoaObjCRuntimeError:
            if case .objectMessagesAlreadyBeingIntercepted(_, let mechanism) = error, mechanism == .kvo {
                print("observed first")
            }
            print(error.debugDescription)
        default:
            print(error)
        }
    }

    /// `KVORepresentable` as a generic constraint, as a library converting observed values writes it.
    static func converted<Value: KVORepresentable>(_ value: Value.KVOType, to type: Value.Type) -> Value? {
        Value(KVOValue: value)
    }

    static func conversions() -> [Any?] {
        let number = NSNumber(value: 42)
        let options: KeyValueObservingOptions = [.initial, .new]
        let mechanism: RxCocoaInterceptionMechanism = .unknown
        return [
            converted(number, to: Int.self), converted(number, to: Int32.self), converted(number, to: UInt.self),
            converted(number, to: UInt32.self), converted(number, to: Bool.self), Int64(KVOValue: number),
            UInt64(KVOValue: number), CGPoint(KVOValue: NSValue()), CGSize(KVOValue: NSValue()),
            CGRect(KVOValue: NSValue()), options.rawValue, KeyValueObservingOptions(rawValue: 2), mechanism,
        ]
    }
}
