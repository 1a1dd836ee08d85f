import Foundation
import JSONCore

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
        var contentType = contentType ?? ""
        // By the essence's bytes, not a lowercased copy: a message's type is classified several times per
        // exchange (recording, redaction, the contract check). ASCII letters fold as `essence(_:)` folds them.
        let kind = contentType.withUTF8 { bytes -> MediaType? in
            let essence = Self.essenceBytes(bytes)
            func `is`(_ lowered: StaticString) -> Bool { UTF8Bytes.equalsIgnoringCase(essence, lowered) }
            func ends(_ lowered: StaticString) -> Bool { UTF8Bytes.hasSuffixIgnoringCase(essence, lowered) }
            if `is`("application/json") || `is`("text/json") || ends("+json") { return .json }
            if `is`("application/xml") || `is`("text/xml") || ends("+xml") { return .xml }
            if `is`("application/x-www-form-urlencoded") { return .form }
            if UTF8Bytes.hasPrefixIgnoringCase(essence, "text/") || ends("javascript") || ends("ecmascript") {
                return .text
            }
            if essence.isEmpty || `is`("application/octet-stream") { return nil }
            return .binary
        }
        self = kind ?? Self.sniff(body)
    }

    /// `type/subtype` of a content type, without parameters or surrounding spaces, its ASCII letters lowercased (a
    /// media type is ASCII and case-insensitive, RFC 9110 §8.3.1; any other character is kept as it is):
    /// `Application/JSON; charset=utf-8` → `application/json`.
    public static func essence(_ contentType: String) -> String {
        var contentType = contentType
        return contentType.withUTF8 { bytes in
            String(decoding: essenceBytes(bytes).map(UTF8Bytes.lowercased), as: UTF8.self)
        }
    }

    /// The bytes of `type/subtype` in a content type's: before any `;`, spaces and tabs around it dropped.
    private static func essenceBytes(_ contentType: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var essence = contentType[..<(contentType.firstIndex(of: UInt8(ascii: ";")) ?? contentType.endIndex)]
        while let first = essence.first, first == 0x20 || first == 0x09 { essence = essence.dropFirst() }
        while let last = essence.last, last == 0x20 || last == 0x09 { essence = essence.dropLast() }
        return essence
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
