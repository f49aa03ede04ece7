/// A type that can be turned into an ``Observable``.
public protocol ObservableConvertibleType<Element> {
    /// The type of the elements.
    associatedtype Element

    /// The sequence as an ``Observable``.
    func asObservable() -> Observable<Element>
}
