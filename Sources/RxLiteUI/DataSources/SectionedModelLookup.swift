import Foundation
import RxLite

// What `model(at:)` and `modelSelected(_:)` of tables, collections and pickers share. No UIKit: tested on Linux.

/// The model that `dataSource` (a view's data source, or the data source bound to its proxy) shows at `indexPath`,
/// as a `T`. Throws ``RxCocoaError/itemsNotYetBound(object:)`` (naming `view`) when `dataSource` is not a
/// ``SectionedViewDataSourceType`` (nothing bound), what the data source throws for a row it does not show, and
/// ``RxCocoaError/castingError(object:targetType:)`` for a model of another type.
@MainActor
func sectionedModel<T>(at indexPath: IndexPath, of dataSource: Any?, in view: AnyObject) throws -> T {
    guard let sectioned = dataSource as? SectionedViewDataSourceType else {
        throw RxCocoaError.itemsNotYetBound(object: view)
    }
    let model = try sectioned.model(at: indexPath)
    guard let typed = model as? T else { throw RxCocoaError.castingError(object: model, targetType: T.self) }
    return typed
}

/// The models at the places `indexPaths` emits (index paths, or a picker's rows), read by `lookup` on the main
/// actor, where the proxy's calls arrive: `nil` (the view is gone) emits nothing, and an error `lookup` throws ends
/// the sequence with it, as in RxCocoa's `modelSelected`.
@MainActor
func models<Place, T>(at indexPaths: Observable<Place>, _ lookup: @escaping @MainActor (Place) throws -> T?)
    -> Observable<T>
{
    indexPaths.flatMap { indexPath in
        // Written from inside: `assumeIsolated` returns only `Sendable` values, and a model need not be one.
        var model: Observable<T> = .empty()
        try MainActor.assumeIsolated {
            if let found = try lookup(indexPath) { model = .just(found) }
        }
        return model
    }
}
