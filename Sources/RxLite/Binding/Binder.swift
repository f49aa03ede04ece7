/// An observer that applies each element to a target object on a scheduler: the end of a UI binding
/// (`label.rx.text`, `view.rx.isHidden`).
///
/// - It holds the target weakly: once the target is gone, elements are dropped and the binding keeps nothing alive.
/// - It applies each element on `scheduler` (the main scheduler by default, which runs at once when the element
///   already arrives on the main queue, as from a ``Driver``).
/// - A binding must not fail silently: an error event stops the program in debug builds and is printed in release
///   builds. Completion is ignored.
///
/// The binding closure runs on `scheduler`. With the main scheduler and a main-actor target, write it in main-actor
/// code (as `Reactive` extensions marked `@MainActor` do) and it may touch the target directly.
public struct Binder<Value>: ObserverType {
    public typealias Element = Value

    let binding: (Event<Value>) -> Void

    /// A binder that calls `binding(target, value)` on the main actor for every element, while `target` is alive:
    /// the RxCocoa form `Binder(base) { label, text in label.text = text }` compiles unchanged in Swift 6, where
    /// `label` is a main-actor `UILabel`. Elements that arrive on the main queue are applied at once.
    public init<Target: AnyObject>(
        _ target: Target, scheduler: MainScheduler = MainScheduler.instance,
        binding: @escaping @MainActor (Target, Value) -> Void
    ) {
        // The main scheduler runs actions on the main queue, the main actor's executor.
        self.binding = Binder.binding(target, scheduler) { target, value in
            let arguments = UncheckedTransfer(value: (target, value))
            MainActor.assumeIsolated { binding(arguments.value.0, arguments.value.1) }
        }
    }

    /// A binder that calls `binding(target, value)` on `scheduler` for every element, while `target` is alive.
    public init<Target: AnyObject>(
        _ target: Target, scheduler: any ImmediateSchedulerType = MainScheduler.instance,
        binding: @escaping (Target, Value) -> Void
    ) {
        self.binding = Binder.binding(target, scheduler, binding)
    }

    /// The event handler of a binder: `binding` on `scheduler` for each element while `target` lives.
    private static func binding<Target: AnyObject>(
        _ target: Target, _ scheduler: some ImmediateSchedulerType, _ binding: @escaping (Target, Value) -> Void
    ) -> (Event<Value>) -> Void {
        { [weak target] event in
            switch event {
            case .next(let element):
                // A target already gone costs no scheduling at all.
                guard target != nil else { return }
                _ = scheduler.schedule(element) { [weak target] element in
                    if let target { binding(target, element) }
                    return Disposables.create()
                }
            case .error(let error):
                bindingFailed(error, in: "Binder<\(Value.self)>")
            case .completed:
                break
            }
        }
    }

    public func on(_ event: Event<Value>) { binding(event) }

    /// This binder as a type-erased observer; events still go through the binder's scheduler.
    public func asObserver() -> AnyObserver<Value> { AnyObserver(eventHandler: binding) }
}

/// Reports an error that reached a binding (a ``Binder``, `bind(to:)`, `bind(onNext:)`): bindings are for sequences
/// that cannot fail, so this is a bug in the program. Stops it in debug builds; prints in release builds.
package func bindingFailed(_ error: any Error, in binding: String) {
    #if DEBUG
        fatalError("RxLite: binding error in \(binding): \(error)")
    #else
        print("RxLite: binding error in \(binding): \(error)")
    #endif
}
