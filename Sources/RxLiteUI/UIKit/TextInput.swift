#if canImport(UIKit)
    import RxLite
    import UIKit

    /// A text input view (a `UITextField`, a `UITextView`) with its text as a ``ControlProperty``, as RxCocoa's
    /// `textField.rx.textInput` gives it: generic code reads `text` and still reaches the view (`base`), to look at
    /// the marked text an input method is composing before writing the text back.
    public struct TextInput<Base: UITextInput> {
        /// The text input view.
        public let base: Base

        /// The view's text: its current value at subscription, then after each edit; binding to it sets the text.
        public let text: ControlProperty<String?>

        /// A text input of `base`, whose text is `text`.
        public init(base: Base, text: ControlProperty<String?>) {
            self.base = base
            self.text = text
        }
    }

    extension Reactive where Base: UITextField {
        /// The text field as a ``TextInput``, whose `text` is `rx.text`.
        @preconcurrency @MainActor
        public var textInput: TextInput<Base> {
            TextInput(base: base, text: text)
        }
    }

    extension Reactive where Base: UITextView {
        /// The text view as a ``TextInput``, whose `text` is `rx.text`.
        @preconcurrency @MainActor
        public var textInput: TextInput<Base> {
            TextInput(base: base, text: text)
        }
    }
#endif
