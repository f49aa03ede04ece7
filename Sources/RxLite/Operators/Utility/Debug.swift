import Foundation

extension ObservableType {
    /// Emits exactly what the source emits, printing each subscription, event and disposal to standard output
    /// with a timestamp, like RxSwift:
    ///
    /// ```
    /// 2025-01-31 09:15:02.153: Search.swift:42 (load()) -> subscribed
    /// 2025-01-31 09:15:02.154: Search.swift:42 (load()) -> Event next(1)
    /// 2025-01-31 09:15:02.154: Search.swift:42 (load()) -> Event completed
    /// 2025-01-31 09:15:02.154: Search.swift:42 (load()) -> isDisposed
    /// ```
    ///
    /// `identifier` defaults to the calling file, line and function. With `trimOutput`, an event description longer
    /// than 40 characters is shortened to its first and last 20.
    ///
    /// [do](https://reactivex.io/documentation/operators/do.html)
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        let name = identifier ?? "\((file as NSString).lastPathComponent):\(line) (\(function))"
        return debug(name, trimOutput: trimOutput, output: { print($0) })
    }

    /// ``debug(_:trimOutput:file:line:function:)`` writing each line to `output`; tests read it there.
    func debug(_ identifier: String, trimOutput: Bool, output: @escaping (String) -> Void) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
            formatter.locale = Locale(identifier: "en_US_POSIX")
            let log = { (message: String) in output("\(formatter.string(from: Date())): \(identifier) -> \(message)") }
            log("subscribed")
            // Inserted before the source's resources, so it prints before they are released, as in RxSwift.
            lifetime.insert { log("isDisposed") }
            source.runSubscription(
                { event in
                    log("Event \(debugText(event, trimmed: trimOutput))")
                    sink(event)
                }, lifetime)
        }
    }
}

/// The text `debug` prints for `event`: its description, shortened to 20 + "..." + 20 characters when trimmed.
func debugText<Element>(_ event: Event<Element>, trimmed: Bool) -> String {
    let text = event.debugDescription
    let limit = 40
    guard trimmed && text.count > limit else { return text }
    return "\(text.prefix(limit / 2))...\(text.suffix(limit / 2))"
}
