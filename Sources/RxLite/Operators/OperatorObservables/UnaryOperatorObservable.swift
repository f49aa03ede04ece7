/// The observable of an operator with one upstream and one function of the user's (`map`, `filter`, `compactMap`,
/// ...): it keeps both in its own fields, and its handler, which reads them from the observable it is handed,
/// captures nothing. Building such an operator allocates the object alone; a handler capturing the two took a closure
/// context as well, a second allocation per operator.
///
/// Both fields are references (a class and a closure), so destroying one, in a `deinit` that runs unspecialized,
/// needs no generic metadata. `Output` must be a type parameter of the operator too (`map`'s `Result`): a concrete
/// output (`filter`'s `Bool`) would be stored through a reabstraction thunk, an extra call on every event; such an
/// operator uses ``PredicateOperatorObservable``.
final class UnaryOperatorObservable<Source, Element, Input, Output>: Observable<Element> {
    let source: Observable<Source>
    let function: (Input) throws -> Output

    init(
        _ source: Observable<Source>, _ function: @escaping (Input) throws -> Output,
        operatorFile: StaticString = #fileID, handler: @escaping Handler
    ) {
        self.source = source
        self.function = function
        super.init(handler, operatorFile: operatorFile)
    }

    /// `observable`, handed to the handler of an observable made by this class, as what it is. Inlined: called, it
    /// took this class's metadata, looked up per subscription, for a cast that needs none.
    @inline(__always)
    static func of(_ observable: Observable<Element>) -> UnaryOperatorObservable {
        unsafeDowncast(observable, to: UnaryOperatorObservable.self)
    }
}
