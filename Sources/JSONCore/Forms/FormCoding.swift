/// `application/x-www-form-urlencoded` text (form bodies and URL queries) and percent-encoded URL paths: the one
/// reader and writer the SDKs, the simulators, the cassettes and the contract check share, so that they all read
/// the same bytes the same way.
///
/// The rules, everywhere:
/// - `&` separates fields and the first `=` separates a name from its value: `a=b=c` is `a` → `b=c`, a lone `a`
///   is `a` → `""`. Empty segments (`a=1&&b=2`, a leading or trailing `&`) are skipped. Fields keep their order,
///   and a repeated name is kept each time.
/// - `+` is a space in forms and queries; in a path (``decodePath(_:)``), or where a caller asks for
///   ``Plus/literal``, it stays a plus.
/// - `%` followed by two hex digits (either case) is that byte.
/// - A `%` not followed by two hex digits (`%zz`, a truncated `%4`, a lone `%`) stays as written, as browsers
///   read it (WHATWG URL Standard, "percent-decode").
/// - A name or value whose bytes, once decoded, are not UTF-8 (`%FF`, `%C3%28`) stays as written in the lenient
///   readers; the validating readers (``decode(validating:plus:)``, ``decodeComponent(validating:plus:)``)
///   return nil instead, so that a checker can report it.
public enum FormCoding {
    /// What a `+` means.
    public enum Plus: Sendable, Hashable {
        /// A space: forms and URL queries.
        case space
        /// A plus: URL paths, and readers emulating a client that does not decode `+` (RFC 3986 queries).
        case literal
    }

    /// How ``encode(_:spelling:)`` writes text.
    public enum Spelling: Sendable, Hashable {
        /// RFC 3986: the unreserved characters (`A-Z a-z 0-9 - . _ ~`) as they are, every other byte as `%XX`
        /// (a space is `%20`). Safe in a path segment, a query and a form.
        case uri
        /// As browsers and the shipped SDKs write forms (WHATWG URL Standard): `A-Z a-z 0-9 * - . _` as they are,
        /// a space as `+`, every other byte as `%XX`.
        case browser
    }

    // MARK: Decoding

    /// The fields of `text` (a form body or a URL query without its `?`), decoded.
    public static func decode(_ text: some StringProtocol, plus: Plus = .space) -> [FormField] {
        rawFields(Substring(text)).map { field in
            FormField(
                name: decodeComponent(field.name, plus: plus),
                value: field.value.map { decodeComponent($0, plus: plus) } ?? "")
        }
    }

