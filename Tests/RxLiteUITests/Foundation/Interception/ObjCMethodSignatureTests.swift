import Foundation
import RxLiteTest
import Testing

@testable import RxLiteUI

/// Reading a method's type encoding (what `method_getTypeEncoding` returns) into the types an interception reads.
@Suite(.checksResources) struct ObjCMethodSignatureTests {
    typealias ValueType = ObjCMethodSignature.ValueType

    @Test func readsViewWillAppearsBool() throws {
        let signature = try ObjCMethodSignature(typeEncoding: "v24@0:8B16")
        #expect(signature.returnType == .void)
        #expect(signature.arguments == [.bool])
    }

    @Test func readsBoolAsASignedCharWhereBOOLIsOne() throws {
        // x86_64's BOOL is `signed char`.
        #expect(try ObjCMethodSignature(typeEncoding: "v20@0:8c16").arguments == [.signed(bytes: 1)])
    }

    @Test(arguments: [
        ("c", ValueType.signed(bytes: 1)), ("s", .signed(bytes: 2)), ("i", .signed(bytes: 4)),
        ("l", .signed(bytes: 4)), ("q", .signed(bytes: 8)), ("C", .unsigned(bytes: 1)), ("S", .unsigned(bytes: 2)),
        ("I", .unsigned(bytes: 4)), ("L", .unsigned(bytes: 4)), ("Q", .unsigned(bytes: 8)), ("f", .float),
        ("d", .double), ("B", .bool), ("@", .object), ("#", .objectClass), (":", .selector),
        ("{CGPoint=dd}", .point), ("{CGSize=dd}", .size), ("{CGRect={CGPoint=dd}{CGSize=dd}}", .rect),
    ])
    func readsEachSupportedType(encoding: String, type: ValueType) throws {
        let signature = try ObjCMethodSignature(typeEncoding: "v40@0:8\(encoding)16")
        #expect(signature.arguments == [type])
    }

    @Test func readsSeveralArgumentsAndSkipsTheirOffsets() throws {
        let signature = try ObjCMethodSignature(typeEncoding: "v56@0:8@16{CGPoint=dd}24q40d48")
        #expect(signature.arguments == [.object, .point, .signed(bytes: 8), .double])
    }

    @Test func skipsQualifiersClassNamesAndBlocks() throws {
        // `oneway void`, a `const` object, an object with its class name, a block.
        let signature = try ObjCMethodSignature(typeEncoding: #"Vv40@0:8r@16@"NSString"24@?32"#)
        #expect(signature.returnType == .void)
        #expect(signature.arguments == [.object, .object, .object])
    }

    @Test func readsAMethodWithoutArguments() throws {
        let signature = try ObjCMethodSignature(typeEncoding: "v16@0:8")
        #expect(signature.arguments.isEmpty)
    }

    @Test func keepsASupportedReturnTypeForTheLayoutToRefuse() throws {
        let signature = try ObjCMethodSignature(typeEncoding: "B24@0:8@16")
        #expect(signature.returnType == .bool)
        #expect(signature.returnTypeEncoding == "B")
    }

    @Test(arguments: [
        ("{CGAffineTransform=dddddd}16@0:8", "{CGAffineTransform=dddddd}"), ("^v16@0:8", "^v"),
        ("{_NSRange=QQ}16@0:8", "{_NSRange=QQ}"), ("*16@0:8", "*"),
    ])
    func refusesAReturnTypeItCannotRead(encoding: String, returnType: String) {
        #expect(throws: ObjCSignatureError.unsupportedReturnType(returnType)) {
            try ObjCMethodSignature(typeEncoding: encoding)
        }
    }

    @Test(arguments: [
        ("v24@0:8^v16", "^v", 0), ("v32@0:8@16{_NSRange=QQ}24", "{_NSRange=QQ}", 1),
        ("v24@0:8*16", "*", 0), ("v48@0:8{UIEdgeInsets=dddd}16", "{UIEdgeInsets=dddd}", 0),
        ("v32@0:8@16^@24", "^@", 1), ("v24@0:8D16", "D", 0), ("v28@0:8[4i]16", "[4i]", 0),
    ])
    func refusesAnArgumentItCannotRead(encoding: String, argument: String, position: Int) {
        #expect(throws: ObjCSignatureError.unsupportedArgumentType(argument, position: position)) {
            try ObjCMethodSignature(typeEncoding: encoding)
        }
    }

    @Test func refusesMoreThanFourArguments() {
        #expect(throws: ObjCSignatureError.tooManyArguments(5)) {
            try ObjCMethodSignature(typeEncoding: "v56@0:8@16@24@32@40@48")
        }
        #expect(throws: Never.self) { try ObjCMethodSignature(typeEncoding: "v48@0:8@16@24@32@40") }
    }

    @Test(arguments: ["", "v16", "v16@0", "v16:0@8", "v24@0:8{CGPoint=dd", "v24@0:8%16", "v16@0:8@\"Name"])
    func refusesWhatIsNotAMethodsEncoding(encoding: String) {
        #expect(throws: ObjCSignatureError.malformed(encoding)) { try ObjCMethodSignature(typeEncoding: encoding) }
    }
}
