import Foundation
import RxLiteTest
import Testing

@testable import RxLiteUI

/// The conversions `rx.observe` applies to what key-value observing delivers: numbers for the integer types and
/// `Bool`, values for the Core Graphics structures, raw values for `RawRepresentable` types.
@Suite(.checksResources) struct KVORepresentableTests {
    enum Tint: Int {
        case red = 1
        case blue = 2
    }

    @Test func theIntegerTypesAndBoolReadTheirNumber() {
        let number = NSNumber(value: 42)
        #expect(Int(KVOValue: number) == 42)
        #expect(Int32(KVOValue: number) == 42)
        #expect(Int64(KVOValue: number) == 42)
        #expect(UInt(KVOValue: number) == 42)
        #expect(UInt32(KVOValue: number) == 42)
        #expect(UInt64(KVOValue: number) == 42)
        #expect(Bool(KVOValue: NSNumber(value: true)) == true)
        #expect(Bool(KVOValue: NSNumber(value: 0)) == false)
    }

    @Test func anIntKeepsAValueBeyondInt32() {
        // RxCocoa reads an `Int` through `int32Value`, which cuts it short.
        let large = Int(Int32.max) + 1
        #expect(Int(KVOValue: NSNumber(value: large)) == large)
    }

    @Test func theCoreGraphicsStructuresReadAValueOfTheirOwnType() {
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(CGPoint(KVOValue: NSValue(point: CGPoint(x: 5, y: 6))) == CGPoint(x: 5, y: 6))
        #expect(CGSize(KVOValue: NSValue(size: CGSize(width: 7, height: 8))) == CGSize(width: 7, height: 8))
        #expect(CGRect(KVOValue: NSValue(rect: rect)) == rect)
    }

    @Test func aValueOfAnotherTypeConvertsToNil() {
        let point = NSValue(point: CGPoint(x: 5, y: 6))
        // A rectangle is larger than the point: copying the point's bytes into one would read past them.
        #expect(CGRect(KVOValue: point) == nil)
        #expect(CGSize(KVOValue: point) == nil)
        #expect(CGPoint(KVOValue: NSValue(size: CGSize(width: 1, height: 2))) == nil)
    }

    @Test func theEncodingsAreObjectiveCs() {
        #expect(ObjCTypeEncoding.point == "{CGPoint=dd}")
        #expect(ObjCTypeEncoding.size == "{CGSize=dd}")
        #expect(ObjCTypeEncoding.rect == "{CGRect={CGPoint=dd}{CGSize=dd}}")
        #expect(String(cString: NSValue(rect: .zero).objCType) == ObjCTypeEncoding.rect)
    }

    @Test func aMissingValueConvertsToNil() {
        let missing: NSNumber? = nil
        #expect(Int(KVOValue: missing) == nil)
        #expect(Int(KVOValue: NSNumber(value: 3) as NSNumber?) == 3)
    }

    @Test func aRawRepresentableTypeConvertsThroughItsRawValue() {
        #expect(Tint(KVOValue: NSNumber(value: 2)) == .blue)
        #expect(Tint(KVOValue: NSNumber(value: 9)) == nil)
        #expect(Tint(KVOValue: nil) == nil)
    }
}
