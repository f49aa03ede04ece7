import Foundation
import RxLite

#if canImport(ObjectiveC)
    import ObjectiveC
#endif

/// The base class of delegate proxies (see ``DelegateProxyType``): it holds the forward delegate, answers for it in
/// `responds(to:)` and redirects to it every message it does not implement itself, so the app's delegate receives
/// every call it implements while Rx observes the parent object.
///
/// A subclass implements each delegate method it turns into a sequence: it sends the call to a subject and hands it
/// on to ``forwardToDelegate()``. Every other method of the delegate protocol reaches the forward delegate through
/// the Objective-C runtime's forwarding (`forwardingTarget(for:)`), with nothing in between.
///
/// The parent's delegate slot holds the proxy while anything observes it (a subscription to one of its sequences, a
/// ``DelegateProxyType/installForwardDelegate(_:retainDelegate:onProxyForObject:)``); when the last of them ends, the
/// slot gets the forward delegate back. The proxy's sequences complete when the parent object goes away.
@preconcurrency @MainActor
open class DelegateProxy<P: AnyObject, D>: NSObject {
    /// The type of the object whose delegate slot the proxy occupies.
    public typealias ParentObject = P
    /// The delegate type.
    public typealias Delegate = D

    private weak var parent: ParentObject?
    // Nonisolated: NSObject's forwarding hooks read it, on whatever thread the runtime asks them.
    private nonisolated let forward = ForwardDelegateReference()
    private let currentDelegateOfParent: @MainActor (ParentObject) -> AnyObject?
    private let setDelegateOfParent: @MainActor (AnyObject?, ParentObject) -> Void
    private var observationCount = 0
    /// Fires once, when the proxy goes away (with its parent, which owns it): the proxy's sequences end there.
    let ended = PublishSubject<Void>()
    /// The subjects of ``sentMessage(_:)`` and ``methodInvoked(_:)`` (Apple platforms), by selector name; read by the
    /// intercepting implementations on whatever thread the delegate method is called on.
    nonisolated let messageSubjects = Locked<[String: MessageSubjects]>([:])

    /// A proxy for `parentObject`, of the proxy type `delegateProxy` (whose `currentDelegate` and
    /// `setCurrentDelegate` it uses to reach the parent's delegate slot).
    public init<Proxy: DelegateProxyType>(parentObject: ParentObject, delegateProxy: Proxy.Type)
    where Proxy: DelegateProxy<ParentObject, Delegate>, Proxy.ParentObject == ParentObject, Proxy.Delegate == Delegate {
        parent = parentObject
        currentDelegateOfParent = { parent in Proxy.currentDelegate(for: parent).map { $0 as AnyObject } }
        setDelegateOfParent = { delegate, parent in
            Proxy.setCurrentDelegate(delegate.map { Proxy.castDelegate($0) }, to: parent)
        }
        super.init()
    }

    deinit {
        ended.onNext(())
        ended.onCompleted()
    }

    /// The delegate that calls are handed on to: the one that was in the parent's slot when the proxy was
    /// installed, or the one set with ``setForwardToDelegate(_:retainDelegate:)``.
    open func forwardToDelegate() -> Delegate? {
        forwardObject.flatMap { $0 as? Delegate }
    }

    /// Makes `delegate` the one calls are handed on to; `retainDelegate` keeps it alive meanwhile (the parent's slot
    /// holds delegates weakly). The parent is told its delegate's abilities changed, since UIKit reads
    /// `responds(to:)` once per delegate assignment.
    open func setForwardToDelegate(_ delegate: Delegate?, retainDelegate: Bool) {
        let object = delegate.map { $0 as AnyObject }
        // The proxy never forwards to itself: that would loop.
        let forward = object === self ? nil : object
        self.forward.set(forward, retained: retainDelegate)
        reassignParentSlot()
    }

    /// Assigns the proxy to the parent's slot again (through `nil`) if it is there, so that UIKit, which reads
    /// `responds(to:)` once per assignment, sees what the proxy answers now.
    func reassignParentSlot() {
        guard let parent, currentDelegateOfParent(parent) === self else { return }
        setDelegateOfParent(nil, parent)
        setDelegateOfParent(self, parent)
    }

