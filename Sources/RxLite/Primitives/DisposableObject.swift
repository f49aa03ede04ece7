/// `disposable` as an object-bound existential when its dynamic type is a class, read out of its own existential
/// container; `nil` when it is a value (a struct, an enum), which the caller boxes.
///
/// RxLite keeps disposables as `any Disposable & AnyObject` (a reference and a witness table: a retain to copy, a
/// release to destroy), but takes them as `any Disposable`, RxSwift's type. Converting with a cast searches the
/// protocol conformances (over a thousand instructions per insert of a subscription into a bag, where this is a
/// handful): the container already holds both halves of the answer. Its layout is Swift's stable ABI: an
/// `any Disposable` is three words of inline value buffer, the dynamic type's metadata, then the `Disposable` witness
/// table; a class instance sits in the buffer's first word. The metadata's first word is its kind: 0 for a Swift
/// class, or, where Swift interoperates with Objective-C, the class's `isa`, a pointer, above every enumerated kind
/// (0x7FF). Any other kind (a struct, an enum, an optional, a foreign or Objective-C class wrapper) is left to the
/// caller's box, which is always correct.
@inline(__always)
func disposableObject(_ disposable: any Disposable) -> (any Disposable & AnyObject)? {
    withUnsafePointer(to: disposable) { container in
        let words = UnsafeRawPointer(container).assumingMemoryBound(to: UnsafeRawPointer.self)
        let kind = words[3].load(as: UInt.self)
        guard kind == 0 || kind > 0x7FF else { return nil }
        let object = Unmanaged<AnyObject>.fromOpaque(words[0]).takeUnretainedValue()
        return unsafeBitCast(
            ClassBoundDisposable(object: object, witnesses: words[4]), to: (any Disposable & AnyObject).self)
    }
}

/// The layout of an `any Disposable & AnyObject`: the reference, then the `Disposable` witness table.
private struct ClassBoundDisposable {
    let object: AnyObject
    let witnesses: UnsafeRawPointer
}
