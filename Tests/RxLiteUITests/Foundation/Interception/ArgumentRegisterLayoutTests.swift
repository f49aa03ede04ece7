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

    @Test(arguments: [ObjCCallingConvention.arm64, .x86_64])
    func everyLayoutASupportedMethodCanHaveHasAnImplementation(convention: ObjCCallingConvention) throws {
        // One type of each register class: an object (one general-purpose register), a float (one vector register),
        // a size (two), a rect (four); every sequence of up to four of them.
        let encodings = ["@", "f", "{CGSize=dd}", "{CGRect={CGPoint=dd}{CGSize=dd}}"]
        var sequences: [[String]] = [[]]
        var reached: Set<ArgumentRegisterLayout> = []
        for _ in 0..<ObjCMethodSignature.maximumArgumentCount {
            sequences += sequences.filter { $0.count == sequences.map(\.count).max() }
                .flatMap { sequence in encodings.map { sequence + [$0] } }
        }
        for sequence in sequences {
            let encoding = "v0@0:8" + sequence.map { $0 + "0" }.joined()
            guard let result = try? layout(encoding, convention) else { continue }
            #expect(ArgumentRegisterLayout.implemented.contains(result), "\(encoding) has no implementation")
            reached.insert(result)
        }
        #expect(sequences.count == 1 + 4 + 16 + 64 + 256)
        // No implementation is generated for a layout no method has (arm64 reaches them all; x86_64 passes rects in
        // memory, and so reaches fewer).
        if convention == .arm64 { #expect(reached == Set(ArgumentRegisterLayout.implemented)) }
    }

    @Test func theConventionHereIsKnownOnSixtyFourBitPlatforms() {
        #if arch(arm64) || arch(x86_64)
            #expect(ObjCCallingConvention.current != nil)
        #else
            #expect(ObjCCallingConvention.current == nil)
        #endif
    }
}
