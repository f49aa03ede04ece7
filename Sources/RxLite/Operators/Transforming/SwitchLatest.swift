extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of the latest inner sequence only.
    ///
    /// [switch](https://reactivex.io/documentation/operators/switch.html)
    public func switchLatest() -> Observable<Element.Element> {
        flatMapLatest { $0 }
    }
}
