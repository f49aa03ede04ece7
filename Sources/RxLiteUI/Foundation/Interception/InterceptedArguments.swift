import Foundation

/// The calling conventions an intercepting implementation reads arguments in: the 64-bit ones of Apple platforms.
enum ObjCCallingConvention: Sendable {
    /// AAPCS64 as Apple uses it (iOS, tvOS, watchOS and visionOS devices, Apple silicon Macs and simulators).
    case arm64
    /// The System V AMD64 ABI (Intel Macs and their simulators).
    case x86_64

    /// The convention of the platform this runs on, or `nil` where interception is not supported.
    static var current: ObjCCallingConvention? {
        #if arch(arm64)
            .arm64
        #elseif arch(x86_64)
            .x86_64
        #else
            nil
        #endif
    }
}

/// How many general-purpose and floating-point registers a call's arguments (after the receiver and the selector)
/// occupy: what an intercepting implementation's function type must declare to receive them and pass them on.
///
/// Both conventions assign the two register files independently, in argument order, and pass a `CGPoint`, `CGSize`
/// or `CGRect` that fits as consecutive `double`s (arm64: a homogeneous aggregate in consecutive vector registers;
/// x86_64: two SSE eightbytes, for the 16-byte ones only). So a method taking `(id, CGPoint, BOOL)` is received
/// exactly as a function taking two integer registers and two `double`s, and only the counts matter. An integer
/// narrower than 64 bits arrives in the low bits of its register (the rest unspecified), a `float` in the low 32
/// bits of its vector register: reading and passing on the whole register keeps the value.
struct ArgumentRegisterLayout: Hashable, Sendable {
    /// The general-purpose registers used after the receiver's and the selector's.
    let integerCount: Int
    /// The floating-point (vector) registers used.
    let floatingPointCount: Int

    /// General-purpose registers an interception reads after the receiver and the selector: x86_64 has six for
    /// arguments, two of which the receiver and the selector take.
    static let maximumIntegerCount = 4
    /// Floating-point registers for arguments, in both conventions.
    static let maximumFloatingPointCount = 8

    /// A layout of `integerCount` and `floatingPointCount` registers.
    init(integerCount: Int, floatingPointCount: Int) {
        self.integerCount = integerCount
        self.floatingPointCount = floatingPointCount
    }

    /// Where `signature`'s arguments are under `convention`: it must return `void`, and every argument must be passed
    /// in a register (what is passed in memory, a `CGRect` on x86_64 or what does not fit, cannot be read).
    init(_ signature: ObjCMethodSignature, convention: ObjCCallingConvention) throws(ObjCSignatureError) {
        guard signature.returnType == .void else { throw .unsupportedReturnType(signature.returnTypeEncoding) }
        var integers = 0
        var floats = 0
        for argument in signature.arguments {
            switch argument {
            case .void: throw .malformed("v")
            case .object, .objectClass, .selector, .bool, .signed, .unsigned: integers += 1
            case .float, .double: floats += 1
            case .point, .size: floats += 2
            case .rect:
                // 32 bytes: x86_64 passes any aggregate over 16 bytes in memory.
                guard convention == .arm64 else { throw .argumentsPassedInMemory }
                floats += 4
            }
        }
        // An aggregate that no longer fits goes to the stack whole, and so does any argument after the registers run
        // out: neither can be read from registers.
        guard integers <= Self.maximumIntegerCount, floats <= Self.maximumFloatingPointCount else {
            throw .argumentsPassedInMemory
        }
        self.init(integerCount: integers, floatingPointCount: floats)
    }
}

/// The argument registers of one intercepted call, as the intercepting implementation received them.
struct ArgumentRegisters: Sendable {
    /// The general-purpose registers after the receiver's and the selector's, in order.
    var integers: [UInt64]
    /// The floating-point registers, in order.
    var floatingPoint: [Double]
}

/// One argument of an intercepted call, decoded from its registers.
enum InterceptedArgument: Equatable, Sendable {
    /// An object, as its address (0 for `nil`).
    case object(UInt)
    /// A class, as its address.
    case objectClass(UInt)
    /// A selector, as its address.
    case selector(UInt)
    /// A C `bool`.
    case bool(Bool)
    /// A signed integer of `bytes` bytes.
    case signed(Int64, bytes: Int)
    /// An unsigned integer of `bytes` bytes.
    case unsigned(UInt64, bytes: Int)
    /// A `float`.
    case float(Float)
    /// A `double`.
    case double(Double)
    /// A `CGPoint`.
    case point(CGPoint)
    /// A `CGSize`.
    case size(CGSize)
    /// A `CGRect`.
    case rect(CGRect)
}

