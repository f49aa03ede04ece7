extension ObservableType {
    /// Maps each element to a sequence, but drops elements that arrive while the previous inner sequence is still
    /// running. Completes when this sequence and the running inner one have completed.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        flatMapSwitch(selector, whileOneRuns: .ignoreTheNew)
    }
}
