// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces).

import Foundation
import ObjectiveC

// Text input views: the text field and the text view.

@preconcurrency @MainActor
open class UITextField: UIControl {
    open var text: String? {
        get { stub() }
        set { stub() }
    }
}

@preconcurrency @MainActor
open class UITextView: UIScrollView {
    open var text: String! {
        get { stub() }
        set { stub() }
    }
    open var isEditable: Bool {
        get { stub() }
        set { stub() }
    }
    nonisolated public class var textDidChangeNotification: NSNotification.Name { stub() }
}
