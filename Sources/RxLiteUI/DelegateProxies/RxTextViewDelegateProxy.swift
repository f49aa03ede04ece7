#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    /// The delegate proxy of a text view: a scroll view's proxy (a text view's delegate slot is its scroll view's)
    /// that also turns the editing calls into sequences (`rx.didBeginEditing` and the rest), handing each call on to
    /// the app's delegate.
    @preconcurrency @MainActor
    open class RxTextViewDelegateProxy: RxScrollViewDelegateProxy, UITextViewDelegate {
        /// The text view whose delegate slot the proxy occupies.
        public private(set) weak var textView: UITextView?

        let didBeginEditingCalls = PublishSubject<Void>()
        let didEndEditingCalls = PublishSubject<Void>()
        let didChangeCalls = PublishSubject<Void>()
        let didChangeSelectionCalls = PublishSubject<Void>()

        /// A proxy for `textView`.
        public init(textView: UITextView) {
            self.textView = textView
            super.init(scrollView: textView)
        }

        /// The forward delegate as a text view's delegate.
        private var textViewDelegate: UITextViewDelegate? { forwardToDelegate() as? UITextViewDelegate }

        /// The forward delegate's answer, or `true` (UIKit's answer when the delegate does not implement the method).
        /// RxCocoa's proxy implements this method too, so that a subclass may override it.
        open func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String)
            -> Bool
        {
            (textViewDelegate?.textView(_:shouldChangeTextIn:replacementText:))?(textView, range, text) ?? true
        }

        /// Tells `rx.didBeginEditing`, then the forward delegate.
        public func textViewDidBeginEditing(_ textView: UITextView) {
            didBeginEditingCalls.onNext(())
            (textViewDelegate?.textViewDidBeginEditing)?(textView)
        }

        /// Tells `rx.didEndEditing`, then the forward delegate.
        public func textViewDidEndEditing(_ textView: UITextView) {
            didEndEditingCalls.onNext(())
            (textViewDelegate?.textViewDidEndEditing)?(textView)
        }

        /// Tells `rx.didChange`, then the forward delegate.
        public func textViewDidChange(_ textView: UITextView) {
            didChangeCalls.onNext(())
            (textViewDelegate?.textViewDidChange)?(textView)
        }

        /// Tells `rx.didChangeSelection`, then the forward delegate.
        public func textViewDidChangeSelection(_ textView: UITextView) {
            didChangeSelectionCalls.onNext(())
            (textViewDelegate?.textViewDidChangeSelection)?(textView)
        }
    }
#endif
