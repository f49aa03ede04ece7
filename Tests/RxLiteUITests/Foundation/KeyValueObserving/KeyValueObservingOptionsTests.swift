import Foundation
import RxLiteTest
import Testing

@testable import RxLiteUI

/// RxCocoa's options, their mapping to Foundation's, and what a change's new value becomes.
@Suite(.checksResources) struct KeyValueObservingOptionsTests {
    @Test func theOptionsHaveRxCocoasBits() {
        #expect(KeyValueObservingOptions.initial.rawValue == 1)
        #expect(KeyValueObservingOptions.new.rawValue == 2)
        #expect(KeyValueObservingOptions(rawValue: 3) == [.initial, .new])
    }

    static let foundationOptions: [(KeyValueObservingOptions, UInt)] = [
        ([], 0), ([.new], 0x01), ([.initial], 0x04), ([.new, .initial], 0x05),
        (KeyValueObservingOptions(rawValue: 0xF0), 0),
    ]

    @Test(arguments: foundationOptions)
    func mapToFoundationsOptions(options: KeyValueObservingOptions, foundation: UInt) {
        #expect(options.foundationRawValue == foundation)
    }

    @Test func aChangesNewValueBecomesAnElementOfTheObservedType() {
        #expect(KeyValueChange.element(fromNewValue: "title", as: String.self) == "title")
        #expect(KeyValueChange.element(fromNewValue: 42, as: Int.self) == 42)
    }

    @Test func aNilPropertyNoValueOrAnotherTypeIsNil() {
        #expect(KeyValueChange.element(fromNewValue: NSNull(), as: String.self) == nil)
        #expect(KeyValueChange.element(fromNewValue: nil, as: String.self) == nil)
        #expect(KeyValueChange.element(fromNewValue: 42, as: String.self) == nil)
    }

    @Test func aChangesNewValueAsAnObject() {
        let number = NSNumber(value: 7)
        #expect(KeyValueChange.object(fromNewValue: number) === number)
        #expect(KeyValueChange.object(fromNewValue: NSNull()) == nil)
        #expect(KeyValueChange.object(fromNewValue: nil) == nil)
    }

    @Test func theRuntimeErrorsDescribeTheirTarget() {
        let target = NSObject()
        let errors: [RxCocoaObjCRuntimeError] = [
            .unknown(target: target),
            .objectMessagesAlreadyBeingIntercepted(target: target, interceptionMechanism: .kvo),
            .objectMessagesAlreadyBeingIntercepted(target: target, interceptionMechanism: .unknown),
            .selectorNotImplemented(target: target),
            .cantInterceptCoreFoundationTollFreeBridgedObjects(target: target),
            .threadingCollisionWithOtherInterceptionMechanism(target: target),
            .savingOriginalForwardingMethodFailed(target: target),
            .replacingMethodWithForwardingImplementation(target: target),
            .observingPerformanceSensitiveMessages(target: target),
            .observingMessagesWithUnsupportedReturnType(target: target),
        ]
        let descriptions = errors.map(\.debugDescription)
        #expect(Set(descriptions).count == errors.count)
        #expect(descriptions.allSatisfy { $0.contains("\(target)") })
        #expect(descriptions[1].contains("key-value observing"))
    }
}
