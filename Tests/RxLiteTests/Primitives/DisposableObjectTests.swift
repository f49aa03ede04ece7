import Testing

@testable import RxLite

/// `disposableObject` reads an `any Disposable`'s own container: the very object when the disposable is one, `nil`
/// for every kind of value, so that the caller boxes it. And `heldAsObject`, built on it, disposes what it was given.
@Suite(.checksResources) struct DisposableObjectTests {
    final class Counter: @unchecked Sendable {
        var count = 0
    }

    final class ObjectDisposable: Disposable {
        let counter: Counter
        init(_ counter: Counter) { self.counter = counter }
        func dispose() { counter.count += 1 }
    }

    class BaseDisposable: Disposable {
        let counter: Counter
        init(_ counter: Counter) { self.counter = counter }
        func dispose() { counter.count += 1 }
    }

    final class DerivedDisposable: BaseDisposable {}

    final class GenericDisposable<Payload>: Disposable {
        let counter: Counter
        let payload: Payload
        init(_ counter: Counter, _ payload: Payload) {
            self.counter = counter
            self.payload = payload
        }
        func dispose() { counter.count += 1 }
    }

    /// A struct whose only field is a reference: its container's first word is that reference, so only its type's
    /// kind tells it from an object.
    struct WrapperDisposable: Disposable {
        let counter: Counter
        func dispose() { counter.count += 1 }
    }

    /// A struct too big for the container's inline buffer.
    struct LargeDisposable: Disposable {
        let counter: Counter
        let padding = (1, 2, 3, 4)
        func dispose() { counter.count += 10 }
    }

    enum EnumDisposable: Disposable {
        case holding(Counter)
        case empty
        func dispose() {
            if case .holding(let counter) = self { counter.count += 100 }
        }
    }

    @Test func anObjectIsReadBackAsItself() {
        let counter = Counter()
        let objects: [any Disposable & AnyObject] = [
            ObjectDisposable(counter), DerivedDisposable(counter), BaseDisposable(counter),
            GenericDisposable(counter, "payload"), GenericDisposable(counter, (1, 2.5)), Lifetime.make(),
        ]
        for object in objects {
            let existential: any Disposable = object
            let read = disposableObject(existential)
            #expect(read != nil)
            #expect(read === object, "\(type(of: object))")
        }
        // Each read back still dispatches to its own `dispose()`.
        for object in objects.prefix(5) { disposableObject(object)?.dispose() }
        #expect(counter.count == 5)
    }

    @Test func aValueIsLeftToTheCallersBox() {
        let counter = Counter()
        let values: [any Disposable] = [
            WrapperDisposable(counter: counter), LargeDisposable(counter: counter), EnumDisposable.holding(counter),
            EnumDisposable.empty, Disposables.create(with: {}) as any Disposable,
        ]
        // The last is an object (RxLite's own), the rest are values.
        #expect(values.dropLast().allSatisfy { disposableObject($0) == nil })
        #expect(disposableObject(values.last!) != nil)
        for value in values.dropLast() { heldAsObject(value).dispose() }
        #expect(counter.count == 1 + 10 + 100)
    }

    /// A bag takes both: an object as itself, a value boxed; each is disposed once when the bag goes.
    @Test func aBagDisposesObjectsAndValuesOnce() {
        let counter = Counter()
        do {
            let bag = DisposeBag()
            bag.insert(ObjectDisposable(counter))
            bag.insert(WrapperDisposable(counter: counter))
            bag.insert(LargeDisposable(counter: counter))
        }
        #expect(counter.count == 1 + 1 + 10)
    }
}
