// The engine behind the traits' `using`. Internal: the Observable operator of that name belongs to the Observable
// family and can be built on this once it exists.

extension Observable {
    /// Makes a resource with `resourceFactory` on each subscription and emits what `observableFactory` makes from
    /// it; the resource is disposed after that sequence is released, when it ends or on dispose. An error thrown by
    /// either factory is emitted (a resource already made is disposed right after it).
    static func usingResource<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            let resource: Resource
            do { resource = try resourceFactory() } catch { return sink(.error(error)) }
            let source: Observable<Element>
            do { source = try observableFactory(resource) } catch {
                lifetime.insert(resource)
                return sink(.error(error))
            }
            source.runSubscription(sink, lifetime)
            // Inserted after the source's resources, so it is disposed after them; at once if the source already
            // ended.
            lifetime.insert(resource)
        }
    }
}
