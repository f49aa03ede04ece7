import Foundation
import RxLiteTest
import Testing

@testable import RxLiteUI

/// An intercepted call's arguments, read from its registers and boxed as RxCocoa hands them to subscribers.
@Suite(.checksResources) struct InterceptedArgumentsTests {
    final class Target {}

    private func address(_ object: AnyObject) -> UInt64 { UInt64(UInt(bitPattern: ObjectIdentifier(object))) }

    @Test func readsEachArgumentFromTheNextRegisterOfItsKind() throws {
        let target = Target()
        // (id, CGPoint, BOOL, double): the registers of each kind in argument order.
        let signature = try ObjCMethodSignature(typeEncoding: "v48@0:8@16{CGPoint=dd}24B40d44")
        let registers = ArgumentRegisters(integers: [address(target), 1], floatingPoint: [1.5, 2.5, 3.25])
        #expect(
            signature.decodeArguments(registers) == [
                .object(UInt(address(target))), .point(CGPoint(x: 1.5, y: 2.5)), .bool(true), .double(3.25),
            ])
    }

    @Test func readsANarrowIntegerFromTheLowBitsOfItsRegister() throws {
        // Above the argument's own width a register holds whatever the caller left there.
        let signature = try ObjCMethodSignature(typeEncoding: "v40@0:8c16S20i24C28")
        let registers = ArgumentRegisters(
            integers: [0xDEAD_BEEF_0000_00FF, 0xFFFF_FFFF_0001_FFFF, 0x1234_5678_8000_0000, 0xFFFF_FF00],
            floatingPoint: [])
        #expect(
            signature.decodeArguments(registers) == [
                .signed(-1, bytes: 1), .unsigned(0xFFFF, bytes: 2), .signed(Int64(Int32.min), bytes: 4),
                .unsigned(0, bytes: 1),
            ])
    }

    @Test func readsABoolFromItsLowByte() throws {
        let signature = try ObjCMethodSignature(typeEncoding: "v24@0:8B16")
        #expect(signature.decodeArguments(ArgumentRegisters(integers: [0xFF00], floatingPoint: [])) == [.bool(false)])
        #expect(signature.decodeArguments(ArgumentRegisters(integers: [0x0101], floatingPoint: [])) == [.bool(true)])
    }

    @Test func readsAFloatFromTheLowHalfOfItsRegister() throws {
        let signature = try ObjCMethodSignature(typeEncoding: "v20@0:8f16")
        let bits = UInt64(Float(2.75).bitPattern) | 0xABCD_0000_0000_0000
        let registers = ArgumentRegisters(integers: [], floatingPoint: [Double(bitPattern: bits)])
        #expect(signature.decodeArguments(registers) == [.float(2.75)])
    }

    @Test func readsSizesAndRectsFromConsecutiveRegisters() throws {
        let signature = try ObjCMethodSignature(
            typeEncoding: "v64@0:8{CGSize=dd}16{CGRect={CGPoint=dd}{CGSize=dd}}32")
        let registers = ArgumentRegisters(integers: [], floatingPoint: [1, 2, 3, 4, 5, 6])
        #expect(
            signature.decodeArguments(registers) == [
                .size(CGSize(width: 1, height: 2)), .rect(CGRect(x: 3, y: 4, width: 5, height: 6)),
            ])
    }

    @Test func boxesObjectsAsThemselvesAndNilAsNSNull() {
        let target = Target()
        #expect(InterceptedArgument.object(UInt(address(target))).rxCocoaValue as AnyObject === target)
        #expect(InterceptedArgument.object(0).rxCocoaValue is NSNull)
    }

    @Test func boxesNumbersAsNSNumbersOfTheirType() throws {
        let bool = try #require(InterceptedArgument.bool(true).rxCocoaValue as? NSNumber)
        #expect(bool.boolValue)
        let char = try #require(InterceptedArgument.signed(-3, bytes: 1).rxCocoaValue as? NSNumber)
        #expect(char.int8Value == -3)
        let short = try #require(InterceptedArgument.unsigned(65_000, bytes: 2).rxCocoaValue as? NSNumber)
        #expect(short.uint16Value == 65_000)
        let long = try #require(InterceptedArgument.signed(Int64.min, bytes: 8).rxCocoaValue as? NSNumber)
        #expect(long.int64Value == Int64.min)
        let float = try #require(InterceptedArgument.float(0.5).rxCocoaValue as? NSNumber)
        #expect(float.floatValue == 0.5)
        let double = try #require(InterceptedArgument.double(-1.25).rxCocoaValue as? NSNumber)
        #expect(double.doubleValue == -1.25)
    }

    @Test func boxesGeometryAsNSValuesOfItsEncoding() throws {
        let point = try #require(InterceptedArgument.point(CGPoint(x: 1, y: 2)).rxCocoaValue as? NSValue)
        #expect(String(cString: point.objCType) == "{CGPoint=dd}")
        #expect(point.pointValue == CGPoint(x: 1, y: 2))
        let size = try #require(InterceptedArgument.size(CGSize(width: 3, height: 4)).rxCocoaValue as? NSValue)
        #expect(size.sizeValue == CGSize(width: 3, height: 4))
        let rect = try #require(
            InterceptedArgument.rect(CGRect(x: 1, y: 2, width: 3, height: 4)).rxCocoaValue as? NSValue)
        #expect(rect.rectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func aViewWillAppearCallReadsAsAppsMapIt() throws {
        // `rx.sentMessage(#selector(viewWillAppear(_:))).map { $0.first as? Bool ?? false }`
        let signature = try ObjCMethodSignature(typeEncoding: "v20@0:8c16")
        let arguments = signature.decodeArguments(ArgumentRegisters(integers: [1], floatingPoint: []))
            .map(\.rxCocoaValue)
        #expect(arguments.first as? Bool ?? false)
    }
}
