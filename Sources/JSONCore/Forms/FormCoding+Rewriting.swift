extension FormCoding {
    /// One non-empty `&`-separated segment as written: its name, and its value when it has an `=`.
    package struct RawField: Sendable, Hashable {
        package var segment: Substring
        package var name: Substring
        package var value: Substring?
    }

    /// The non-empty segments of `text`, not decoded.
    package static func rawFields(_ text: Substring) -> [RawField] {
        segments(text).compactMap { segment in
            guard !segment.isEmpty else { return nil }
            guard let equals = segment.utf8.firstIndex(of: UInt8(ascii: "=")) else {
                return RawField(segment: segment, name: segment, value: nil)
            }
            return RawField(
                segment: segment, name: segment[..<equals], value: segment[segment.utf8.index(after: equals)...])
        }
    }

    /// The `&`-separated segments of `text`, empty ones included.
    static func segments(_ text: Substring) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            if text.utf8[index] == UInt8(ascii: "&") {
                result.append(text[start..<index])
                start = text.utf8.index(after: index)
            }
            index = text.utf8.index(after: index)
        }
        result.append(text[start...])
        return result
    }

    /// `text` with each field's value replaced by what `transform` returns (nil keeps the segment exactly as
    /// written, and text with no replacement is returned unchanged). Replacements are written ``Spelling/uri``.
    package static func rewrite(_ text: String, _ transform: (_ name: String, _ value: String) -> String?) -> String {
        var changed = false
        var output: [Substring] = []
        for segment in segments(Substring(text)) {
            guard let field = rawFields(segment).first else {
                output.append(segment)
                continue
            }
            let value = field.value.map { decodeComponent($0) } ?? ""
            if let replacement = transform(decodeComponent(field.name), value), replacement != value {
                changed = true
                output.append(Substring(field.name + "=" + encode(replacement)))
            } else {
                output.append(segment)
            }
        }
        return changed ? output.joined(separator: "&") : text
    }
}
