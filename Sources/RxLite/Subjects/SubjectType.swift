/// A subject: an observer and a sequence at once. RxLite's subjects conform.
public protocol SubjectType<Element>: ObservableType {
    /// The observer side of the subject.
    associatedtype Observer: ObserverType

    /// The subject as an observer.
    func asObserver() -> Observer
}

extension PublishSubject: SubjectType {}
extension BehaviorSubject: SubjectType {}
extension ReplaySubject: SubjectType {}
extension AsyncSubject: SubjectType {}
