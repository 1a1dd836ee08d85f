import JSONCore
import LibXML

/// What normalization needs besides the matcher: the volatile fields, the secret rules and XPath prefixes.
struct MatchContext: Sendable, Hashable {
    let volatile: [FieldRule]
    let secrets: RedactionRules
    let namespaces: [String: String]

    let volatileHeaders: [String: [FieldRule]]
    let volatileQuery: [String: [FieldRule]]
    let volatileForm: [String: [FieldRule]]
    let volatilePointers: [(pointer: JSONPointer, rule: FieldRule)]
    let volatileXPaths: [FieldRule]
    let volatileValues: [ValuePattern]
    /// Configured secret XPaths, then volatile XPaths without a pattern: masked in canonical XML. (Elements
    /// and attributes named like secret fields are masked by walking the canonical tree, which is faster.)
    let maskedXPaths: [String]

    init(volatile: [FieldRule], secrets: RedactionRules, namespaces: [String: String]) {
        self.volatile = volatile
        self.secrets = secrets
        self.namespaces = namespaces
        var headers: [String: [FieldRule]] = [:]
        var query: [String: [FieldRule]] = [:]
        var form: [String: [FieldRule]] = [:]
        var pointers: [(JSONPointer, FieldRule)] = []
        var xpaths: [FieldRule] = []
        var values: [ValuePattern] = []
        for rule in volatile {
            switch rule.selector {
            case .header(let name): headers[name.lowercased(), default: []].append(rule)
            case .query(let name): query[name, default: []].append(rule)
            case .form(let name): form[name, default: []].append(rule)
            case .cookie: break
            case .json(let pointer): pointers.append((pointer, rule))
            case .xpath: xpaths.append(rule)
            case .value(let pattern): values.append(pattern)
            }
        }
        volatileHeaders = headers
        volatileQuery = query
        volatileForm = form
        volatilePointers = pointers
        volatileXPaths = xpaths
        volatileValues = values
        maskedXPaths =
            secrets.configuredXPaths
            + xpaths.compactMap { rule in
                guard rule.pattern == nil, case .xpath(let expression) = rule.selector else { return nil }
                return expression
            }
    }

    /// This context with more volatile fields (an entry's own).
    func adding(volatile more: [FieldRule]) -> MatchContext {
        guard !more.isEmpty else { return self }
        return MatchContext(volatile: volatile + more, secrets: secrets, namespaces: namespaces)
    }

    /// A value at a name-addressed volatile field, or a value a `value:` pattern matches, as the placeholder.
    func mask(_ value: String, rules: [FieldRule]?) -> String {
        if let rules, rules.contains(where: { $0.covers(value) }) { return XML.volatilePlaceholder }
        if volatileValues.contains(where: { $0.matches(value) }) { return XML.volatilePlaceholder }
        return PlaceholderTable.stripNumbers(value)
    }

    /// `element` with secret-named leaf elements and attributes masked, and every value passed through
    /// ``mask(_:rules:)``.
    func maskCanonical(_ element: XML.CanonicalElement) -> XML.CanonicalElement {
        var copy = element
        copy.attributes = element.attributes.map { attribute in
            let local = attribute.name.split(separator: "}").last.map(String.init) ?? attribute.name
            let value = secrets.isSecretField(local) ? XML.volatilePlaceholder : mask(attribute.value, rules: nil)
            return XML.Attribute(attribute.name, value)
        }
        let isLeaf = !element.children.contains { if case .element = $0 { true } else { false } }
        if isLeaf, !element.children.isEmpty, secrets.isSecretField(element.localName) {
            copy.children = [.text(XML.volatilePlaceholder)]
            return copy
        }
        copy.children = element.children.map { child in
            switch child {
            case .text(let text): .text(mask(text, rules: nil))
            case .element(let nested): .element(maskCanonical(nested))
            }
        }
        return copy
    }

    /// Checks every XPath compiles, so a typo in a cassette's `_harness` is reported once, not as a miss.
    func validate() throws(CassetteError) {
        let probe: XML.Document
        do {
            probe = try XML.Document(string: "<probe/>")
        } catch {
            return
        }
        for expression in maskedXPaths + volatileXPaths.compactMap(\.xpathExpression) {
            do {
                _ = try probe.select(expression, namespaces: namespaces)
            } catch {
                throw .invalidField(text: "xpath:\(expression)", reason: "\(error)")
            }
        }
    }

    static func == (lhs: MatchContext, rhs: MatchContext) -> Bool {
        lhs.volatile == rhs.volatile && lhs.secrets == rhs.secrets && lhs.namespaces == rhs.namespaces
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(volatile)
        hasher.combine(secrets)
        hasher.combine(namespaces)
    }
}

extension FieldRule {
    var xpathExpression: String? {
        if case .xpath(let expression) = selector { return expression }
        return nil
    }
}
