import Foundation
import JSONCore
import LibXML

extension Redactor {
    /// The body with its secrets replaced, or nil when nothing changed. Content-encoded bodies are decoded,
    /// redacted and encoded again; binary bodies are left alone.
    mutating func redactBody(_ body: Data, contentType: String, contentEncoding: String?) -> Data? {
        let encoded = contentEncoding.map { !$0.isEmpty && $0.lowercased() != "identity" } ?? false
        let decoded: Data
        if encoded {
            guard let plain = ContentEncoding.decode(body, contentEncoding: contentEncoding) else { return nil }
            decoded = plain
        } else {
            decoded = body
        }
        guard let text = String(validating: decoded, as: UTF8.self) else { return nil }
        let redacted: String
        switch MediaType(contentType: contentType, sniffing: decoded) {
        case .json: redacted = redactJSONText(text)
        case .xml: redacted = redactXMLText(text, field: "xpath:")
        case .form: redacted = FormCoding.rewrite(text) { name, value in redactFormValue(name: name, value: value) }
        case .text: redacted = replacer.patterns(in: text, field: "body")
        case .binary: return nil
        }
        guard redacted != text else { return nil }
        let plain = Data(redacted.utf8)
        guard encoded else { return plain }
        return ContentEncoding.encode(plain, contentEncoding: contentEncoding) ?? plain
    }

    /// A form field's value redacted: by its name, or, when it holds XML, inside the XML.
    mutating func redactFormValue(name: String, value: String) -> String {
        let redacted = replacer.pair(.form, name: name, value: value)
        guard redacted == value, value.looksLikeXML else { return redacted }
        return redactXMLText(value, field: "form:\(name) xpath:")
    }

    /// JSON text with secrets replaced where they are written, so the rest of the text keeps its form; when
    /// a secret is not a plain string, the value is written again compactly.
    mutating func redactJSONText(_ text: String) -> String {
        guard replacer.mayHoldSecrets(jsonText: text) else { return text }
        guard let original = try? JSONValue(parsing: text) else { return replacer.patterns(in: text, field: "body") }
        var redacted = original
        replacer.json(&redacted)
        guard redacted != original else { return text }
        var replacements: [(String, String)] = []
        guard Self.stringReplacements(from: original, to: redacted, into: &replacements) else {
            return redacted.serialized()
        }
        var result = text
        for (secret, placeholder) in replacements {
            var literal = ""
            JSONValue.writeString(secret, to: &literal)
            var replacement = ""
            JSONValue.writeString(placeholder, to: &replacement)
            result = UTF8Bytes.replacing(literal, with: replacement, in: result)
        }
        guard (try? JSONValue(parsing: result)) == redacted else { return redacted.serialized() }
        return result
    }

    /// Collects the strings that changed; false when something other than a string changed.
    private static func stringReplacements(
        from original: JSONValue, to redacted: JSONValue, into replacements: inout [(String, String)]
    ) -> Bool {
        switch (original, redacted) {
        case (.string(let before), .string(let after)):
            if before != after { replacements.append((before, after)) }
            return true
        case (.object(let before), .object(let after)):
            guard before.keys == after.keys else { return false }
            for key in before.keys where !stringReplacements(from: before[key]!, to: after[key]!, into: &replacements) {
                return false
            }
            return true
        case (.array(let before), .array(let after)):
            guard before.count == after.count else { return false }
            return zip(before, after).allSatisfy { stringReplacements(from: $0, to: $1, into: &replacements) }
        default:
            return original == redacted
        }
    }

    /// XML text with the values of secret elements and attributes (and configured XPaths) replaced through
    /// libxml2, then the `value:` patterns applied.
    mutating func redactXMLText(_ text: String, field prefix: String) -> String {
        var result = text
        if let document = try? XML.Document(string: text) {
            let edited = try? document.replacingValues(selectedBy: rules.xpaths, namespaces: namespaces) { node in
                guard !node.value.isEmpty else { return nil }
                return replacer.placeholder(kind: node.name, secret: node.value, field: prefix + node.path)
            }
            if let edited { result = Self.declaration(of: text) + edited }
        }
        return replacer.patterns(in: result, field: "body")
    }

    /// The source's `<?xml …?>` declaration and the whitespace after it, or nothing.
    static func declaration(of text: String) -> String {
        let start = text.drop { $0 == "\u{FEFF}" }
        guard start.hasPrefix("<?xml"), let end = start.firstRange(of: "?>") else { return "" }
        let afterDeclaration = start[end.upperBound...]
        let whitespace = afterDeclaration.prefix { $0.isWhitespace }
        return String(start[..<end.upperBound]) + whitespace
    }
}
