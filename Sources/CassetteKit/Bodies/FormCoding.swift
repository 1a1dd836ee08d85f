/// `application/x-www-form-urlencoded` text (form bodies and URL queries), read and rewritten without
/// disturbing the fields that do not change.
public enum FormCoding {
    /// One `name=value` segment: decoded, and the raw text it came from.
    struct Field: Hashable {
        var name: String
        var value: String
        var raw: Substring
    }

    /// The fields of `text`, percent-decoded with `+` as a space, in order. Empty segments (`a=1&&b=2`) are
    /// skipped.
    static func decode(_ text: some StringProtocol) -> [Field] {
        var fields: [Field] = []
        for segment in segments(Substring(text)) where !segment.isEmpty {
            if let equals = segment.firstIndex(ofASCII: UInt8(ascii: "=")) {
                fields.append(
                    Field(
                        name: percentDecode(segment[..<equals]),
                        value: percentDecode(segment[segment.utf8.index(after: equals)...]),
                        raw: segment))
            } else {
                fields.append(Field(name: percentDecode(segment), value: "", raw: segment))
            }
        }
        return fields
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

    /// `text` with each field's value replaced by what `transform` returns (nil keeps the raw segment exactly).
    static func rewrite(_ text: String, _ transform: (_ name: String, _ value: String) -> String?) -> String {
        var changed = false
        var output: [Substring] = []
        for segment in segments(Substring(text)) {
            guard !segment.isEmpty else {
                output.append(segment)
                continue
            }
            let equals = segment.firstIndex(ofASCII: UInt8(ascii: "="))
            let rawName = equals.map { segment[..<$0] } ?? segment
            let value = equals.map { percentDecode(segment[segment.utf8.index(after: $0)...]) } ?? ""
            if let replacement = transform(percentDecode(rawName), value), replacement != value {
                changed = true
                output.append(Substring(rawName + "=" + encode(replacement)))
            } else {
                output.append(segment)
            }
        }
        return changed ? output.joined(separator: "&") : text
    }

    /// Percent-encodes a name or value for a form body or a query (unreserved characters stay as they are).
    public static func encode(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                output += hex.count == 1 ? "%0" + hex : "%" + hex
            }
        }
        return output
    }

    /// Decodes `%XX` escapes and `+`; invalid escapes are kept as written.
    static func percentDecode(_ text: Substring) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let high = hexValue(iterator[iterator.startIndex]),
                let low = hexValue(iterator[iterator.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
