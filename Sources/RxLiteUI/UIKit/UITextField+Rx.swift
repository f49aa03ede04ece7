#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension Reactive where Base: UITextField {
        /// The same property as `rx.text`, under RxCocoa's other name for it.
        @preconcurrency @MainActor
        public var value: ControlProperty<String?> { text }

        /// The text: the current text at subscription, then the text after each edit; setting it sets the text
        /// (only when it differs, so the cursor does not jump).
        @preconcurrency @MainActor
        public var text: ControlProperty<String?> {
            controlProperty(
                editingEvents: [.allEditingEvents, .valueChanged],
                getter: { textField in textField.text },
                setter: { textField, text in
                    if textField.text != text { textField.text = text }
                })
        }
    }

    extension Reactive where Base: UITextView {
        /// The same property as `rx.text`, under RxCocoa's other name for it.
        @preconcurrency @MainActor
        public var value: ControlProperty<String?> { text }

        /// The text: the current text at subscription, then the text after each edit (UIKit posts
        /// `textDidChangeNotification`); setting it sets the text when it differs.
        @preconcurrency @MainActor
        public var text: ControlProperty<String?> {
            let values = Observable<String?>.create { [weak textView = base] observer in
                // This closure is main-actor isolated (formed here) and runs on the main queue: the chain is
                // subscribed there (below).
                guard let textView else {
                    observer.onCompleted()
                    return Disposables.create()
                }
                observer.onNext(textView.text)
                let sink = MainThreadObserver(observer: observer)
                let token = NotificationCenter.default.addObserver(
                    forName: UITextView.textDidChangeNotification, object: textView, queue: .main
                ) { [weak textView] _ in
                    MainActor.assumeIsolated { sink.observer.onNext(textView?.text) }
                }
                return Disposables.create { NotificationCenter.default.removeObserver(token) }
            }
            .subscribe(on: MainScheduler.instance)
            let sink = Binder<String?>(base) { textView, text in
                if textView.text != text { textView.text = text }
            }
            return ControlProperty(values: values, valueSink: sink)
        }
    }
#endif
