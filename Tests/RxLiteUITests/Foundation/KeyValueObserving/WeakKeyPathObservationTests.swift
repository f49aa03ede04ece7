import Foundation
import RxLite
import RxLiteTest
import Testing

@testable import RxLiteUI

/// `rx.observeWeakly`'s path logic, driven with plain objects: each property tells its observers of a change as
/// automatic key-value observing does, except that a `weak` property going `nil` with its object tells no one (as
/// with key-value observing), and each object's deallocation is its ``DeallocationSignal``'s release.
@Suite(.checksResources) struct WeakKeyPathObservationTests {
    /// An object with key-value observable properties: `strong` and `weak` (each declared as such), and `name`.
    class Node {
        let name: String
        let signal = DeallocationSignal()
        let changes = PublishSubject<String>()
        var strong: AnyObject? { didSet { changes.onNext("strong") } }
        weak var weak: AnyObject? { didSet { changes.onNext("weak") } }

        init(_ name: String) { self.name = name }
    }

    /// An object key-value observing cannot observe (no `NSObject`).
    final class Opaque {}

    struct Runtime: KeyValueObservingRuntime {
        func strength(ofProperty name: String, of object: AnyObject) -> PropertyStrength? {
            guard object is Node else { return nil }
            return ["strong": .strong, "weak": .weak][name]
        }

        func values(ofProperty name: String, of object: AnyObject, options: KeyValueObservingOptions)
            -> Observable<AnyObject?>
        {
            Observable.create { [weak object] observer in
                guard let node = object as? Node else { return Disposables.create() }
                let read = { [weak node] () -> AnyObject? in name == "strong" ? node?.strong : node?.weak }
                if options.contains(.initial) { observer.onNext(read()) }
                return node.changes.filter { $0 == name }.subscribe(onNext: { _ in observer.onNext(read()) })
            }
        }

        func deallocation(of object: AnyObject) -> Observable<Void> {
            (object as? Node)?.signal.released ?? .never()
        }

        func canObserve(_ object: AnyObject) -> Bool { object is Node }
    }

    /// What a subscription received: names of the nodes (`nil` as "-"), then "|" for completion or "#" for an error,
    /// which `error` holds.
    final class Received {
        var values: [String] = []
        var error: RxCocoaError?

        func subscribe(_ observable: Observable<AnyObject?>) -> any Disposable {
            observable.subscribe(
                onNext: { [self] in values.append(($0 as? Node)?.name ?? "-") },
                onError: { [self] in
                    values.append("#")
                    error = $0 as? RxCocoaError
                },
                onCompleted: { [self] in values.append("|") })
        }
    }

    func observe(_ root: Node, _ keyPath: String, options: KeyValueObservingOptions = [.new, .initial])
        -> Observable<AnyObject?>
    {
        WeakKeyPathObservation.values(of: root, keyPath: keyPath, options: options, runtime: Runtime())
    }

    @Test func followsAStrongPropertyAndEndsWithNilWhenTheRootGoes() {
        var root: Node? = Node("root")
        let received = Received()
        let subscription = received.subscribe(observe(root!, "strong"))
        root?.strong = Node("a")
        root?.strong = nil
        root?.strong = Node("b")
        root = nil
        #expect(received.values == ["-", "a", "-", "b", "-", "|"])
        subscription.dispose()
    }

    @Test func aWeakPropertysObjectGoingAwayReadsAsNil() {
        let root = Node("root")
        var leaf: Node? = Node("leaf")
        let received = Received()
        let subscription = received.subscribe(observe(root, "weak"))
        root.weak = leaf
        leaf = nil
        #expect(root.weak == nil)
        #expect(received.values == ["-", "leaf", "-"])
        subscription.dispose()
    }

