/// An Objective-C method's signature, read from its type encoding (`method_getTypeEncoding`, such as `v24@0:8B16` for
/// `- (void)viewWillAppear:(BOOL)animated`): what it returns and the type of each argument after the receiver and the
/// selector. This is what an intercepting implementation needs to know to read a call's arguments, and it is plain
/// string parsing, so it runs (and is tested) everywhere.
struct ObjCMethodSignature: Equatable, Sendable {
    /// The type of a value in a signature, for the types an interception can read; everything else is
    /// ``ObjCSignatureError``.
    enum ValueType: Equatable, Sendable {
        /// `v`: no value (a return type only).
        case void
        /// `@` (with or without a class name or `?` for a block): an object, `nil` included.
        case object
        /// `#`: a class.
        case objectClass
        /// `:`: a selector.
        case selector
        /// `B`: C's `bool` (Objective-C's `BOOL` on arm64).
        case bool
        /// `c s i l q`: a signed integer of `bytes` bytes (`c` is also `BOOL` on x86_64).
        case signed(bytes: Int)
        /// `C S I L Q`: an unsigned integer of `bytes` bytes.
        case unsigned(bytes: Int)
        /// `f`: a `float`.
        case float
        /// `d`: a `double`.
        case double
        /// `{CGPoint=dd}`.
        case point
        /// `{CGSize=dd}`.
        case size
        /// `{CGRect={CGPoint=dd}{CGSize=dd}}`.
        case rect
    }

    /// The most arguments (after the receiver and the selector) an interception reads.
    static let maximumArgumentCount = 4

    /// The return type.
    let returnType: ValueType
    /// The return type's encoding, as the method's encoding spells it (qualifiers dropped).
    let returnTypeEncoding: String
    /// The arguments after the receiver (`@`) and the selector (`:`), in order.
    let arguments: [ValueType]

    /// The signature `typeEncoding` describes, if every type in it is one of ``ValueType``'s, it takes at most
    /// ``maximumArgumentCount`` arguments and returns `void` or a value of one of those types.
    ///
    /// Type qualifiers (`r n N o O R V A`) and the stack offsets after each type are skipped.
    init(typeEncoding: String) throws(ObjCSignatureError) {
        var scanner = TypeEncodingScanner(typeEncoding)
        var types: [ValueType] = []
        var returnEncoding = ""
        var index = 0
        while !scanner.isAtEnd {
            let encoded = try scanner.nextType()
            scanner.skipOffset()
            if index == 0 { returnEncoding = encoded }
            guard let type = Self.valueType(encoded) else {
                switch index {
                case 0: throw .unsupportedReturnType(encoded)
                case 1, 2: throw .malformed(typeEncoding)
                default: throw .unsupportedArgumentType(encoded, position: index - 3)
                }
            }
            // The receiver and the selector come first in every method's encoding.
            if index == 1, type != .object { throw .malformed(typeEncoding) }
            if index == 2, type != .selector { throw .malformed(typeEncoding) }
            types.append(type)
            index += 1
        }
        guard types.count >= 3 else { throw .malformed(typeEncoding) }
        guard types.count - 3 <= Self.maximumArgumentCount else { throw .tooManyArguments(types.count - 3) }
        returnType = types[0]
        returnTypeEncoding = returnEncoding
        arguments = Array(types.dropFirst(3))
    }

    private static func valueType(_ encoded: String) -> ValueType? {
        switch encoded {
        case "v": .void
        case "@", "@?": .object
        case _ where encoded.hasPrefix("@\""): .object
        case "#": .objectClass
        case ":": .selector
        case "B": .bool
        case "c": .signed(bytes: 1)
        case "s": .signed(bytes: 2)
        case "i", "l": .signed(bytes: 4)
        case "q": .signed(bytes: 8)
        case "C": .unsigned(bytes: 1)
        case "S": .unsigned(bytes: 2)
        case "I", "L": .unsigned(bytes: 4)
        case "Q": .unsigned(bytes: 8)
        case "f": .float
        case "d": .double
        case "{CGPoint=dd}": .point
        case "{CGSize=dd}": .size
        case "{CGRect={CGPoint=dd}{CGSize=dd}}": .rect
        default: nil
        }
    }
}

