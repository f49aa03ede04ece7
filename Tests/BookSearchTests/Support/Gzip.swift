import Foundation

/// gzip bodies made by hand (Foundation on Linux has no compressor), for the local server to send with
/// `Content-Encoding: gzip`: a plain one (every byte a literal) and a bomb (a run of one byte, as back-references).
///
/// Both use one final DEFLATE block with the fixed Huffman codes (RFC 1951, 3.2.6) inside a gzip member (RFC 1952)
/// with a correct CRC-32 and length, so zlib accepts them as a real server's.
enum Gzip {
    /// `data` gzip-compressed without matches: larger than `data`, but any client must inflate it.
    static func literal(_ data: Data) -> Data {
        var writer = BitWriter()
        writer.write(0b1, count: 1)  // BFINAL
        writer.write(0b01, count: 2)  // BTYPE: fixed Huffman codes
        for byte in data { writer.writeLiteral(byte) }
        writer.writeEndOfBlock()
        return member(writer.bytes, crc: crc32(data), size: data.count)
    }

    /// `prefix` then `fill` repeated until the whole is `size` bytes, compressed as literals and runs of 258
    /// bytes at distance 1 (13 bits each): 64 MiB inflate from about 420 KB. The trailer's CRC is left zero
    /// (computing it would cost the test seconds): a client that inflated it all would fail on it, and one that
    /// stops at a limit never reads it.
    static func bomb(prefix: Data = Data(), fill: UInt8 = UInt8(ascii: " "), size: Int) -> Data {
        var writer = BitWriter()
        writer.write(0b1, count: 1)
        writer.write(0b01, count: 2)
        for byte in prefix { writer.writeLiteral(byte) }
        writer.writeLiteral(fill)
        var remaining = size - prefix.count - 1
        while remaining >= 258 {
            writer.writeHuffman(0b1100_0101, count: 8)  // length code 285: 258 bytes, no extra bits
            writer.writeHuffman(0, count: 5)  // distance code 0: distance 1
            remaining -= 258
        }
        for _ in 0..<remaining { writer.writeLiteral(fill) }
        writer.writeEndOfBlock()
        return member(writer.bytes, crc: 0, size: size)
    }

    private static func member(_ deflated: [UInt8], crc: UInt32, size: Int) -> Data {
        var out = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF])  // magic, deflate, no flags, no time, unknown OS
        out.append(contentsOf: deflated)
        for value in [crc, UInt32(truncatingIfNeeded: size)] {
            out.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
        }
        return out
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc = CRC32()
        crc.update(data)
        return crc.value
    }

    /// CRC-32 (IEEE 802.3, reflected), as gzip's trailer holds it.
    private struct CRC32 {
        private static let table: [UInt32] = (0..<256).map { index in
            (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        private var state: UInt32 = 0xFFFF_FFFF
        var value: UInt32 { state ^ 0xFFFF_FFFF }

        mutating func update(_ data: Data) {
            for byte in data { update(byte) }
        }

        private mutating func update(_ byte: UInt8) {
            state = Self.table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8)
        }
    }

    /// DEFLATE's bit order: fields least significant bit first, Huffman codes most significant bit first.
    private struct BitWriter {
        private(set) var bytes: [UInt8] = []
        private var current: UInt8 = 0
        private var used = 0

        mutating func write(_ value: UInt32, count: Int) {
            for bit in 0..<count { append(value >> bit & 1) }
        }

        mutating func writeHuffman(_ code: UInt32, count: Int) {
            for bit in (0..<count).reversed() { append(code >> bit & 1) }
        }

        /// A literal byte in the fixed code: 0-143 as 8 bits from 0x30, 144-255 as 9 bits from 0x190.
        mutating func writeLiteral(_ byte: UInt8) {
            if byte < 144 {
                writeHuffman(0x30 + UInt32(byte), count: 8)
            } else {
                writeHuffman(0x190 + UInt32(byte) - 144, count: 9)
            }
        }

        /// Code 256 (seven zero bits), then the last partial byte.
        mutating func writeEndOfBlock() {
            writeHuffman(0, count: 7)
            if used > 0 {
                bytes.append(current)
                current = 0
                used = 0
            }
        }

        private mutating func append(_ bit: UInt32) {
            current |= UInt8(bit) << used
            used += 1
            if used == 8 {
                bytes.append(current)
                current = 0
                used = 0
            }
        }
    }
}
