import JSONCore

/// Finds the secrets in the parts of a message and replaces them with placeholders from a table, noting
/// where each one was. Recording uses numbered placeholders; matching uses kind-only ones.
struct SecretReplacer {
    let rules: RedactionRules
    var table: PlaceholderTable
    /// Where secrets were replaced, as selector text, and by what.
    private(set) var applied: [(field: String, placeholder: String)] = []
    private let patterns: [ValuePattern]
    private let jsonPointers: [FieldRule]
    /// The secret field names' UTF-8, for ``mayHoldSecrets(jsonText:)``.
    private let fieldNameBytes: [[UInt8]]
    /// Bit `n` set when a secret field name is `n` bytes long (bit 63: 63 or more), so that most strings of a text
    /// are passed over without comparing them with each name (which retained and released each name's bytes).
    private let fieldNameLengths: UInt64

    init(rules: RedactionRules, table: PlaceholderTable) {
        self.rules = rules
        self.table = table
        patterns = rules.patterns
        jsonPointers = rules.jsonPointers
        fieldNameBytes = rules.fieldNames.map { Array($0.utf8) }
        fieldNameLengths = fieldNameBytes.reduce(0) { $0 | Self.lengthBit($1.count) }
    }

    mutating func placeholder(kind: String, secret: String, field: String) -> String {
        let placeholder = table.placeholder(kind: kind, secret: secret)
        if placeholder != secret, !applied.contains(where: { $0.field == field && $0.placeholder == placeholder }) {
            applied.append((field, placeholder))
        }
        return placeholder
    }

    mutating func resetApplied() { applied = [] }

    /// A header value with its secret replaced: the whole value, the credentials after an `Authorization`
    /// scheme, each cookie value of `Cookie`, the value of a `Set-Cookie`; then the `value:` patterns.
    mutating func header(name: String, value: String) -> String {
        let lowered = name.lowercased()
        let secret = rules.isSecretHeader(lowered: lowered)
        // Most headers of most messages: nothing to replace, so no field name to write.
        guard secret || !patterns.isEmpty else { return value }
        let field = "header:\(name)"
        var result = value
        if secret {
            switch lowered {
            case "authorization", "proxy-authorization":
                let parts = value.split(separator: " ", maxSplits: 1)
                if parts.count == 2 {
                    result = "\(parts[0]) " + placeholder(kind: lowered, secret: String(parts[1]), field: field)
                } else {
                    result = placeholder(kind: lowered, secret: value, field: field)
                }
            case "cookie":
                result = value.split(separator: ";", omittingEmptySubsequences: false).map { pair in
                    replaceCookieValue(String(pair), kind: "cookie", field: field)
                }.joined(separator: ";")
            case "set-cookie":
                let pieces = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
                let first = replaceCookieValue(String(pieces[0]), kind: "set-cookie", field: field)
                result = pieces.count > 1 ? first + ";" + pieces[1] : first
            default:
                result = placeholder(kind: lowered, secret: value, field: field)
            }
        }
        return patterns(in: result, field: field)
    }

    private mutating func replaceCookieValue(_ pair: String, kind: String, field: String) -> String {
        guard let equals = pair.firstIndex(of: "=") else { return pair }
        let secret = String(pair[pair.index(after: equals)...])
        guard !secret.isEmpty else { return pair }
        return String(pair[...equals]) + placeholder(kind: kind, secret: secret, field: field)
    }

    /// A query parameter or form field value with its secret replaced.
    mutating func pair(_ kind: PairKind, name: String, value: String) -> String {
        let field = "\(kind.rawValue):\(name)"
        if rules.isSecretField(name, in: kind), !value.isEmpty {
            return placeholder(kind: name, secret: value, field: field)
        }
        return patterns(in: value, field: field)
    }

    /// `text` with every `value:` pattern match replaced.
    mutating func patterns(in text: String, field: String) -> String {
        var result = text
        for pattern in patterns {
            result = pattern.replacingMatches(in: result) { secret in
                placeholder(kind: "pattern", secret: secret, field: field)
            }
        }
        return result
    }

