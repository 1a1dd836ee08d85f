import Foundation
import JSONCore
import LibXML

extension Normalizer {
    /// The body as compared: decoded from its `Content-Encoding`, secrets and volatile values masked, and
    /// parsed as the matcher (or, for `.automatic`, the content type) says.
    func bodyKey(_ request: CassetteRequest, matcher: BodyMatcher, replacer: inout SecretReplacer) -> BodyKey {
        bodyKey(
            body: request.decodedBody, contentType: request.headers["Content-Type"], matcher: matcher,
            replacer: &replacer)
    }

    /// The normalized form of `body`, read as `contentType` says (or sniffed when it says nothing useful).
    func bodyKey(body: Data, contentType: String?, matcher: BodyMatcher, replacer: inout SecretReplacer) -> BodyKey {
        guard !body.isEmpty else { return .empty }
        let kind: BodyMatcher.Kind
        switch matcher.kind {
        case .automatic:
            switch MediaType(contentType: contentType, sniffing: body) {
            case .json: kind = .json
            case .xml: kind = .xmlCanonical
            case .form: kind = .form
            case .text, .binary: kind = .exact
            }
        default:
            kind = matcher.kind
        }
        let hasPatterns = !context.secrets.patterns.isEmpty
        if kind == .json, !hasPatterns, var value = try? JSONValue(parsing: body) {
            // The common case, parsed straight from the bytes.
            replacer.json(&value)
            return .json(maskJSON(value))
        }
        guard var text = String(validating: body, as: UTF8.self) else { return .bytes(body) }
        if hasPatterns { text = replacer.patterns(in: text, field: "body") }
        switch kind {
        case .json:
            guard var value = try? JSONValue(parsing: text) else { return .malformed(kind: "JSON", text: text) }
            replacer.json(&value)
            return .json(maskJSON(value))
        case .xmlCanonical:
            guard let canonical = canonicalXML(text) else { return .malformed(kind: "XML", text: text) }
            return .xml(canonical)
        case .form:
            return .form(formPairs(text, replacer: &replacer))
        case .exact, .automatic, .ignored:
            return .text(context.mask(text, rules: nil))
        }
    }

    func maskJSON(_ value: JSONValue) -> JSONValue {
        var masked = value
        for (pattern, rule) in context.volatilePointers {
            for pointer in masked.resolve(pattern) {
                guard let found = masked[pointer: pointer] else { continue }
                if let pattern = rule.pattern, !pattern.matches(SecretReplacer.text(of: found) ?? "") { continue }
                masked.set(.string(XML.volatilePlaceholder), at: pointer)
            }
        }
        guard !context.volatileValues.isEmpty || Self.holdsPlaceholder(masked) else { return masked }
        return masked.mappingStrings { context.mask($0, rules: nil) }
    }

    /// Whether a string in `value` holds a redaction placeholder (a read-only scan).
    static func holdsPlaceholder(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): text.containsUTF8(PlaceholderTable.prefix)
        case .array(let elements): elements.contains(where: holdsPlaceholder)
        case .object(let object): object.contains { holdsPlaceholder($0.value) }
        default: false
        }
    }

    /// Canonical XML with secrets and volatile nodes masked; nil when the text is not XML.
    func canonicalXML(_ text: String) -> XML.Canonical? {
        guard let document = try? XML.Document(string: text) else { return nil }
        var ignoring = context.maskedXPaths
        for rule in context.volatileXPaths {
            guard let pattern = rule.pattern, let expression = rule.xpathExpression else { continue }
            let nodes = (try? document.select(expression, namespaces: context.namespaces)) ?? []
            if !nodes.isEmpty, nodes.allSatisfy({ pattern.matches($0.value) }) { ignoring.append(expression) }
        }
        guard var canonical = try? document.canonical(ignoring: ignoring, namespaces: context.namespaces) else {
            return nil
        }
        canonical.root = context.maskCanonical(canonical.root)
        return canonical
    }

    func formPairs(_ text: String, replacer: inout SecretReplacer) -> [Pair] {
        FormCoding.decode(text).map { field in
            let redacted = replacer.pair(.form, name: field.name, value: field.value)
            let volatile = context.volatileForm[field.name]
            if volatile?.contains(where: { $0.covers(redacted) }) == true {
                return Pair(name: field.name, value: .text(XML.volatilePlaceholder))
            }
            if redacted == field.value, field.value.looksLikeXML, let canonical = canonicalXML(field.value) {
                return Pair(name: field.name, value: .xml(canonical))
            }
            return Pair(name: field.name, value: .text(context.mask(redacted, rules: nil)))
        }.sorted()
    }
}
