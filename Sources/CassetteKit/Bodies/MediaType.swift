import Foundation

/// What kind of body a `Content-Type` announces, which decides how bodies are compared, redacted and shown.
public enum MediaType: Sendable, Hashable {
    case json
    case xml
    case form
    /// Other text (`text/*`, JavaScript, …).
    case text
    case binary

    /// Classifies a `Content-Type` or HAR `mimeType` such as `application/vnd.api+json; charset=utf-8`.
    /// Without one, `sniffing` (the body) decides between JSON, XML and text.
    public init(contentType: String?, sniffing body: some Collection<UInt8> = [UInt8]()) {
        let essence =
            contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            ?? ""
        if essence.hasSuffix("/json") || essence.hasSuffix("+json") || essence == "application/x-ndjson" {
            self = .json
        } else if essence.hasSuffix("/xml") || essence.hasSuffix("+xml") {
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
