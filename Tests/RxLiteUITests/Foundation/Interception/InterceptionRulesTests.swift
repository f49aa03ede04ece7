import Foundation
import RxLiteTest
import Testing

@testable import RxLiteUI

/// What message interception refuses, as RxCocoa refuses it, and how a delegate proxy's class takes an interception.
@Suite(.checksResources) struct InterceptionRulesTests {
    final class Target {}

    @Test(arguments: ["class", "respondsToSelector:", "methodSignatureForSelector:", "forwardingTargetForSelector:"])
    func refusesThePerformanceSensitiveSelectors(name: String) {
        #expect(
            InterceptionRules.refusal(ofSelectorNamed: name, onDelegateProxy: false) == .performanceSensitiveSelector)
        #expect(
            InterceptionRules.refusal(ofSelectorNamed: name, onDelegateProxy: true) == .performanceSensitiveSelector)
    }

    @Test func interceptsDeallocOfAnObjectButNotOfADelegateProxy() {
        #expect(InterceptionRules.refusal(ofSelectorNamed: "dealloc", onDelegateProxy: false) == nil)
        #expect(
            InterceptionRules.refusal(ofSelectorNamed: "dealloc", onDelegateProxy: true)
                == .performanceSensitiveSelector)
        #expect(InterceptionRules.refusal(ofSelectorNamed: "viewWillAppear:", onDelegateProxy: false) == nil)
    }

    @Test(arguments: ["__NSCFString", "NSCFTimer", "__NSTaggedDate", "NSTaggedPointerString"])
    func refusesTollFreeBridgedAndTaggedClasses(className: String) {
        #expect(
            InterceptionRules.refusal(ofObjectOfClassNamed: className, reportsItsRealClass: true)
                == .tollFreeBridgedOrTagged)
    }

    @Test func refusesAnObjectAnotherMechanismMovedNamingKeyValueObserving() {
        #expect(
            InterceptionRules.refusal(
                ofObjectOfClassNamed: "NSKVONotifying_ProfileViewController", reportsItsRealClass: false)
                == .alreadyIntercepted(.kvo))
        #expect(
            InterceptionRules.refusal(ofObjectOfClassNamed: "Aspects_ProfileViewController", reportsItsRealClass: false)
                == .alreadyIntercepted(.unknown))
        #expect(
            InterceptionRules.refusal(ofObjectOfClassNamed: "ProfileViewController", reportsItsRealClass: true) == nil)
    }

    @Test func eachRefusalIsRxCocoasError() {
        let target = Target()
        func matches(_ refusal: InterceptionRules.Refusal, _ check: (RxCocoaObjCRuntimeError) -> Bool) -> Bool {
            check(refusal.error(target: target))
        }
        #expect(
            matches(.performanceSensitiveSelector) {
                if case .observingPerformanceSensitiveMessages(let failed) = $0 { failed === target } else { false }
            })
        #expect(
            matches(.tollFreeBridgedOrTagged) {
                if case .cantInterceptCoreFoundationTollFreeBridgedObjects(let failed) = $0 {
                    failed === target
                } else {
                    false
                }
            })
        #expect(
            matches(.alreadyIntercepted(.kvo)) {
                if case .objectMessagesAlreadyBeingIntercepted(let failed, .kvo) = $0 {
                    failed === target
                } else {
                    false
                }
            })
    }

    @Test func aProxyClassTakesTheInterceptionAroundItsMethodOrForwardingToTheDelegate() {
        #expect(InterceptionRules.proxyInstallation(classHasMethod: true) == .replacingOwnMethod)
        #expect(InterceptionRules.proxyInstallation(classHasMethod: false) == .forwardingToDelegate)
    }
}
