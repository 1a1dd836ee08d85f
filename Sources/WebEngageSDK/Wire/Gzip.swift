import Foundation

/// gzip (RFC 1952) around deflate's stored blocks (RFC 1951 §3.2.4): a valid stream every inflater reads,
/// without a compressor, since the SDK links nothing but Foundation. Template parameters are small.
enum Gzip {
    static func compress(_ data: Data) -> Data {
        var output = Data([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff])
        let bytes = [UInt8](data)
        var offset = 0
        repeat {
            let count = min(65_535, bytes.count - offset)
            let final = offset + count == bytes.count
            output.append(final ? 0x01 : 0x00)
            let length = UInt16(count)
            output.append(contentsOf: littleEndian(length))
            output.append(contentsOf: littleEndian(~length))
            output.append(contentsOf: bytes[offset..<offset + count])
            offset += count
        } while offset < bytes.count
        output.append(contentsOf: littleEndian(crc32(bytes)))
        output.append(contentsOf: littleEndian(UInt32(truncatingIfNeeded: bytes.count)))
        return output
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        (0..<(T.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
