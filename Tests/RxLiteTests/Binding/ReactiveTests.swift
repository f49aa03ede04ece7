import Foundation
import RxLite
import RxLiteTest
import Testing

/// A main-actor object with plain settable properties, as a UIKit view has.
@MainActor private final class FakeView: ReactiveCompatible {
    var title: String? = nil
    var isHidden = false
}

/// A main-actor object that declares its own `.rx.title`, which must win over the key-path binder.
@MainActor private final class TitledView: ReactiveCompatible {
    var title = ""
    var explicitBinderUses = 0
}

extension Reactive where Base == TitledView {
    @MainActor fileprivate var title: Binder<String> {
        Binder(base) { view, title in
            view.explicitBinderUses += 1
            view.title = title
        }
    }
}

@Suite(.checksResources) struct ReactiveTests {
    @MainActor
    @Test func aWritableKeyPathIsABinder() {
        let view = FakeView()
        let titles = PublishSubject<String?>()
        let visibility = PublishSubject<Bool>()
        let subscriptions = CompositeDisposable(
            titles.bind(to: view.rx.title), visibility.bind(to: view.rx.isHidden))
        titles.onNext("first")
        visibility.onNext(true)
        #expect(view.title == "first")
        #expect(view.isHidden)
        titles.onNext(nil)
        #expect(view.title == nil)
        subscriptions.dispose()
    }

    @MainActor
    @Test func theKeyPathBinderHoldsItsTargetWeakly() {
        var view: FakeView? = FakeView()
        weak let released = view
        let binder: Binder<Bool> = view!.rx.isHidden
        view = nil
        #expect(released == nil)
        binder.onNext(true)
    }

    @MainActor
    @Test func anExtensionMemberWinsOverTheKeyPath() {
        let view = TitledView()
        view.rx.title.onNext("declared")
        #expect(view.title == "declared")
        #expect(view.explicitBinderUses == 1)
    }

    @Test func foundationObjectsHaveTheNamespace() {
        let object = NSObject()
        #expect(object.rx.base === object)
    }
}
