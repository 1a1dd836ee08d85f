/// Byte-level views of a `String`'s UTF-8 through its contiguous storage, which every native Swift string has
/// (small ones on the stack): the generic `UTF8View` algorithms (`allSatisfy`, `lexicographicallyPrecedes`) are
/// not specialised across modules and cost a call per byte. The JSON writer checks and copies every string and
/// sorts every object's keys with these (`harness bench serve`, simulate mode: a fifth of a ReferralHero sign-up's
/// answer); the secret scan, the redactor and the server's request reading take their ASCII ways through them.
package enum UTF8Bytes {
    /// Whether `a`'s UTF-8 comes before `b`'s, byte by byte (a prefix first).
    package static func precedes(_ a: String, _ b: String) -> Bool {
        let ordered = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                for (x, y) in zip(left, right) where x != y { return x < y }
                return left.count < right.count
            }
        }
        return (ordered ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Whether every byte of `string`'s UTF-8 is below 0x80.
    package static func isASCII(_ string: String) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } }
            ?? string.utf8.allSatisfy { $0 < 0x80 }
    }

    /// `body`'s result on `string`'s bytes when they are all ASCII (so each is a character of its own), or nil: the
    /// fast way of a check that has a slower one by characters for other text.
    package static func withASCII<T>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T?
    {
        var string = string
        return try string.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } ? try body(bytes) : nil }
    }

    /// `byte` with an ASCII capital letter made small; every other byte as it is.
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// Whether `a` and `b` are the same bytes but for the case of ASCII letters: how HTTP compares field names
    /// (RFC 9110 §5.1), which are ASCII. A letter outside ASCII is compared as it is.
    package static func equalsIgnoringCase(_ a: String, _ b: String) -> Bool {
        let same = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                left.count == right.count && zip(left, right).allSatisfy { lowercased($0) == lowercased($1) }
            }
        }
        return (same ?? nil)
            ?? (a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lowercased($0) == lowercased($1) })
    }

    /// Whether `text` starts with `lowered` (ASCII, small letters) in any letter case.
    package static func hasPrefixIgnoringCase(_ text: Slice<UnsafeBufferPointer<UInt8>>, _ lowered: [UInt8]) -> Bool {
        lowered.withUnsafeBufferPointer { hasPrefix(text, $0) }
    }

    /// Whether `text` starts with `lowered` (ASCII, small letters) in any letter case.
    package static func hasPrefixIgnoringCase(
        _ text: Slice<UnsafeBufferPointer<UInt8>>, _ lowered: StaticString
    ) -> Bool {
        lowered.withUTF8Buffer { hasPrefix(text, $0) }
    }

    /// Whether `text` ends with `lowered` (ASCII, small letters) in any letter case.
    package static func hasSuffixIgnoringCase(
        _ text: Slice<UnsafeBufferPointer<UInt8>>, _ lowered: StaticString
    ) -> Bool {
        lowered.withUTF8Buffer { hasPrefix(text.suffix($0.count), $0) }
    }

    /// Whether `text` is `lowered` (ASCII, small letters) in any letter case.
    package static func equalsIgnoringCase(_ text: Slice<UnsafeBufferPointer<UInt8>>, _ lowered: [UInt8]) -> Bool {
        text.count == lowered.count && hasPrefixIgnoringCase(text, lowered)
    }

    /// Whether `text` is `lowered` (ASCII, small letters) in any letter case.
    package static func equalsIgnoringCase(_ text: Slice<UnsafeBufferPointer<UInt8>>, _ lowered: StaticString) -> Bool {
        text.count == lowered.utf8CodeUnitCount && hasPrefixIgnoringCase(text, lowered)
    }

    /// The one fold behind the prefix, suffix and equality tests: `text` begins with `pattern`'s small letters.
    private static func hasPrefix(
        _ text: Slice<UnsafeBufferPointer<UInt8>>, _ pattern: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        text.count >= pattern.count && zip(text, pattern).allSatisfy { lowercased($0) == $1 }
    }

    /// `text` with each occurrence of `target` replaced by `replacement`, left to right and not overlapping, matched
    /// by UTF-8 bytes rather than by characters (so a `target` that ends where a combining mark follows matches too).
    /// Linear in `text` and `target` whatever they hold (a Knuth–Morris–Pratt search): the redactor runs it on bodies
    /// a client sent. An empty `target` replaces nothing.
    package static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        let pattern = Array(target.utf8)
        guard !pattern.isEmpty, text.utf8.count >= pattern.count else { return text }
        // fallback[i]: the length of the longest proper prefix of pattern[0...i] that is also its suffix.
        var fallback = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for index in pattern.indices.dropFirst() {
            while length > 0, pattern[index] != pattern[length] { length = fallback[length - 1] }
            if pattern[index] == pattern[length] { length += 1 }
            fallback[index] = length
        }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var copied = 0
        var matched = 0
        for (index, byte) in bytes.enumerated() {
            while matched > 0, byte != pattern[matched] { matched = fallback[matched - 1] }
            if byte == pattern[matched] { matched += 1 }
            guard matched == pattern.count else { continue }
            let start = index + 1 - pattern.count
            if output.isEmpty { output.reserveCapacity(bytes.count) }
            output.append(contentsOf: bytes[copied..<start])
            output.append(contentsOf: replacement.utf8)
            copied = index + 1
            matched = 0
        }
        guard copied > 0 else { return text }
        output.append(contentsOf: bytes[copied...])
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `text` holds `lowered` (ASCII, small letters) in any letter case.
    package static func containsIgnoringCase(_ text: Slice<UnsafeBufferPointer<UInt8>>, _ lowered: [UInt8]) -> Bool {
        var start = text.startIndex
        while text.endIndex - start >= lowered.count {
            if hasPrefixIgnoringCase(text[start...], lowered) { return true }
            start += 1
        }
        return false
    }
}
