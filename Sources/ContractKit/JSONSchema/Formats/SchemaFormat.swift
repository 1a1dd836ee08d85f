import JSONCore

/// The `format` values that assert (when ``JSONSchema/Options/formatAssertion`` is on). Unknown formats are
/// annotations only, as the specification asks.
enum SchemaFormat: String, Sendable {
    case dateTime = "date-time"
    case date
    case time
    case duration
    case email
    case idnEmail = "idn-email"
    case hostname
    case ipv4
    case ipv6
    case uri
    case uriReference = "uri-reference"
    case iri
    case iriReference = "iri-reference"
    case uuid
    case jsonPointer = "json-pointer"
    case relativeJSONPointer = "relative-json-pointer"
    case regex
    case uriTemplate = "uri-template"

    func accepts(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        switch self {
        case .dateTime: return RFC3339.isDateTime(text)
        case .date: return RFC3339.isFullDate(text)
        case .time: return RFC3339.isFullTime(text)
        case .duration: return DateTimeFormat.isDuration(bytes)
        case .email: return NetworkFormat.isEmail(bytes, international: false)
        case .idnEmail: return NetworkFormat.isEmail(bytes, international: true)
        case .hostname: return NetworkFormat.isHostname(bytes[...])
        case .ipv4: return NetworkFormat.isIPv4(bytes[...])
        case .ipv6: return NetworkFormat.isIPv6(bytes[...])
        case .uri: return URIFormat.isValid(bytes, requireScheme: true, international: false)
        case .uriReference: return URIFormat.isValid(bytes, requireScheme: false, international: false)
        case .iri: return URIFormat.isValid(bytes, requireScheme: true, international: true)
        case .iriReference: return URIFormat.isValid(bytes, requireScheme: false, international: true)
        case .uuid: return Self.isUUID(bytes)
        case .jsonPointer: return Self.isJSONPointer(bytes[...])
        case .relativeJSONPointer: return Self.isRelativeJSONPointer(bytes)
        case .regex: return (try? ECMAPattern(text)) != nil
        case .uriTemplate: return Self.isURITemplate(bytes)
        }
    }

    private static func isUUID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !byte.isHexDigit {
                return false
            }
        }
        return true
    }

    private static func isJSONPointer(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        guard first == UInt8(ascii: "/") else { return false }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "~") {
                let next = index + 1
                guard next < bytes.endIndex, bytes[next] == UInt8(ascii: "0") || bytes[next] == UInt8(ascii: "1")
                else { return false }
            }
            index += 1
        }
        return true
    }

    private static func isRelativeJSONPointer(_ bytes: [UInt8]) -> Bool {
        let digits = bytes.prefix { $0.isDigit }
        guard !digits.isEmpty, digits.count == 1 || digits.first != UInt8(ascii: "0") else { return false }
        let rest = bytes[digits.count...]
        return rest.elementsEqual([UInt8(ascii: "#")]) || isJSONPointer(rest)
    }

    /// RFC 6570: literals, and `{` operator? varspec ("," varspec)* `}` expressions.
    private static func isURITemplate(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")),
                    isTemplateExpression(bytes[(index + 1)..<close])
                else { return false }
                index = close + 1
                continue
            }
            if byte <= 0x20 || byte == 0x7F || "\"<>\\^`|}".utf8.contains(byte) { return false }
            index += 1
        }
        return true
    }

    private static func isTemplateExpression(_ expression: ArraySlice<UInt8>) -> Bool {
        var body = expression
        if let first = body.first, "+#./;?&".utf8.contains(first) { body = body.dropFirst() }
        guard !body.isEmpty else { return false }
        for varspec in body.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            var name = varspec[...]
            if name.last == UInt8(ascii: "*") {
                name = name.dropLast()
            } else if let colon = name.firstIndex(of: UInt8(ascii: ":")) {
                let length = name[(colon + 1)...]
                guard (1...4).contains(length.count), length.allSatisfy(\.isDigit), length.first != UInt8(ascii: "0")
                else { return false }
                name = name[..<colon]
            }
            guard !name.isEmpty, name.first != UInt8(ascii: "."), name.last != UInt8(ascii: "."),
                !name.indices.contains(where: { $0 > name.startIndex && name[$0] == 0x2E && name[$0 - 1] == 0x2E }),
                name.allSatisfy({ $0.isASCIILetter || $0.isDigit || $0 == 0x5F || $0 == 0x2E || $0 == 0x25 })
            else { return false }
        }
        return true
    }
}

extension UInt8 {
    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isHexDigit: Bool { isDigit || (self >= 0x41 && self <= 0x46) || (self >= 0x61 && self <= 0x66) }
    var isASCIILetter: Bool { (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) }
}

/// RFC 3339 durations (dates and times are JSONCore's ``RFC3339``), and decimal digits.
enum DateTimeFormat {
    /// The decimal value of `count` ASCII digits at `start`, or nil.
    static func number(_ bytes: ArraySlice<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.endIndex else { return nil }
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard byte.isDigit else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// ISO 8601 durations as RFC 3339 Appendix A writes them: `P1Y2M3DT4H5M6S`, `P2W`.
    static func isDuration(_ bytes: [UInt8]) -> Bool {
        guard bytes.first == UInt8(ascii: "P"), bytes.count > 1 else { return false }
        var index = 1
        var inTime = false
        var order = "YMD"[...]
        var sawComponent = false
        var sawWeek = false
        var sawUnitInPart = false
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "T") {
                guard !inTime else { return false }
                inTime = true
                order = "HMS"
                sawUnitInPart = false
                index += 1
                guard index < bytes.count else { return false }
                continue
            }
            let digits = bytes[index...].prefix { $0.isDigit }.count
            guard digits > 0, index + digits < bytes.count else { return false }
            let designator = Character(Unicode.Scalar(bytes[index + digits]))
            index += digits + 1
            if designator == "W", !inTime {
                guard !sawComponent else { return false }
                sawWeek = true
                sawComponent = true
                continue
            }
            // Components are consecutive: `P1Y2D` (no months between) is not a duration.
            guard !sawWeek, let position = order.firstIndex(of: designator),
                position == order.startIndex || !sawUnitInPart
            else { return false }
            order = order[order.index(after: position)...]
            sawUnitInPart = true
            sawComponent = true
        }
        return sawComponent && !(inTime && bytes.last == UInt8(ascii: "T"))
    }
}
