#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension Reactive where Base: UITextField {
        /// The same property as `rx.text`, under RxCocoa's other name for it.
        @preconcurrency @MainActor
        public var value: ControlProperty<String?> { text }

        /// The text: the current text at subscription, then the text after each edit (every editing event and
        /// `.valueChanged`); binding to it sets the text, only when it differs (setting it clears the marked text an
        /// input method is composing). Completes when the field is deallocated.
        @preconcurrency @MainActor
        public var text: ControlProperty<String?> {
            controlPropertyWithDefaultEvents(
                getter: { textField in textField.text },
                setter: { textField, text in
                    if textField.text != text { textField.text = text }
                })
        }

        /// The attributed text, as `rx.text` reads and sets the plain text.
        @preconcurrency @MainActor
        public var attributedText: ControlProperty<NSAttributedString?> {
            controlPropertyWithDefaultEvents(
                getter: { textField in textField.attributedText },
                setter: { textField, attributedText in
                    if textField.attributedText != attributedText { textField.attributedText = attributedText }
                })
        }
    }
#endif