    @Test func followsEachObjectOnThePath() {
        let root = Node("root")
        let middle = Node("middle")
        let received = Received()
        let subscription = received.subscribe(observe(root, "strong.strong"))
        root.strong = middle
        middle.strong = Node("a")
        let other = Node("other")
        other.strong = Node("b")
        root.strong = other
        middle.strong = Node("ignored")  // no longer on the path
        root.strong = nil
        #expect(received.values == ["-", "-", "a", "b", "-"])
        subscription.dispose()
    }

    @Test func aWeakObjectInTheMiddleGoingAwayCutsThePath() {
        let root = Node("root")
        var middle: Node? = Node("middle")
        let leaf = Node("leaf")
        middle?.weak = leaf
        root.weak = middle
        let received = Received()
        let subscription = received.subscribe(observe(root, "weak.weak"))
        middle = nil
        #expect(root.weak == nil)
        #expect(received.values == ["leaf", "-"])
        subscription.dispose()
    }

    @Test func withoutInitialTheCurrentValueIsNotSent() {
        var root: Node? = Node("root")
        root?.strong = Node("a")
        let received = Received()
        let subscription = received.subscribe(observe(root!, "strong", options: .new))
        root?.strong = Node("b")
        root = nil
        #expect(received.values == ["b", "-", "|"])
        subscription.dispose()
    }

    @Test func holdsNoObjectOnThePath() {
        var root: Node? = Node("root")
        var leaf: Node? = Node("leaf")
        root?.weak = leaf
        weak let weakRoot = root
        weak let weakLeaf = leaf
        let received = Received()
        let subscription = received.subscribe(observe(root!, "weak"))
        leaf = nil
        #expect(weakLeaf == nil)
        root = nil
        #expect(weakRoot == nil)
        #expect(received.values == ["leaf", "-", "-", "|"])
        subscription.dispose()
    }

    @Test func disposingStopsObservingEveryObject() {
        let root = Node("root")
        let middle = Node("middle")
        root.strong = middle
        let received = Received()
        received.subscribe(observe(root, "strong.weak")).dispose()
        middle.weak = root
        root.strong = nil
        #expect(received.values == ["-"])
    }

    @Test func anUnknownPropertyFails() {
        let root = Node("root")
        let received = Received()
        let subscription = received.subscribe(observe(root, "missing"))
        #expect(received.values == ["#"])
        guard case .invalidPropertyName(let object, let propertyName) = received.error else {
            Issue.record("expected invalidPropertyName, got \(String(describing: received.error))")
            return
        }
        #expect(object as? Node === root)
        #expect(propertyName == "missing")
        subscription.dispose()
    }

    @Test func anUnknownPropertyDeeperFailsOnceThePathReachesIt() {
        let root = Node("root")
        let received = Received()
        let subscription = received.subscribe(observe(root, "strong.missing"))
        #expect(received.values == ["-"])
        let child = Node("child")
        root.strong = child
        #expect(received.values == ["-", "#"])
        guard case .invalidPropertyName(let object, "missing") = received.error else {
            Issue.record("expected invalidPropertyName, got \(String(describing: received.error))")
            return
        }
        #expect(object as? Node === child)
        subscription.dispose()
    }

    @Test func anObjectThatCannotBeObservedWithPathLeftFails() {
        let root = Node("root")
        let opaque = Opaque()
        root.strong = opaque
        let received = Received()
        let subscription = received.subscribe(observe(root, "strong.strong"))
        #expect(received.values == ["#"])
        guard case .invalidObjectOnKeyPath(let object, let sourceObject, "strong") = received.error else {
            Issue.record("expected invalidObjectOnKeyPath, got \(String(describing: received.error))")
            return
        }
        #expect(object as? Opaque === opaque)
        #expect(sourceObject as? Node === root)
        subscription.dispose()
    }

    @Test func selfInThePathIsSkipped() {
        let root = Node("root")
        root.strong = Node("a")
        let received = Received()
        let subscription = received.subscribe(observe(root, "self.strong"))
        #expect(received.values == ["a"])
        subscription.dispose()
    }
}
