import Foundation
import RxLite

/// The subjects of one object's `sentMessage(_:)` and `methodInvoked(_:)` for one selector.
final class MessageSubjects: @unchecked Sendable {
    /// Each call's arguments, before the method runs.
    let sent = PublishSubject<[Any]>()
    /// Each call's arguments, after the method ran.
    let invoked = PublishSubject<[Any]>()

    /// Whether anything observes either.
    var hasObservers: Bool { sent.hasObservers || invoked.hasObservers }

    func complete() {
        sent.onCompleted()
        invoked.onCompleted()
    }
}

/// Which selectors have an intercepting implementation in which class (the key is the class's identity), and
/// whether each wraps a method the class has (its own or inherited) or forwards to a delegate proxy's forward delegate
/// (the proxy has no method for it). An implementation is installed once per class and selector, whoever observes.
struct InstalledInterceptions<ClassKey: Hashable>: Sendable where ClassKey: Sendable {
    /// How an interception went into its class.
    enum Installation: Equatable, Sendable {
        /// Runs the class's method (its own, or its superclass's) between the observers.
        case wrapping
        /// Hands the call on to a delegate proxy's forward delegate between the observers: the proxy had no method.
        case forwarding
    }

    private var installed: [ClassKey: [String: Installation]] = [:]

    /// How `selector` was intercepted in the class, or `nil` if it is not.
    func installation(of selector: String, in classKey: ClassKey) -> Installation? {
        installed[classKey]?[selector]
    }

    /// Records `selector` as intercepted in the class; `false` (and nothing changes) if it already was.
    @discardableResult
    mutating func record(_ selector: String, in classKey: ClassKey, as installation: Installation) -> Bool {
        guard installed[classKey]?[selector] == nil else { return false }
        installed[classKey, default: [:]][selector] = installation
        return true
    }

    /// The selectors intercepted in the class.
    func selectors(in classKey: ClassKey) -> Set<String> {
        Set(installed[classKey]?.keys ?? [:].keys)
    }
}

/// The subjects of every observed object, by the object's address and the selector's name: what an intercepting
/// implementation, which knows only its receiver's address, sends each call to. An object's subjects are made by the
/// first observation, and removed and completed when the object goes (``objectWentAway(_:)``, which the deallocation
/// signal attached to it calls while the object is deallocated, before its address can be reused).
final class MessageInterceptionRegistry: Sendable {
    private struct ObservedObject {
        var messages: [String: MessageSubjects] = [:]
        /// `deallocating`'s subject, replaying its one element to a late subscriber as RxCocoa's does.
        var deallocating: ReplaySubject<Void>?
    }

    /// The selector whose interception is `deallocating`.
    static let deallocSelectorName = "dealloc"

    private let objects = Locked<[UInt: ObservedObject]>([:])

    /// The subjects of `object` for `selector`, made on first use; `isNewObject` says the object had none, and the
    /// caller then arranges for ``objectWentAway(_:)`` to be called when it goes.
    func subjects(of object: UInt, for selector: String) -> (subjects: MessageSubjects, isNewObject: Bool) {
        objects.withLock { objects in
            let isNew = objects[object] == nil
            if let existing = objects[object]?.messages[selector] { return (existing, isNew) }
            let subjects = MessageSubjects()
            objects[object, default: ObservedObject()].messages[selector] = subjects
            return (subjects, isNew)
        }
    }

    /// `deallocating`'s subject of `object`, made on first use; `isNewObject` as for ``subjects(of:for:)``.
    func deallocatingSubject(of object: UInt) -> (subject: ReplaySubject<Void>, isNewObject: Bool) {
        objects.withLock { objects in
            let isNew = objects[object] == nil
            if let existing = objects[object]?.deallocating { return (existing, isNew) }
            let subject = ReplaySubject<Void>.create(bufferSize: 1)
            objects[object, default: ObservedObject()].deallocating = subject
            return (subject, isNew)
        }
    }

    /// Whether `object` has subjects for `selector` (or, for `dealloc`, a `deallocating` subject).
    func isObserving(_ object: UInt, _ selector: String) -> Bool {
        objects.withLock { objects in
            guard let observed = objects[object] else { return false }
            return observed.messages[selector] != nil
                || (selector == Self.deallocSelectorName && observed.deallocating != nil)
        }
    }

    /// Sends a call of `selector` on `object` to its `sentMessage` subscribers (and, for `dealloc`, to
    /// `deallocating`'s), before the method runs. `arguments` is read only if someone listens.
    func messageSent(to object: UInt, _ selector: String, arguments: () -> [Any]) {
        let (subjects, deallocating) = objects.withLock { objects in
            (
                objects[object]?.messages[selector],
                selector == Self.deallocSelectorName ? objects[object]?.deallocating : nil
            )
        }
        // Outside the lock: subscribers run here.
        deallocating?.onNext(())
        if let subjects, subjects.sent.hasObservers { subjects.sent.onNext(arguments()) }
    }

    /// Sends a call of `selector` on `object` to its `methodInvoked` subscribers, after the method ran.
    func methodInvoked(on object: UInt, _ selector: String, arguments: () -> [Any]) {
        let subjects = objects.withLock { $0[object]?.messages[selector] }
        if let subjects, subjects.invoked.hasObservers { subjects.invoked.onNext(arguments()) }
    }

    /// Removes `object`'s subjects and completes them: the object is being deallocated.
    func objectWentAway(_ object: UInt) {
        let observed = objects.withLock { $0.removeValue(forKey: object) }
        // Outside the lock: completing runs subscribers.
        guard let observed else { return }
        for subjects in observed.messages.values { subjects.complete() }
        observed.deallocating?.onCompleted()
    }

    /// How many objects have subjects (for tests).
    var observedObjectCount: Int { objects.withLock { $0.count } }
}
