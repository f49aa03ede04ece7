// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces).

import Foundation
import ObjectiveC

// Text input views: the text field and the text view, the text input protocols they adopt, and the text view's
// delegate.

@preconcurrency @MainActor
open class UITextPosition: NSObject {}

@preconcurrency @MainActor
open class UITextRange: NSObject {
    open var isEmpty: Bool { stub() }
    open var start: UITextPosition { stub() }
    open var end: UITextPosition { stub() }
}

// In UIKit every requirement of UITextInputTraits is `@objc optional`; none is declared here.
@preconcurrency @MainActor
public protocol UITextInputTraits: NSObjectProtocol {}

@preconcurrency @MainActor
public protocol UIKeyInput: UITextInputTraits {
    var hasText: Bool { get }
    func insertText(_ text: String)
    func deleteBackward()
}

// UIKit's UITextInput has more requirements (marking, geometry, writing direction, the tokenizer, ...); declared here
// are those that client code (RxExample's `<->` operator) reads, so a class of the stub conforms with little code. A
// conformance written against this stub alone would not compile on iOS.
@preconcurrency @MainActor
public protocol UITextInput: UIKeyInput {
    func text(in range: UITextRange) -> String?
    func replace(_ range: UITextRange, withText text: String)
    var selectedTextRange: UITextRange? { get set }
    var markedTextRange: UITextRange? { get }
    var beginningOfDocument: UITextPosition { get }
    var endOfDocument: UITextPosition { get }
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
}

@preconcurrency @MainActor
open class UITextField: UIControl, UITextInput {
    open var text: String? {
        get { stub() }
        set { stub() }
    }
    open var attributedText: NSAttributedString? {
        get { stub() }
        set { stub() }
    }
    open var placeholder: String? {
        get { stub() }
        set { stub() }
    }

    open var hasText: Bool { stub() }
    open func insertText(_ text: String) { stub() }
    open func deleteBackward() { stub() }
    open func text(in range: UITextRange) -> String? { stub() }
    open func replace(_ range: UITextRange, withText text: String) { stub() }
    open var selectedTextRange: UITextRange? {
        get { stub() }
        set { stub() }
    }
    open var markedTextRange: UITextRange? { stub() }
    open var beginningOfDocument: UITextPosition { stub() }
    open var endOfDocument: UITextPosition { stub() }
    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? { stub() }
}

// UIKit's UITextViewDelegate: its requirements are `@objc optional` (see the delegate protocols in UIScrollView.swift);
// declared here are those RxCocoa's text view reads. On iOS `UITextView` redeclares `delegate` as
// `(any UITextViewDelegate)?`; Swift cannot say that in a subclass, so here a text view's delegate is the
// `UIScrollViewDelegate` this protocol refines.
@preconcurrency @MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String)
        -> Bool
    { true }
    public func textViewDidChange(_ textView: UITextView) {}
    public func textViewDidChangeSelection(_ textView: UITextView) {}
}

@preconcurrency @MainActor
open class UITextView: UIScrollView, UITextInput {
    open var text: String! {
        get { stub() }
        set { stub() }
    }
    open var attributedText: NSAttributedString! {
        get { stub() }
        set { stub() }
    }
    open var isEditable: Bool {
        get { stub() }
        set { stub() }
    }
    open var textStorage: NSTextStorage { stub() }
    nonisolated public class var textDidChangeNotification: NSNotification.Name { stub() }

    open var hasText: Bool { stub() }
    open func insertText(_ text: String) { stub() }
    open func deleteBackward() { stub() }
    open func text(in range: UITextRange) -> String? { stub() }
    open func replace(_ range: UITextRange, withText text: String) { stub() }
    open var selectedTextRange: UITextRange? {
        get { stub() }
        set { stub() }
    }
    open var markedTextRange: UITextRange? { stub() }
    open var beginningOfDocument: UITextPosition { stub() }
    open var endOfDocument: UITextPosition { stub() }
    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? { stub() }
}
