#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension Reactive where Base: UIControl {
        /// A two-way property of the control: the current value at subscription, then the value after each of
        /// `editingEvents`; setting it calls `setter`. Reads and writes happen on the main queue; the control is held
        /// weakly, and the values complete when it is gone at subscription.
        @preconcurrency @MainActor
        public func controlProperty<Value: Sendable>(
            editingEvents: UIControl.Event,
            getter: @escaping @MainActor (Base) -> Value,
            setter: @escaping @MainActor (Base, Value) -> Void
        ) -> ControlProperty<Value> {
            let values = controlEvent(editingEvents).asObservable()
                .startWith(())
                // Runs on the main queue: the whole chain is subscribed there (below), and so are control events.
                .compactMap { [weak control = base] _ -> Value? in
                    MainActor.assumeIsolated { control.map(getter) }
                }
                .subscribe(on: MainScheduler.instance)
            return ControlProperty(values: values, valueSink: Binder(base) { control, value in setter(control, value) })
        }

        /// ``controlProperty(editingEvents:getter:setter:)`` with the events RxCocoa's controls report changes by:
        /// every editing event and `.valueChanged`.
        @preconcurrency @MainActor
        func controlPropertyWithDefaultEvents<Value: Sendable>(
            getter: @escaping @MainActor (Base) -> Value,
            setter: @escaping @MainActor (Base, Value) -> Void
        ) -> ControlProperty<Value> {
            controlProperty(editingEvents: [.allEditingEvents, .valueChanged], getter: getter, setter: setter)
        }
    }

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
