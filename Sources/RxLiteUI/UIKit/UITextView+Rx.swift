#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension Reactive where Base: UITextView {
        /// The same property as `rx.text`, under RxCocoa's other name for it.
        @preconcurrency @MainActor
        public var value: ControlProperty<String?> { text }

        /// The text: the current text at subscription, then the text after each edit of the view's text storage;
        /// binding to it sets the text, only when it differs (setting it clears the marked text an input method is
        /// composing). Completes when the text view is deallocated.
        ///
        /// As in RxCocoa, the edits come from the text storage's delegate proxy
        /// (`textStorage.rx.didProcessEditingRangeChangeInLength`), which sees every change, autocorrection
        /// included, and also those the app makes: a value set through this property comes back once. Each is read
        /// on the main queue's next turn, once the storage has finished processing the edit.
        @preconcurrency @MainActor
        public var text: ControlProperty<String?> {
            textStorageProperty(
                getter: { textView in textView.text },
                setter: { textView, text in
                    if textView.text != text { textView.text = text }
                })
        }

        /// The attributed text, as `rx.text` reads and sets the plain text.
        @preconcurrency @MainActor
        public var attributedText: ControlProperty<NSAttributedString?> {
            textStorageProperty(
                getter: { textView in textView.attributedText },
                setter: { textView, attributedText in
                    if textView.attributedText != attributedText { textView.attributedText = attributedText }
                })
        }

        /// Each `textViewDidBeginEditing(_:)`, through the text view's delegate proxy (a scroll view's, so
        /// `rx.delegate` and `rx.setDelegate(_:)` are the scroll view's): the app's own delegate still receives every
        /// call. Completes when the text view goes away.
        @preconcurrency @MainActor
        public var didBeginEditing: ControlEvent<Void> { proxyEvent(\.didBeginEditingCalls) }

        /// Each `textViewDidEndEditing(_:)`, through the text view's delegate proxy.
        @preconcurrency @MainActor
        public var didEndEditing: ControlEvent<Void> { proxyEvent(\.didEndEditingCalls) }

        /// Each `textViewDidChange(_:)` (an edit by the user), through the text view's delegate proxy.
        @preconcurrency @MainActor
        public var didChange: ControlEvent<Void> { proxyEvent(\.didChangeCalls) }

        /// Each `textViewDidChangeSelection(_:)`, through the text view's delegate proxy.
        @preconcurrency @MainActor
        public var didChangeSelection: ControlEvent<Void> { proxyEvent(\.didChangeSelectionCalls) }

        @preconcurrency @MainActor
        private func proxyEvent(_ calls: KeyPath<RxTextViewDelegateProxy, PublishSubject<Void>>) -> ControlEvent<Void> {
            let proxy = RxTextViewDelegateProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy[keyPath: calls]))
        }

        /// `getter`'s value at subscription, then after each edit of the text storage; completes when the text view
        /// is deallocated.
        @preconcurrency @MainActor
        private func textStorageProperty<Value>(
            getter: @escaping @MainActor (Base) -> Value, setter: @escaping @MainActor (Base, Value) -> Void
        ) -> ControlProperty<Value> {
            let values = ControlSource.values(of: base, deallocated: deallocated, getter: getter) { textView, handler in
                let edits = SingleAssignmentDisposable()
                // The storage reports an edit before it has finished processing it; a binding that set the text
                // again at that moment would raise an exception, so the value is read on the next turn.
                edits.setDisposable(
                    textView.textStorage.rx.didProcessEditingRangeChangeInLength
                        .observe(on: MainScheduler.asyncInstance)
                        .subscribe(onNext: { _ in MainActor.assumeIsolated { handler(()) } }))
                return { edits.dispose() }
            }
            return ControlProperty(
                values: values, valueSink: Binder(base) { textView, value in setter(textView, value) })
        }
    }
#endif