    /// The fields of a form body, or nil when a name or value is not UTF-8 once decoded (the raw bytes included).
    public static func decode(validating bytes: some Collection<UInt8>, plus: Plus = .space) -> [FormField]? {
        var fields: [FormField] = []
        for segment in Array(bytes).split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = segment.firstIndex(of: UInt8(ascii: "="))
            let rawName = segment[..<(equals ?? segment.endIndex)]
            guard let name = String(validating: percentDecoded(rawName, plus: plus), as: UTF8.self) else { return nil }
            var value = ""
            if let equals {
                let rawValue = segment[segment.index(after: equals)...]
                guard let decoded = String(validating: percentDecoded(rawValue, plus: plus), as: UTF8.self) else {
                    return nil
                }
                value = decoded
            }
            fields.append(FormField(name: name, value: value))
        }
        return fields
    }

    /// One name or value, decoded; kept as written when its decoded bytes are not UTF-8.
    public static func decodeComponent(_ text: some StringProtocol, plus: Plus = .space) -> String {
        decodeComponent(validating: text, plus: plus) ?? String(text)
    }

    /// One name or value, decoded, or nil when its decoded bytes are not UTF-8.
    public static func decodeComponent(validating text: some StringProtocol, plus: Plus = .space) -> String? {
        let utf8 = text.utf8
        let plusByte: UInt8? = plus == .space ? UInt8(ascii: "+") : nil
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == plusByte }) else { return String(text) }
        return String(validating: percentDecoded(utf8, plus: plus), as: UTF8.self)
    }

    /// A URL path or one of its segments, percent-decoded with `+` kept as a plus; kept as written when its
    /// decoded bytes are not UTF-8. `%2F` becomes `/`, so split a path into segments before decoding them.
    /// One without a `%` is copied as it is, without the decoding path (a simulator splits every request's path
    /// into segments and decodes each).
    public static func decodePath(_ text: some StringProtocol) -> String {
        text.utf8.contains(UInt8(ascii: "%")) ? decodeComponent(text, plus: .literal) : String(text)
    }

    /// The path decoded as above, for a `String`: one without a `%` is returned as it is, without the generic
    /// path (routing and matching decode a path per request and per recorded entry).
    public static func decodePath(_ text: String) -> String {
        text.utf8.contains(UInt8(ascii: "%")) ? decodeComponent(text, plus: .literal) : text
    }

    /// The bytes `text` stands for: `%XX` escapes decoded, `+` per `plus`, anything else (a broken escape
    /// included) as written.
    static func percentDecoded(_ text: some Collection<UInt8>, plus: Plus) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var rest = text[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "+"), plus == .space {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), let high = rest.first.flatMap(hexValue),
                let low = rest.dropFirst().first.flatMap(hexValue)
            {
                bytes.append(high << 4 | low)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: Encoding

    /// Percent-encodes a name, a value or a path segment.
    public static func encode(_ text: String, spelling: Spelling = .uri) -> String {
        var output: [UInt8] = []
        append(text, spelling: spelling, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A form body or a query: the fields encoded, `name=value` joined with `&`.
    public static func encode(_ fields: some Sequence<FormField>, spelling: Spelling = .uri) -> String {
        String(decoding: encodedBytes(fields, spelling: spelling), as: UTF8.self)
    }

    /// The form body `encode(fields)` spells, as the bytes of a request body (ASCII).
    public static func encodedBytes(_ fields: some Sequence<FormField>, spelling: Spelling = .uri) -> [UInt8] {
        var output: [UInt8] = []
        for field in fields {
            if !output.isEmpty { output.append(UInt8(ascii: "&")) }
            append(field.name, spelling: spelling, to: &output)
            output.append(UInt8(ascii: "="))
            append(field.value, spelling: spelling, to: &output)
        }
        return output
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// What each byte becomes in a spelling: itself (`keep`), `+` (`plus`), or `%XX` (`percent`).
    private enum Treatment: UInt8 {
        case percent, keep, plus
    }

    /// The treatment of every byte value, for `.uri` and `.browser`.
    private static let uriTreatments = treatments(.uri)
    private static let browserTreatments = treatments(.browser)

    private static func treatments(_ spelling: Spelling) -> [Treatment] {
        (0...255).map { (value: Int) -> Treatment in
            let byte = UInt8(value)
            switch (byte, spelling) {
            case (UInt8(ascii: "a")...UInt8(ascii: "z"), _), (UInt8(ascii: "A")...UInt8(ascii: "Z"), _),
                (UInt8(ascii: "0")...UInt8(ascii: "9"), _), (UInt8(ascii: "-"), _), (UInt8(ascii: "."), _),
                (UInt8(ascii: "_"), _), (UInt8(ascii: "~"), .uri), (UInt8(ascii: "*"), .browser):
                return .keep
            case (UInt8(ascii: " "), .browser):
                return .plus
            default:
                return .percent
            }
        }
    }

    /// Appends `text` encoded: the bytes it takes are counted first and written in place, a table lookup per byte.
    private static func append(_ text: String, spelling: Spelling, to output: inout [UInt8]) {
        let treatments = spelling == .uri ? uriTreatments : browserTreatments
        var text = text
        text.withUTF8 { bytes in
            treatments.withUnsafeBufferPointer { treatments in
                var escaped = 0
                for byte in bytes where treatments[Int(byte)] == .percent { escaped += 1 }
                let start = output.count
                let needed = start + bytes.count + 2 * escaped
                if needed > output.capacity { output.reserveCapacity(max(needed, 2 * output.capacity)) }
                output.append(contentsOf: repeatElement(0, count: needed - start))
                hexDigits.withUnsafeBufferPointer { hex in
                    output.withUnsafeMutableBufferPointer { output in
                        var at = start
                        for byte in bytes {
                            switch treatments[Int(byte)] {
                            case .keep:
                                output[at] = byte
                                at += 1
                            case .plus:
                                output[at] = UInt8(ascii: "+")
                                at += 1
                            case .percent:
                                output[at] = UInt8(ascii: "%")
                                output[at + 1] = hex[Int(byte >> 4)]
                                output[at + 2] = hex[Int(byte & 0x0F)]
                                at += 3
                            }
                        }
                    }
                }
            }
        }
    }
}

/// One field of a form body or a URL query, decoded.
public struct FormField: Sendable, Hashable {
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// The name, percent-decoded.
    public var name: String
    /// The value, percent-decoded (`""` for a segment without `=`).
    public var value: String
}

extension Sequence<FormField> {
    /// Each name's value, the last one winning when a name repeats (how the simulators read queries and forms).
    public var lastValues: [String: String] {
        Dictionary(map { ($0.name, $0.value) }) { _, last in last }
    }
}
