/// A subject: an observer and a sequence at once. RxLite's subjects conform.
public protocol SubjectType<Element>: ObservableType {
    /// The observer side of the subject.
    associatedtype Observer: ObserverType

    /// The subject as an observer.
    func asObserver() -> Observer
}

extension PublishSubject: SubjectType {
    /// The subject's observer side: the subject itself, as in RxSwift.
    public typealias SubjectObserverType = PublishSubject<Element>

    /// The subject as an observer: the subject itself (RxSwift's return type; `AnyObserver` where one is expected).
    public func asObserver() -> PublishSubject<Element> { self }
}
extension BehaviorSubject: SubjectType {
    /// The subject's observer side: the subject itself, as in RxSwift.
    public typealias SubjectObserverType = BehaviorSubject<Element>

    /// The subject as an observer: the subject itself (RxSwift's return type; `AnyObserver` where one is expected).
    public func asObserver() -> BehaviorSubject<Element> { self }
}
extension ReplaySubject: SubjectType {
    /// The subject's observer side: the subject itself, as in RxSwift.
    public typealias SubjectObserverType = ReplaySubject<Element>

    /// The subject as an observer: the subject itself (RxSwift's return type; `AnyObserver` where one is expected).
    public func asObserver() -> ReplaySubject<Element> { self }
}
extension AsyncSubject: SubjectType {
    /// The subject's observer side: the subject itself, as in RxSwift.
    public typealias SubjectObserverType = AsyncSubject<Element>

    /// The subject as an observer: the subject itself (RxSwift's return type; `AnyObserver` where one is expected).
    public func asObserver() -> AsyncSubject<Element> { self }
}
