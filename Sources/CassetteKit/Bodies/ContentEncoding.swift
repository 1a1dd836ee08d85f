internal import CZlib
package import Foundation

/// `Content-Encoding` as bodies use it: gzip and deflate through zlib.
package enum ContentEncoding {
    /// Whether `contentEncoding` names an encoding this module can undo.
    package static func isSupported(_ contentEncoding: String?) -> Bool {
        guard let name = contentEncoding?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return ["gzip", "x-gzip", "deflate"].contains(name)
    }

    /// The most bytes a body inflates to (256 MiB): a small compressed body that would expand past it (a
    /// decompression bomb) is treated as undecodable instead of filling memory.
    package static let maximumDecodedSize = 256 << 20

    /// `body` with `contentEncoding` undone, nil when there is nothing to undo (no header, `identity`), the
    /// bytes are not in that encoding, or they inflate past ``maximumDecodedSize``.
    package static func decode(_ body: Data, contentEncoding: String?) -> Data? {
        guard !body.isEmpty, isSupported(contentEncoding) else { return nil }
        // 15 + 32: zlib or gzip, detected from the header; -15: raw deflate, which some servers send.
        return inflate(body, windowBits: 15 + 32) ?? inflate(body, windowBits: -15)
    }

    /// Whether `body` starts like a gzip or zlib stream (so a HAR text claiming an encoding really has one).
    package static func looksEncoded(_ body: Data) -> Bool {
        guard body.count >= 2 else { return false }
        let first = body[body.startIndex]
        let second = body[body.startIndex + 1]
        if first == 0x1F && second == 0x8B { return true }
        return first & 0x0F == 8 && (UInt16(first) << 8 | UInt16(second)) % 31 == 0
    }

    /// `body` gzip-compressed (used to re-encode a body after redaction, and by tests).
    package static func gzip(_ body: Data) -> Data {
        deflate(body, windowBits: 15 + 16) ?? body
    }

    /// `body` compressed with `contentEncoding` (gzip or deflate), or nil when that is not supported.
    package static func encode(_ body: Data, contentEncoding: String?) -> Data? {
        switch contentEncoding?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "gzip"?, "x-gzip"?: deflate(body, windowBits: 15 + 16)
        case "deflate"?: deflate(body, windowBits: 15)
        default: nil
        }
    }

    private static func inflate(_ input: Data, windowBits: Int32) -> Data? {
        var stream = z_stream()
        guard czlib_inflate_init(&stream, windowBits) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        return run(&stream, input, finishing: false, limit: maximumDecodedSize) { CZlib.inflate(&$0, Z_NO_FLUSH) }
    }

    private static func deflate(_ input: Data, windowBits: Int32) -> Data? {
        var stream = z_stream()
        guard czlib_deflate_init(&stream, Z_DEFAULT_COMPRESSION, windowBits) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        return run(&stream, input, finishing: true, limit: .max) { CZlib.deflate(&$0, Z_FINISH) }
    }

    /// Feeds `input` through an initialised zlib stream in 64 KiB output chunks; the bytes out, or nil when
    /// the stream did not end cleanly (truncated or not in that format), the input is over 4 GiB (zlib's
    /// 32-bit counts), or the output would pass `limit` bytes.
    private static func run(
        _ stream: inout z_stream, _ input: Data, finishing: Bool, limit: Int, step: (inout z_stream) -> Int32
    ) -> Data? {
        guard uInt(exactly: input.count) != nil else { return nil }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var status: Int32 = Z_OK
        input.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: raw.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(raw.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    status = step(&stream)
                    output.append(buffer.baseAddress!, count: buffer.count - Int(stream.avail_out))
                }
                if output.count > limit { return }
            } while status == Z_OK && (finishing || stream.avail_in > 0 || stream.avail_out == 0)
        }
        guard output.count <= limit else { return nil }
        return status == Z_STREAM_END ? output : nil
    }
}
