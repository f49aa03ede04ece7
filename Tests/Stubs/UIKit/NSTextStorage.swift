// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces).

import Foundation
import ObjectiveC

// The text storage behind a text view (UIKit re-exports it from UIFoundation). Neither the class nor its delegate
// protocol is main-actor isolated in the SDK: a text storage may be edited on any thread. The delegate's requirements
// are `@objc optional`, declared as for the other delegate protocols (see UIScrollView.swift).

public protocol NSTextStorageDelegate: NSObjectProtocol {
    func textStorage(
        _ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions,
        range editedRange: NSRange, changeInLength delta: Int)
    func textStorage(
        _ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions,
        range editedRange: NSRange, changeInLength delta: Int)
}

extension NSTextStorageDelegate {
    public func textStorage(
        _ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions,
        range editedRange: NSRange, changeInLength delta: Int
    ) {}
    public func textStorage(
        _ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions,
        range editedRange: NSRange, changeInLength delta: Int
    ) {}
}

open class NSTextStorage: NSMutableAttributedString {
    public struct EditActions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var editedAttributes: NSTextStorage.EditActions { EditActions(rawValue: 1) }
        public static var editedCharacters: NSTextStorage.EditActions { EditActions(rawValue: 2) }
    }

    open var editedMask: NSTextStorage.EditActions { stub() }
    open var editedRange: NSRange { stub() }
    open var changeInLength: Int { stub() }
    weak open var delegate: (any NSTextStorageDelegate)? {
        get { stub() }
        set { stub() }
    }
    open func processEditing() { stub() }
}
