import Foundation
import JSONCore
import LibXML

/// Renders a cassette for people: each interaction with its headers and its body decoded (gzip undone),
/// JSON formatted, XML indented, form fields one per line (a field holding XML indented too).
package struct InteractionRenderer: Sendable {
    /// Bodies longer than this many characters are cut (0: never).
    package var bodyLimit: Int

    package init(bodyLimit: Int = 0) {
        self.bodyLimit = bodyLimit
    }

    /// The whole cassette: a summary line, its `_harness` settings, then every interaction.
    package func render(_ cassette: Cassette, source: String) -> String {
        let harness = cassette.harness
        var summary =
            "\(source): \(cassette.log.entries.count) interaction\(cassette.log.entries.count == 1 ? "" : "s")"
        let labels = [harness.flow.map { "flow \($0)" }, harness.vendor.map { "vendor \($0)" }].compactMap { $0 }
        if !labels.isEmpty { summary += " (" + labels.joined(separator: ", ") + ")" }
        var lines = [summary]
        if !harness.volatile.isEmpty {
            lines.append("volatile: " + harness.volatile.map(\.description).joined(separator: ", "))
        }
        if !harness.redact.isEmpty {
            lines.append("redacted fields: " + harness.redact.map(\.description).joined(separator: ", "))
        }
        if let outcome = harness.outcome { lines.append("outcome: " + outcome.serialized()) }
        for (index, entry) in cassette.log.entries.enumerated() {
            lines.append("")
            lines += render(entry, index: index)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One interaction.
    package func render(_ entry: HAR.Entry, index: Int) -> [String] {
        var lines = ["#\(index) \(entry.request.method) \(entry.request.url)"]
        lines += entry.request.headers.map { "  \($0.name): \($0.value)" }
        let requestEncoding = entry.request.headers.first { HeaderFields.same($0.name, "Content-Encoding") }?.value
        if let postData = entry.request.postData {
            lines += body(postData.bytes, contentType: postData.mimeType, contentEncoding: requestEncoding)
        }
        let time = entry.time > 0 ? "  (\(Int(entry.time.rounded())) ms)" : ""
        lines.append("→ \(entry.response.status) \(entry.response.statusText)\(time)")
        lines += entry.response.headers.map { "  \($0.name): \($0.value)" }
        let responseEncoding = entry.response.headers.first { HeaderFields.same($0.name, "Content-Encoding") }?.value
        lines += body(
            entry.response.content.bytes, contentType: entry.response.content.mimeType,
            contentEncoding: responseEncoding)
        if let volatile = entry.harness?.volatile, !volatile.isEmpty {
            lines.append("  volatile: " + volatile.map(\.description).joined(separator: ", "))
        }
        return lines
    }

    private func body(_ bytes: Data?, contentType: String, contentEncoding: String?) -> [String] {
        guard let bytes else { return ["  (body: invalid base64)"] }
        guard !bytes.isEmpty else { return [] }
        var lines: [String] = []
        var decoded = bytes
        if let plain = ContentEncoding.decode(bytes, contentEncoding: contentEncoding) {
            decoded = plain
            lines.append(
                "  (\(contentEncoding ?? "encoded"), \(bytes.count) bytes on the wire, \(plain.count) decoded)")
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            return lines + ["  (\(decoded.count) bytes of binary data)"]
        }
        let rendered: String
        switch MediaType(contentType: contentType, sniffing: decoded) {
        case .json: rendered = (try? JSONValue(parsing: text).serialized(.stable)) ?? text
        case .xml: rendered = Self.indentedXML(text) ?? text
        case .form:
            rendered = FormCoding.decode(text).map { field in
                guard field.value.looksLikeXML, let xml = Self.indentedXML(field.value) else {
                    return "\(field.name) = \(field.value)"
                }
                return "\(field.name) =\n"
                    + xml.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
                        separator: "\n")
            }.joined(separator: "\n")
        case .text, .binary: rendered = text
        }
        let clipped = bodyLimit > 0 && rendered.count > bodyLimit ? rendered.prefix(bodyLimit) + " …" : rendered
        return lines + [""] + clipped.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 } + [
            ""
        ]
    }

    static func indentedXML(_ text: String) -> String? {
        guard let root = try? XML.Document(string: text).root else { return nil }
        return withoutFormatting(root).serialized(indented: true)
    }

    /// The element without whitespace-only text between child elements, so it indents afresh.
    static func withoutFormatting(_ element: XML.Element) -> XML.Element {
        var copy = element
        let hasElements = element.children.contains { if case .element = $0 { true } else { false } }
        copy.children = element.children.compactMap { child in
            switch child {
            case .element(let nested): return .element(withoutFormatting(nested))
            case .text(let text) where hasElements && text.allSatisfy(\.isWhitespace): return nil
            default: return child
            }
        }
        return copy
    }
}