    /// The forward delegate as an object; readable on any thread, for a delegate that is called off the main thread
    /// (a text storage's).
    nonisolated var forwardObject: AnyObject? { forward.object }

    // MARK: Observation

    /// Starts one observation of the proxy: the first puts the proxy back in the parent's slot if the app has put
    /// another delegate there since (which then becomes the forward delegate). Each call is ended by one
    /// ``endObservation()``.
    func beginObservation() {
        observationCount += 1
        guard let parent else { return }
        let current = currentDelegateOfParent(parent)
        if current !== self {
            forward.set(current, retained: false)
            setDelegateOfParent(self, parent)
        }
    }

    /// Ends one observation; when none is left, the parent's slot gets the forward delegate back (a retained one stays
    /// retained by the proxy, so that it survives in the parent's weak slot).
    func endObservation() {
        precondition(observationCount > 0, "Internal inconsistency: a delegate proxy observation ended twice")
        observationCount -= 1
        guard observationCount == 0, let parent, currentDelegateOfParent(parent) === self else { return }
        setDelegateOfParent(forward.object, parent)
    }

    /// Whether something observes the proxy now.
    var isObserved: Bool { observationCount > 0 }

    /// The calls that `subject` receives, for as long as the subscription lasts: subscribing starts an observation
    /// of the proxy (see ``beginObservation()``), disposing ends it; the sequence completes when the proxy goes away.
    /// `current`, if given, is read on subscribe and emitted first (a `ControlProperty`'s current value).
    func events<Element: Sendable>(
        _ subject: PublishSubject<Element>, current: (@MainActor @Sendable () -> Element?)? = nil
    ) -> Observable<Element> {
        let ended = ended
        return Observable<Element>.create { [weak self] observer in
            let observed = MainActor.assumeIsolated { () -> (proxy: DelegateProxy, first: Element?)? in
                guard let self else { return nil }
                self.beginObservation()
                return (self, current?())
            }
            guard let observed else {
                observer.onCompleted()
                return Disposables.create()
            }
            if let first = observed.first { observer.onNext(first) }
            let subscription = subject.take(until: ended).subscribe(observer)
            // Weakly: a subscription does not keep the proxy (and so its parent's delegate slot) alive.
            return Disposables.create { [weak proxy = observed.proxy] in
                subscription.dispose()
                onMainActor { proxy?.endObservation() }
            }
        }
        .subscribe(on: MainScheduler.instance)
    }

    #if canImport(ObjectiveC)
        /// Whether the proxy implements `aSelector` or its forward delegate does. A delegate method the proxy has only
        /// because ``sentMessage(_:)`` or ``methodInvoked(_:)`` intercepts it counts while one of them is observed, as
        /// in RxCocoa.
        open override func responds(to aSelector: Selector!) -> Bool {
            let forwardResponds = (forward.object as? NSObject)?.responds(to: aSelector) ?? false
            if let aSelector, let proxyClass = object_getClass(self),
                MessageInterception.isForwardingInterception(aSelector, in: proxyClass)
            {
                let observed = messageSubjects.withLock { $0[aSelector.description] }?.hasObservers ?? false
                return observed || forwardResponds
            }
            return super.responds(to: aSelector) || forwardResponds
        }

        /// The forward delegate, as RxCocoa's proxies expose it to Objective-C: what calls are handed on to.
        public nonisolated var _forwardToDelegate: AnyObject? { forward.object }

        /// The arguments of each call of the delegate method `selector` that reaches the proxy, emitted *before* the
        /// method runs (and before the forward delegate gets it); completes when the proxy goes away.
        ///
        /// The proxy's class gets an intercepting implementation of `selector`, once: around the proxy's own method if
        /// it has one, else handing the call on to the forward delegate, in which case the proxy answers
        /// `responds(to:)` for it only while it is observed or the forward delegate implements it. The arguments, the
        /// methods that can be intercepted and the errors are those of `rx.sentMessage(_:)`. A method neither the proxy
        /// nor its forward delegate implements is read from the delegate protocol, as RxCocoa does (a protocol declared
        /// in Swift needs an `@objc(Name)` with its Swift name for that); one it does not declare fails with
        /// `selectorNotImplemented`. Subscribes
        /// on the main queue and keeps the proxy in its parent's delegate slot while subscribed, as the proxy's other
        /// sequences do.
        open func sentMessage(_ selector: Selector) -> Observable<[Any]> {
            interceptedMessages(selector, after: false)
        }

