import Foundation
import RxLite
import RxLiteTest
import Testing

@testable import RxLiteUI

/// A data source that shows `names` in section 0, as `rx.items`' data sources do.
@MainActor
final class NamesDataSource: SectionedViewDataSourceType {
    var names: [String]?

    init(_ names: [String]?) { self.names = names }

    func model(at indexPath: IndexPath) throws -> Any {
        guard let names, indexPath[0] == 0, names.indices.contains(indexPath[1]) else {
            throw RxCocoaError.itemsNotYetBound(object: self)
        }
        return names[indexPath[1]]
    }
}

@MainActor
@Suite(.checksResources) struct SectionedModelLookupTests {
    private let view = NSObject()

    @Test func theModelComesFromTheSectionedDataSource() throws {
        let name: String = try sectionedModel(
            at: IndexPath(indexes: [0, 1]), of: NamesDataSource(["a", "b"]), in: view)
        #expect(name == "b")
    }

    @Test func noSectionedDataSourceThrowsItemsNotYetBoundNamingTheView() {
        for dataSource in [nil, NSObject() as Any] {
            do {
                let _: String = try sectionedModel(at: IndexPath(indexes: [0, 0]), of: dataSource, in: view)
                Issue.record("expected itemsNotYetBound")
            } catch RxCocoaError.itemsNotYetBound(let object) {
                #expect(object as AnyObject === view)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func aModelOfAnotherTypeThrowsCastingError() {
        do {
            let _: Int = try sectionedModel(at: IndexPath(indexes: [0, 0]), of: NamesDataSource(["a"]), in: view)
            Issue.record("expected castingError")
        } catch RxCocoaError.castingError(let object, let targetType) {
            #expect(object as? String == "a")
            #expect(ObjectIdentifier(targetType) == ObjectIdentifier(Int.self))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func selectedRowsBecomeModelsAndAnUnboundRowFailsTheSequence() {
        let rows = PublishSubject<IndexPath>()
        let dataSource = NamesDataSource(["a", "b"])
        var names: [String] = []
        var failure: (any Error)?
        let subscription = models(at: rows.asObservable()) { indexPath -> String? in
            try sectionedModel(at: indexPath, of: dataSource, in: view)
        }
        .subscribe(onNext: { names.append($0) }, onError: { failure = $0 })
        rows.onNext(IndexPath(indexes: [0, 1]))
        rows.onNext(IndexPath(indexes: [0, 0]))
        rows.onNext(IndexPath(indexes: [0, 5]))
        #expect(names == ["b", "a"])
        #expect(failure is RxCocoaError)
        subscription.dispose()
    }

    @Test func aViewThatIsGoneEmitsNothing() {
        let rows = PublishSubject<IndexPath>()
        var names: [String] = []
        var completed = false
        let subscription = models(at: rows.asObservable()) { _ -> String? in nil }
            .subscribe(onNext: { names.append($0) }, onCompleted: { completed = true })
        rows.onNext(IndexPath(indexes: [0, 0]))
        rows.onCompleted()
        #expect(names.isEmpty)
        #expect(completed)
        subscription.dispose()
    }
}
