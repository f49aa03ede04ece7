#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension Reactive where Base: NSTextStorage {
        /// The text storage's delegate proxy (see ``DelegateProxyType``), installed on first use.
        @preconcurrency @MainActor
        public var delegate: DelegateProxy<NSTextStorage, NSTextStorageDelegate> {
            RxTextStorageDelegateProxy.proxy(for: base)
        }

        /// Each `textStorage(_:didProcessEditing:range:changeInLength:)`, through the storage's delegate proxy: what
        /// changed, where, and by how much the length changed. The app's own delegate still receives every call.
        /// Delivered on the thread that edits the storage (the main thread for a text view's); completes when the
        /// storage goes away.
        @preconcurrency @MainActor
        public var didProcessEditingRangeChangeInLength:
            Observable<(editedMask: NSTextStorage.EditActions, editedRange: NSRange, delta: Int)>
        {
            let proxy = RxTextStorageDelegateProxy.proxy(for: base)
            return proxy.events(proxy.didProcessEditingCalls)
        }
    }
#endif