        /// The arguments of each call of the delegate method `selector` that reaches the proxy, emitted *after* the
        /// method ran (and the forward delegate got it); completes when the proxy goes away. See ``sentMessage(_:)``.
        open func methodInvoked(_ selector: Selector) -> Observable<[Any]> {
            interceptedMessages(selector, after: true)
        }

        /// Called with each intercepted call's arguments before the method runs; sends them to ``sentMessage(_:)``'s
        /// subscribers. Called on the thread the delegate method is called on.
        open nonisolated func _sentMessage(_ selector: Selector, withArguments arguments: [Any]) {
            messageSubjects.withLock { $0[selector.description] }?.sent.onNext(arguments)
        }

        /// Called with each intercepted call's arguments after the method ran; sends them to ``methodInvoked(_:)``'s
        /// subscribers. Called on the thread the delegate method is called on.
        open nonisolated func _methodInvoked(_ selector: Selector, withArguments arguments: [Any]) {
            messageSubjects.withLock { $0[selector.description] }?.invoked.onNext(arguments)
        }

        private func interceptedMessages(_ selector: Selector, after: Bool) -> Observable<[Any]> {
            do {
                try MessageInterception.interceptProxy(self, selector)
            } catch {
                return Observable.error(error)
            }
            let subjects = messageSubjects.withLock { subjects in
                if let existing = subjects[selector.description] { return existing }
                let made = MessageSubjects()
                subjects[selector.description] = made
                return made
            }
            let subject = after ? subjects.invoked : subjects.sent
            let ended = ended
            return Observable<[Any]>.create { [weak self] observer in
                let proxy = MainActor.assumeIsolated { () -> DelegateProxy? in
                    self?.beginObservation()
                    return self
                }
                guard let proxy else {
                    observer.onCompleted()
                    return Disposables.create()
                }
                let subscription = subject.take(until: ended).subscribe(observer)
                // UIKit reads `responds(to:)` once per assignment: now the method is observed.
                MainActor.assumeIsolated { proxy.reassignParentSlot() }
                return Disposables.create { [weak proxy] in
                    subscription.dispose()
                    onMainActor {
                        proxy?.endObservation()
                        proxy?.reassignParentSlot()
                    }
                }
            }
            // Unchecked: only the subscription moves to the main queue; each call's arguments are made for the call
            // and handed to its observers on the thread of the call.
            .uncheckedSubscribe(on: MainScheduler.instance)
        }

        /// The forward delegate, for a message the proxy does not implement and the forward delegate does.
        open override func forwardingTarget(for aSelector: Selector!) -> Any? {
            if let forward = forward.object as? NSObject, forward.responds(to: aSelector) { return forward }
            // NSObject's own answer, for every other message: nobody, so the runtime raises its usual error.
            return nil
        }
    #endif
}

/// Lets `installForwardDelegate` observe any proxy, whatever its generic parameters.
@MainActor
protocol DelegateProxyObservationCounting: AnyObject {
    func beginObservation()
    func endObservation()
    /// The forward delegate itself (a data-source proxy's `forwardToDelegate()` answers its bound data source first).
    var forwardObject: AnyObject? { get }
}

extension DelegateProxy: DelegateProxyObservationCounting {}

#if canImport(ObjectiveC)
    extension DelegateProxy: MessageInterceptingProxy {
        /// The delegate protocol's name: an imported protocol's Swift name is its Objective-C name.
        nonisolated var delegateProtocolName: String { String(describing: Delegate.self) }
    }
#endif

/// A proxy's forward delegate: held weakly, and strongly too while `retained` says so.
final class ForwardDelegateReference: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private weak var weakObject: AnyObject?
    private var retainedObject: AnyObject?

    var object: AnyObject? { lock.withLock { weakObject } }

    func set(_ object: AnyObject?, retained: Bool) {
        lock.withLock {
            weakObject = object
            retainedObject = retained ? object : nil
        }
    }
}
