/// Something that receives the events of a sequence.
///
/// The sequence that feeds an observer never calls `on(_:)` from two threads at once and never calls it again
/// after a terminal event.
public protocol ObserverType<Element> {
    /// The type of the elements received.
    associatedtype Element

    /// Receives one event.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends `.next(element)`.
    public func onNext(_ element: Element) { on(.next(element)) }

    /// Sends `.completed`.
    public func onCompleted() { on(.completed) }

    /// Sends `.error(error)`.
    public func onError(_ error: any Error) { on(.error(error)) }

    /// This observer, type-erased.
    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }
}

extension ObserverType {
    /// An observer of `Result`s that sends each, transformed by `transform`, to this observer; an error `transform`
    /// throws is sent as `.error`, as RxSwift's `mapObserver` does.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver { event in
            switch event {
            case .next(let element):
                do {
                    self.on(.next(try transform(element)))
                } catch {
                    self.on(.error(error))
                }
            case .error(let error): self.on(.error(error))
            case .completed: self.on(.completed)
            }
        }
    }
}
