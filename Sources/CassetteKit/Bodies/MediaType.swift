import Foundation

/// What kind of body a `Content-Type` announces, which decides how bodies are compared, redacted, shown and
/// checked against their contract: the one media-type classification of the package.
///
/// The rules, on the type's essence (``essence(_:)``: parameters dropped, case ignored): JSON is
/// `application/json`, `text/json` and any `+json` suffix (`application/vnd.api+json`); XML is
/// `application/xml`, `text/xml` and any `+xml` suffix; a form is `application/x-www-form-urlencoded`.
public enum MediaType: Sendable, Hashable {
    /// JSON: compared by value, checked against JSON Schema.
    case json
    /// XML: compared in canonical form, checked against XSD.
    case xml
    /// `application/x-www-form-urlencoded`: compared as a set of fields.
    case form
    /// Other text (`text/*`, JavaScript, …).
    case text
    /// Anything else: compared byte for byte, stored base64 in a cassette.
    case binary

    /// Classifies a `Content-Type` or HAR `mimeType` such as `application/vnd.api+json; charset=utf-8`.
    /// Without one, `sniffing` (the body) decides between JSON, XML and text.
    public init(contentType: String?, sniffing body: some Collection<UInt8> = [UInt8]()) {
        let essence = contentType.map(Self.essence) ?? ""
        if essence == "application/json" || essence == "text/json" || essence.hasSuffix("+json") {
            self = .json
        } else if essence == "application/xml" || essence == "text/xml" || essence.hasSuffix("+xml") {
            self = .xml
        } else if essence == "application/x-www-form-urlencoded" {
            self = .form
        } else if essence.hasPrefix("text/") || essence.hasSuffix("javascript") || essence.hasSuffix("ecmascript") {
            self = .text
        } else if essence.isEmpty || essence == "application/octet-stream" {
            self = Self.sniff(body)
        } else {
            self = .binary
        }
    }

    /// `type/subtype` of a content type, lowercased, without parameters or surrounding spaces:
    /// `Application/JSON; charset=utf-8` → `application/json`.
    public static func essence(_ contentType: String) -> String {
        let bytes = contentType.utf8
        let end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        var slice = contentType[..<end].utf8[...]
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return Substring(slice).asciiLowercased
    }

    private static func sniff(_ body: some Collection<UInt8>) -> MediaType {
        guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .binary }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
        case UInt8(ascii: "<"): return .xml
        default: return String(validating: Array(body), as: UTF8.self) == nil ? .binary : .text
        }
    }

    /// Whether bodies of this kind are stored as text in a cassette (when they are UTF-8 and not encoded).
    public var isText: Bool { self != .binary }
}

extension String {
    /// Whether the text, trimmed, looks like an XML document (a form field holding `<Envelope>…`).
    var looksLikeXML: Bool {
        guard let first = utf8.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
        return first == UInt8(ascii: "<")
    }
}