    /// A JSON value with secret members, configured pointers and pattern matches replaced.
    mutating func json(_ value: inout JSONValue, field prefix: String = "json:") {
        if holdsSecrets(value) { walk(&value, at: .root, prefix: prefix) }
        for rule in jsonPointers {
            guard case .json(let pattern) = rule.selector else { continue }
            let kind = pattern.tokens.last(where: { $0 != "*" }) ?? "json"
            for pointer in value.resolve(pattern) {
                guard let found = value[pointer: pointer], let secret = Self.text(of: found), rule.covers(secret)
                else { continue }
                let replacement = placeholder(kind: kind, secret: secret, field: prefix + pointer.description)
                value.set(.string(replacement), at: pointer)
            }
        }
    }

    private mutating func walk(_ value: inout JSONValue, at pointer: JSONPointer, prefix: String) {
        switch value {
        case .object(var object):
            for key in object.keys {
                let child = pointer.appending(key)
                if rules.isSecretField(key), let secret = Self.text(of: object[key]!), !secret.isEmpty {
                    object[key] = .string(placeholder(kind: key, secret: secret, field: prefix + child.description))
                } else {
                    var member = object[key]!
                    walk(&member, at: child, prefix: prefix)
                    object[key] = member
                }
            }
            value = .object(object)
        case .array(var array):
            for index in array.indices { walk(&array[index], at: pointer.appending(index), prefix: prefix) }
            value = .array(array)
        case .string(let text):
            if !patterns.isEmpty {
                value = .string(patterns(in: text, field: prefix + pointer.description))
            }
        default:
            break
        }
    }

    /// Whether JSON text may hold something ``json(_:field:)`` replaces, told without parsing it: without `value:`
    /// patterns or JSON-pointer rules only a member named like a secret field (``RedactionRules/fieldNames``, in any
    /// letter case) is replaced, and without escapes every key is a string of the text, its bytes as written. Text
    /// with an escape (a key written `"pass\u0077ord"`) or a byte outside ASCII (a letter such as the Kelvin sign
    /// lowercases to an ASCII `k`) may name one otherwise, so it may hold one. A simulator's answers hold none: the
    /// server's journal redacts each one, and parsing them only to find that cost a tenth of a sign-up's time
    /// (`harness bench serve`, simulate writes).
    func mayHoldSecrets(jsonText text: String) -> Bool {
        guard patterns.isEmpty, jsonPointers.isEmpty else { return true }
        guard !fieldNameBytes.isEmpty else { return false }
        /// An escape, or a byte outside ASCII: the text is parsed instead.
        func escapedOrWide(_ byte: UInt8) -> Bool { byte >= 0x80 || byte == UInt8(ascii: "\\") }
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if escapedOrWide(byte) { return true }
                index += 1
                guard byte == UInt8(ascii: "\"") else { continue }
                // A string, to its closing quote: without an escape (checked on the way) it is its bytes.
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if escapedOrWide(bytes[index]) { return true }
                    index += 1
                }
                if fieldNameLengths & Self.lengthBit(index - start) != 0 {
                    let string = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    if fieldNameBytes.contains(where: { UTF8Bytes.equalsIgnoringCase(string[...], $0) }) { return true }
                }
                index += 1
            }
            return false
        }
    }

    /// The bit of ``fieldNameLengths`` for a string of `count` bytes.
    private static func lengthBit(_ count: Int) -> UInt64 { 1 << UInt64(min(count, 63)) }

    /// Whether `value` has a member named like a secret, or a string the patterns may match (a read-only
    /// scan, so the common case copies nothing).
    private func holdsSecrets(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let object):
            object.contains { member in
                (rules.isSecretField(member.key) && Self.text(of: member.value).map { !$0.isEmpty } == true)
                    || holdsSecrets(member.value)
            }
        case .array(let elements): elements.contains(where: holdsSecrets)
        case .string: !patterns.isEmpty
        default: false
        }
    }

    /// The text a secret value is replaced from: a string as it is, a number or boolean as written.
    static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): number.text
        case .bool(let flag): flag ? "true" : "false"
        case .null: nil
        case .array, .object: value.serialized()
        }
    }
}

extension SecretReplacer {
    /// `url` with secret query parameters and pattern matches replaced.
    mutating func url(_ url: String) -> String {
        guard let question = url.firstIndex(of: "?") else { return patterns(in: url, field: "url") }
        let end = url[question...].firstIndex(of: "#") ?? url.endIndex
        let query = String(url[url.index(after: question)..<end])
        let rewritten = FormCoding.rewrite(query) { name, value in pair(.query, name: name, value: value) }
        return patterns(in: url[...question] + rewritten + url[end...], field: "url")
    }
}