extension ObjCMethodSignature {
    /// The arguments of a call with this signature, read from `registers` as ``ArgumentRegisterLayout`` describes.
    func decodeArguments(_ registers: ArgumentRegisters) -> [InterceptedArgument] {
        var nextInteger = 0
        var nextFloat = 0
        func integer() -> UInt64 {
            defer { nextInteger += 1 }
            return registers.integers[nextInteger]
        }
        func double() -> Double {
            defer { nextFloat += 1 }
            return registers.floatingPoint[nextFloat]
        }
        return arguments.map { type -> InterceptedArgument in
            switch type {
            case .void: preconditionFailure("Internal inconsistency: a void argument")
            case .object: .object(UInt(truncatingIfNeeded: integer()))
            case .objectClass: .objectClass(UInt(truncatingIfNeeded: integer()))
            case .selector: .selector(UInt(truncatingIfNeeded: integer()))
            case .bool: .bool(UInt8(truncatingIfNeeded: integer()) != 0)
            case .signed(let bytes): .signed(Self.signExtended(integer(), bytes: bytes), bytes: bytes)
            case .unsigned(let bytes): .unsigned(Self.zeroExtended(integer(), bytes: bytes), bytes: bytes)
            case .float: .float(Float(bitPattern: UInt32(truncatingIfNeeded: double().bitPattern)))
            case .double: .double(double())
            case .point: .point(CGPoint(x: double(), y: double()))
            case .size: .size(CGSize(width: double(), height: double()))
            case .rect: .rect(CGRect(x: double(), y: double(), width: double(), height: double()))
            }
        }
    }

    private static func signExtended(_ word: UInt64, bytes: Int) -> Int64 {
        switch bytes {
        case 1: Int64(Int8(truncatingIfNeeded: word))
        case 2: Int64(Int16(truncatingIfNeeded: word))
        case 4: Int64(Int32(truncatingIfNeeded: word))
        default: Int64(bitPattern: word)
        }
    }

    private static func zeroExtended(_ word: UInt64, bytes: Int) -> UInt64 {
        bytes >= 8 ? word : word & ((1 << UInt64(bytes * 8)) - 1)
    }
}

extension InterceptedArgument {
    /// The argument as RxCocoa hands it to `sentMessage` and `methodInvoked` subscribers: an object as itself (`NSNull`
    /// for `nil`), a number as an `NSNumber` of its C type, a selector as an `NSValue` holding its pointer, a geometry
    /// structure as an `NSValue` of its type encoding.
    ///
    /// An object's address must be that of an object alive for the duration of the call (the caller's argument).
    /// Outside Apple platforms there are no selectors, and a selector's address is an `NSNumber`.
    var rxCocoaValue: Any {
        switch self {
        case .object(let address), .objectClass(let address):
            guard let pointer = UnsafeRawPointer(bitPattern: address) else { return NSNull() }
            return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
        case .selector(var address):
            #if canImport(ObjectiveC)
                // What `NSValue(pointer:)` makes: the pointer's bytes, encoded as `void *`.
                return withUnsafeBytes(of: &address) { Self.value($0, "^v") }
            #else
                return NSNumber(value: address)
            #endif
        case .bool(let value): return NSNumber(value: value)
        case .signed(let value, let bytes):
            switch bytes {
            case 1: return NSNumber(value: Int8(truncatingIfNeeded: value))
            case 2: return NSNumber(value: Int16(truncatingIfNeeded: value))
            case 4: return NSNumber(value: Int32(truncatingIfNeeded: value))
            default: return NSNumber(value: value)
            }
        case .unsigned(let value, let bytes):
            switch bytes {
            case 1: return NSNumber(value: UInt8(truncatingIfNeeded: value))
            case 2: return NSNumber(value: UInt16(truncatingIfNeeded: value))
            case 4: return NSNumber(value: UInt32(truncatingIfNeeded: value))
            default: return NSNumber(value: value)
            }
        case .float(let value): return NSNumber(value: value)
        case .double(let value): return NSNumber(value: value)
        case .point(var value): return withUnsafeBytes(of: &value) { Self.value($0, "{CGPoint=dd}") }
        case .size(var value): return withUnsafeBytes(of: &value) { Self.value($0, "{CGSize=dd}") }
        case .rect(var value):
            return withUnsafeBytes(of: &value) { Self.value($0, "{CGRect={CGPoint=dd}{CGSize=dd}}") }
        }
    }

    private static func value(_ bytes: UnsafeRawBufferPointer, _ encoding: String) -> NSValue {
        // Both Foundations make the value of a geometry structure from its bytes and encoding.
        encoding.withCString { NSValue(bytes: bytes.baseAddress!, objCType: $0) }
    }
}
