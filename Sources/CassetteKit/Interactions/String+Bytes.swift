/// Byte-level helpers for the hot paths of matching: the delimiters and markers searched for are ASCII, so
/// scanning UTF-8 is exact and much cheaper than Character or Foundation string searches.
extension StringProtocol {
    /// Whether the UTF-8 bytes of this text contain `needle`.
    package func containsUTF8(_ needle: String) -> Bool {
        firstUTF8Range(of: needle) != nil
    }

    /// The range of the first occurrence of `needle`'s bytes (indices valid for this text).
    package func firstUTF8Range(of needle: String) -> Range<Index>? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return nil }
        let bytes = utf8
        var start = bytes.startIndex
        while let candidate = bytes[start...].firstIndex(of: first) {
            var cursor = candidate
            var matched = 0
            while matched < pattern.count, cursor < bytes.endIndex, bytes[cursor] == pattern[matched] {
                matched += 1
                cursor = bytes.index(after: cursor)
            }
            if matched == pattern.count { return candidate..<cursor }
            start = bytes.index(after: candidate)
        }
        return nil
    }

    /// The first index of the ASCII byte `byte`.
    func firstIndex(ofASCII byte: UInt8) -> Index? {
        utf8.firstIndex(of: byte)
    }

    /// The text lowercased, without allocating when it has no ASCII capital letter.
    var asciiLowercased: String {
        guard utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return String(self) }
        return lowercased()
    }
}
