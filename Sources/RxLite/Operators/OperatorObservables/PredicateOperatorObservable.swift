/// ``UnaryOperatorObservable`` for an operator whose function is a predicate on its elements (`filter`,
/// `skip(while:)`, ...), stored as the `(Element) throws -> Bool` the operator takes, with no reabstraction.
final class PredicateOperatorObservable<Element>: Observable<Element> {
    let source: Observable<Element>
    let predicate: (Element) throws -> Bool

    init(
        _ source: Observable<Element>, _ predicate: @escaping (Element) throws -> Bool,
        operatorFile: StaticString = #fileID, handler: @escaping Handler
    ) {
        self.source = source
        self.predicate = predicate
        super.init(handler, operatorFile: operatorFile)
    }

    /// `observable`, handed to the handler of an observable made by this class, as what it is. Inlined: called, it
    /// took this class's metadata, looked up per subscription, for a cast that needs none.
    @inline(__always)
    static func of(_ observable: Observable<Element>) -> PredicateOperatorObservable {
        unsafeDowncast(observable, to: PredicateOperatorObservable.self)
    }
}
