// RxTest's XCTest assertions, for test suites written with XCTest against RxTest. RxLiteTest itself needs no
// XCTest: its recorded events and subscriptions are `Equatable`, so XCTest's own `XCTAssertEqual` and Swift
// Testing's `#expect` compare them directly.
#if canImport(XCTest)
    import RxLite
    import RxLiteTest
    import XCTest

    /// Asserts that two lists of `Single` outcomes are equal (successes by value, failures as ``RxLiteTest``'s event
    /// equality compares errors), as RxTest's overload does: `SingleEvent` is a `Result`, whose `any Error` is not
    /// `Equatable`.
    public func XCTAssertEqual<Element: Equatable>(
        _ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>], file: StaticString = #file, line: UInt = #line
    ) {
        let equal = lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
        XCTAssertTrue(equal, "\(lhs) is not equal to \(rhs)", file: file, line: line)
    }

    /// Asserts that the elements `stream` recorded, in order, are `elements`; its terminal event is not compared, as
    /// with RxTest's assertion of the same name.
    public func XCTAssertRecordedElements<Element: Equatable>(
        _ stream: [Recorded<Event<Element>>], _ elements: [Element], file: StaticString = #file, line: UInt = #line
    ) {
        let recorded = stream.compactMap { recorded -> Element? in
            if case .next(let element) = recorded.value { return element }
            return nil
        }
        XCTAssertEqual(recorded, elements, file: file, line: line)
    }
#endif
