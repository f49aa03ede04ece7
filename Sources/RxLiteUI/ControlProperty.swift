import RxLite

/// A two-way UI property (`textField.rx.text`): read it as a sequence of values, write it as an observer.
///
/// As a sequence it emits the current value on subscription, then the value after each user edit; it never fails
/// and delivers on the main queue. As an observer it sets the property on the main queue (it is a `Binder`), so
/// `viewModel.name.bind(to: textField.rx.text)` works; programmatic sets are not echoed back, as in UIKit.
public struct ControlProperty<PropertyType>: ControlPropertyType {
    /// The property's type, which is also the element of the sequence.
    public typealias Element = PropertyType

    let values: Observable<PropertyType>
    let valueSink: AnyObserver<PropertyType>

    /// Wraps `values`, which must emit the current value first, never fail, and deliver on the main queue, and
    /// `valueSink`, which sets the property.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
    where Values.Element == PropertyType, Sink.Element == PropertyType {
        self.values = values.asObservable()
        self.valueSink = valueSink.asObserver()
    }

    /// The current value on subscription, then the value after each user edit, on the main queue; never fails.
    public func asObservable() -> Observable<PropertyType> { values }

    /// This property as a `ControlProperty` (for symmetry with RxCocoa).
    public func asControlProperty() -> ControlProperty<PropertyType> { self }

    /// Sets the property to each element.
    public func on(_ event: Event<PropertyType>) { valueSink.on(event) }

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
