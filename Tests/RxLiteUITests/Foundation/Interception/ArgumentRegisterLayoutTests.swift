import Foundation
import RxLiteTest
import Testing

@testable import RxLiteUI

/// Which registers an intercepted call's arguments arrive in, under the two calling conventions.
@Suite(.checksResources) struct ArgumentRegisterLayoutTests {
    private func layout(_ encoding: String, _ convention: ObjCCallingConvention) throws -> ArgumentRegisterLayout {
        try ArgumentRegisterLayout(ObjCMethodSignature(typeEncoding: encoding), convention: convention)
    }

    @Test(arguments: [ObjCCallingConvention.arm64, .x86_64])
    func countsIntegerAndFloatingPointRegistersApart(convention: ObjCCallingConvention) throws {
        // (id, CGPoint, BOOL, float): objects and integers in general-purpose registers, a point in two vector ones.
        let result = try layout("v52@0:8@16{CGPoint=dd}24B40f44", convention)
        #expect(result == ArgumentRegisterLayout(integerCount: 2, floatingPointCount: 3))
    }

    @Test func passesARectInFourVectorRegistersOnArm64() throws {
        let result = try layout("v56@0:8{CGRect={CGPoint=dd}{CGSize=dd}}16@48", .arm64)
        #expect(result == ArgumentRegisterLayout(integerCount: 1, floatingPointCount: 4))
        #expect(
            try layout("v80@0:8{CGRect={CGPoint=dd}{CGSize=dd}}16{CGRect={CGPoint=dd}{CGSize=dd}}48", .arm64)
                == ArgumentRegisterLayout(integerCount: 0, floatingPointCount: 8))
    }

    @Test func refusesARectOnX86_64WhichPassesItInMemory() {
        #expect(throws: ObjCSignatureError.argumentsPassedInMemory) {
            try layout("v48@0:8{CGRect={CGPoint=dd}{CGSize=dd}}16", .x86_64)
        }
    }

    @Test func refusesWhatNoLongerFitsInVectorRegisters() {
        // Two rects and a point: ten vector registers, of eight.
        #expect(throws: ObjCSignatureError.argumentsPassedInMemory) {
            try layout(
                "v96@0:8{CGRect={CGPoint=dd}{CGSize=dd}}16{CGRect={CGPoint=dd}{CGSize=dd}}48{CGPoint=dd}80", .arm64)
        }
    }

    @Test(arguments: [
        "B24@0:8@16", "@16@0:8", "q16@0:8", "d16@0:8", "{CGPoint=dd}16@0:8", "{CGRect={CGPoint=dd}{CGSize=dd}}16@0:8",
    ])
    func refusesAMethodThatReturnsAValue(encoding: String) throws {
        let returnType = try ObjCMethodSignature(typeEncoding: encoding).returnTypeEncoding
        #expect(throws: ObjCSignatureError.unsupportedReturnType(returnType)) { try layout(encoding, .arm64) }
    }

    @Test func fourObjectsFillTheGeneralPurposeRegisters() throws {
        #expect(
            try layout("v48@0:8@16@24@32@40", .x86_64) == ArgumentRegisterLayout(integerCount: 4, floatingPointCount: 0)
        )
    }

    @Test func theConventionHereIsKnownOnSixtyFourBitPlatforms() {
        #if arch(arm64) || arch(x86_64)
            #expect(ObjCCallingConvention.current != nil)
        #else
            #expect(ObjCCallingConvention.current == nil)
        #endif
    }
}
