/// A JSON writer on UTF-8 bytes (much cheaper than appending to a `String` piece by piece).
struct JSONText {
    private(set) var bytes: [UInt8] = []
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends raw JSON text (punctuation, numbers, already valid JSON).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` as a JSON string literal (quotes included).
    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            bytes.append(0x22)
            if !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
                bytes.append(contentsOf: utf8)
            } else {
                for byte in utf8 { escape(byte) }
            }
            bytes.append(0x22)
        }
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
        case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
        case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
        case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
        case ..<0x20:
            bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0x0F)]])
        default: bytes.append(byte)
        }
    }

    /// Appends `value` in decimal, zero-padded to `width` digits.
    mutating func digits(_ value: Int, width: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var remaining = value.magnitude
        var scratch: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &scratch) { buffer in
            repeat {
                buffer[count] = UInt8(0x30 + remaining % 10)
                remaining /= 10
                count += 1
            } while (remaining > 0 || count < width) && count < 8
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// The text written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Bytes written so far.
    var count: Int { bytes.count }

    /// Appends `value`'s UTF-8 bytes as they are (no quotes, no escaping).
    mutating func utf8(_ value: String) {
        var value = value
        value.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with the bytes written so far.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer(body)
    }

    /// Forgets the text, keeping the buffer for the next one.
    mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
    }
}
