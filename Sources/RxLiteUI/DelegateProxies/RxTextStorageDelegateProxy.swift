#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension NSTextStorage: HasDelegate {
        /// A text storage's delegate type.
        public typealias Delegate = NSTextStorageDelegate
    }

    /// The delegate proxy of a text storage (see ``DelegateProxyType``): `rx.didProcessEditingRangeChangeInLength`
    /// comes from here (and so a text view's `rx.text`), and every call reaches the delegate the app set as well.
    @preconcurrency @MainActor
    open class RxTextStorageDelegateProxy: DelegateProxy<NSTextStorage, NSTextStorageDelegate>, DelegateProxyType,
        NSTextStorageDelegate
    {
        /// What `textStorage(_:didProcessEditing:range:changeInLength:)` reports: what changed, where, and by how
        /// many characters the length changed.
        typealias ProcessedEditing = (editedMask: NSTextStorage.EditActions, editedRange: NSRange, delta: Int)

        /// The text storage whose delegate slot the proxy occupies.
        public private(set) weak var textStorage: NSTextStorage?

        let didProcessEditingCalls = PublishSubject<ProcessedEditing>()

        /// A proxy for `textStorage`.
        public init(textStorage: NSTextStorage) {
            self.textStorage = textStorage
            super.init(parentObject: textStorage, delegateProxy: RxTextStorageDelegateProxy.self)
        }

        /// Registers the proxy of text storages.
        public static func registerKnownImplementations() {
            register { RxTextStorageDelegateProxy(textStorage: $0) }
        }

        /// Tells `rx.didProcessEditingRangeChangeInLength`, then the forward delegate.
        ///
        /// Nonisolated, as the delegate protocol is: a text storage may be edited on any thread. A text view's storage
        /// is edited on the main thread, where the event then arrives.
        public nonisolated func textStorage(
            _ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions,
            range editedRange: NSRange, changeInLength delta: Int
        ) {
            didProcessEditingCalls.onNext((editedMask, editedRange, delta))
            let forward = forwardObject as? NSTextStorageDelegate
            (forward?.textStorage(_:didProcessEditing:range:changeInLength:))?(
                textStorage, editedMask, editedRange, delta)
        }
    }
#endif