/// Why a method's calls cannot be intercepted, found from its type encoding; the public side reports it as a
/// ``RxCocoaObjCRuntimeError``.
enum ObjCSignatureError: Error, Equatable, Sendable {
    /// The encoding is not a method's (it does not parse, or lacks the receiver and the selector).
    case malformed(String)
    /// The method returns a value (or a type) an interception does not handle; it holds that type's encoding.
    case unsupportedReturnType(String)
    /// An argument's type (its encoding, and its position among the arguments after the selector) is not one an
    /// interception can read.
    case unsupportedArgumentType(String, position: Int)
    /// The method takes more than ``ObjCMethodSignature/maximumArgumentCount`` arguments.
    case tooManyArguments(Int)
    /// The arguments do not all fit in the registers the calling convention passes them in.
    case argumentsPassedInMemory
}

/// Reads one type at a time from a type encoding.
private struct TypeEncodingScanner {
    private let characters: [Character]
    private var position = 0
    private let encoding: String

    init(_ encoding: String) {
        self.encoding = encoding
        characters = Array(encoding)
    }

    var isAtEnd: Bool { position >= characters.count }

    /// The next type's encoding, its qualifiers dropped.
    mutating func nextType() throws(ObjCSignatureError) -> String {
        while position < characters.count, "rnNoORVA".contains(characters[position]) { position += 1 }
        let start = position
        try skipType()
        return String(characters[start..<position])
    }

    /// Skips the stack offset (digits, possibly negative) that follows a type in a method's encoding.
    mutating func skipOffset() {
        if position < characters.count, characters[position] == "-" { position += 1 }
        while position < characters.count, characters[position].isASCII, characters[position].isNumber {
            position += 1
        }
    }

    private mutating func skipType() throws(ObjCSignatureError) {
        guard position < characters.count else { throw .malformed(encoding) }
        let first = characters[position]
        position += 1
        switch first {
        case "@":
            if position < characters.count, characters[position] == "?" {
                position += 1
            } else if position < characters.count, characters[position] == "\"" {
                // `@"NSString"`: a class name in quotes.
                position += 1
                try skip(past: "\"")
            }
        case "^":
            while position < characters.count, "rnNoORVA".contains(characters[position]) { position += 1 }
            try skipType()
        case "{": try skipAggregate(closing: "}")
        case "(": try skipAggregate(closing: ")")
        case "[":
            skipOffset()
            try skipType()
            try expect("]")
        case "b": skipOffset()
        case "c", "i", "s", "l", "q", "C", "I", "S", "L", "Q", "f", "d", "D", "B", "v", "*", "#", ":", "?":
            break
        default: throw .malformed(encoding)
        }
    }

    /// Skips a structure's or union's name and members, up to and including `closing`.
    private mutating func skipAggregate(closing: Character) throws(ObjCSignatureError) {
        while position < characters.count, characters[position] != "=", characters[position] != closing {
            position += 1
        }
        if position < characters.count, characters[position] == "=" {
            position += 1
            while position < characters.count, characters[position] != closing {
                if characters[position] == "\"" {
                    position += 1
                    try skip(past: "\"")
                }
                try skipType()
            }
        }
        try expect(closing)
    }

    private mutating func skip(past terminator: Character) throws(ObjCSignatureError) {
        while position < characters.count, characters[position] != terminator { position += 1 }
        try expect(terminator)
    }

    private mutating func expect(_ character: Character) throws(ObjCSignatureError) {
        guard position < characters.count, characters[position] == character else { throw .malformed(encoding) }
        position += 1
    }
}
