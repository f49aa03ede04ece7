import RxLite

/// A two-way UI property (`textField.rx.text`): read it as a sequence of values, write it as an observer.
///
/// As a sequence it emits the current value on subscription, then the value after each user edit; it never fails,
/// delivers on the main queue, and completes when its control is deallocated. As an observer it sets the property on
/// the main queue (through a `Binder`), so `viewModel.name.bind(to: textField.rx.text)` works; programmatic sets are
/// not echoed back, as in UIKit.
///
/// As in RxCocoa, the property subscribes to its values on the main queue (at once when subscribed there), whoever
/// made it: a `ControlProperty` of your own only has to emit the current value first, never fail, deliver on the
/// main queue and complete with its control.
public struct ControlProperty<PropertyType>: ControlPropertyType {
    /// The property's type, which is also the element of the sequence.
    public typealias Element = PropertyType

    let values: Observable<PropertyType>
    let valueSink: AnyObserver<PropertyType>

    /// Wraps `values`, which must emit the current value first, never fail, and deliver on the main queue, and
    /// `valueSink`, which sets the property. `values` is subscribed to on the main queue.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
    where Values.Element == PropertyType, Sink.Element == PropertyType {
        // Unchecked: the values are produced on the main queue, where the subscription is made; nothing crosses.
        self.values = values.asObservable().uncheckedSubscribe(on: ConcurrentMainScheduler.instance)
        self.valueSink = valueSink.asObserver()
    }

    /// The current value on subscription, then the value after each user edit, on the main queue; never fails.
    public func asObservable() -> Observable<PropertyType> { values }

    /// This property as a `ControlProperty` (for symmetry with RxCocoa).
    public func asControlProperty() -> ControlProperty<PropertyType> { self }

    /// Sets the property to each element; completion is handed to the sink (a `Binder` ignores it). An error is a
    /// bug in the program, as for every binding: it stops a debug build and is printed in a release build.
    public func on(_ event: Event<PropertyType>) {
        if case .error(let error) = event {
            bindingFailed(error, in: "ControlProperty<\(PropertyType.self)>")
            return
        }
        valueSink.on(event)
    }

    /// The user's edits only, without the current value at subscription.
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(events: values.skip(1))
    }
}

extension ControlPropertyType where Element == String? {
    /// The text with `nil` read as `""`, for code that does not care about the difference.
    public var orEmpty: ControlProperty<String> {
        let property = asControlProperty()
        let sink = property.valueSink
        return ControlProperty<String>(
            values: property.values.map { $0 ?? "" }, valueSink: AnyObserver<String> { sink.on($0.map { $0 }) })
    }
}

extension ControlProperty where PropertyType: Sendable {
    /// The values as a `Driver` (a control property never fails).
    public func asDriver() -> Driver<PropertyType> {
        asDriver(onErrorRecover: { _ in Driver.empty() })
    }
}

extension ControlProperty {
    /// This conversion for a property type that is not `Sendable`, as RxSwift has it: what the checked overload does,
    /// without the compile-time check. The call warns (a deprecation) that nothing checks that the values may cross to
    /// the main thread; code whose property type is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            PropertyType is not Sendable, and a Driver or Signal hands elements to the main thread: RxLite cannot \
            check that this is safe. Make PropertyType Sendable to use the checked overload.
            """
    )
    public func asDriver() -> Driver<PropertyType> {
        asDriver(onErrorRecover: { _ in Driver.empty() })
    }
}
