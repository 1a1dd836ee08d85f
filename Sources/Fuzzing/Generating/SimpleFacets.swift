internal import Foundation
internal import JSONCore
internal import LibXML

/// What an XSD simple type allows, gathered along its derivation: the built-in type it starts from, its
/// enumeration, its patterns (one list per derivation step: a value matches one pattern of every step), its
/// bounds and lengths; or the members of a union, or the item type of a list.
struct SimpleFacets: Sendable {
    /// The built-in type at the root of the derivation (`string`, `integer`, `nonNegativeInteger`, …).
    var base = "string"
    var enumerations: [String] = []
    var patterns: [[String]] = []
    var minimum: Double?
    var maximum: Double?
    var minLength: Int?
    var maxLength: Int?
    var union: [SimpleFacets] = []
    var listItem: [SimpleFacets] = []

    static let integers: Set<String> = [
        "integer", "int", "long", "short", "byte", "nonNegativeInteger", "positiveInteger", "nonPositiveInteger",
        "negativeInteger", "unsignedLong", "unsignedInt", "unsignedShort", "unsignedByte",
    ]
    static let decimals: Set<String> = ["decimal", "float", "double"]
    static let dates: Set<String> = ["date", "dateTime", "time", "gYear", "gYearMonth", "duration"]

    var isNumeric: Bool { Self.integers.contains(base) || Self.decimals.contains(base) }

    /// The bounds a built-in integer type brings (`nonNegativeInteger`: 0 and up).
    private var builtInBounds: (Double?, Double?) {
        switch base {
        case "nonNegativeInteger", "unsignedLong", "unsignedInt": (0, nil)
        case "positiveInteger": (1, nil)
        case "nonPositiveInteger": (nil, 0)
        case "negativeInteger": (nil, -1)
        case "short": (-32_768, 32_767)
        case "byte": (-128, 127)
        case "unsignedShort": (0, 65_535)
        case "unsignedByte": (0, 255)
        default: (nil, nil)
        }
    }

    /// Narrows these facets by the facets of one `xs:restriction` step.
    mutating func restrict(_ restriction: XML.Element, generator: XSDGenerator, depth: Int) {
        var stepEnumerations: [String] = []
        var stepPatterns: [String] = []
        for facet in restriction.elements {
            let value = facet.attribute("value") ?? ""
            switch facet.localName {
            case "enumeration": stepEnumerations.append(value)
            case "pattern": stepPatterns.append(value)
            case "minInclusive": minimum = Self.finite(value) ?? minimum
            case "maxInclusive": maximum = Self.finite(value) ?? maximum
            case "minExclusive": minimum = Self.finite(value).map { $0 + 1 } ?? minimum
            case "maxExclusive": maximum = Self.finite(value).map { $0 - 1 } ?? maximum
            case "length":
                minLength = Int(value) ?? minLength
                maxLength = Int(value) ?? maxLength
            case "minLength": minLength = Int(value) ?? minLength
            case "maxLength": maxLength = Int(value) ?? maxLength
            case "simpleType": self = generator.facets(of: facet, depth: depth + 1)
            default: continue
            }
        }
        if !stepEnumerations.isEmpty { enumerations = stepEnumerations }
        if !stepPatterns.isEmpty { patterns.append(stepPatterns) }
    }

    /// A value these facets allow, as text; `name` picks a likely form for plain strings (`EMAIL`: an address).
    func value(named name: String, random: inout SeededGenerator) -> String {
        if let member = random.pick(union) { return member.value(named: name, random: &random) }
        if let item = listItem.first {
            return (0..<random.int(1...3)).map { _ in item.value(named: name, random: &random) }.joined(separator: " ")
        }
        if let choice = random.pick(enumerations) { return choice }
        if let step = patterns.last, let pattern = random.pick(step),
            let drawn = PatternGenerator.string(pattern, random: &random), matches(drawn)
        {
            return drawn
        }
        if Self.integers.contains(base) || Self.decimals.contains(base) {
            let (lowest, highest) = builtInBounds
            let low = Int(Swift.max(Swift.min(minimum ?? lowest ?? 0, 1e9), -1e9))
            let high = Int(Swift.max(Swift.min(maximum ?? highest ?? Double(low + 1_000), 1e9), -1e9))
            let number = random.int(low...Swift.max(low, high))
            return Self.decimals.contains(base) && number < high ? "\(number).5" : String(number)
        }
        switch base {
        case "boolean": return random.pick(["true", "false", "1", "0"]) ?? "true"
        case "date": return "2026-01-\(10 + random.int(0...18))"
        case "dateTime": return "2026-01-\(10 + random.int(0...18))T10:20:30Z"
        case "time": return "10:20:\(10 + random.int(0...49))"
        case "gYear": return "2026"
        case "gYearMonth": return "2026-01"
        case "duration": return "P\(random.int(1...30))D"
        default: break
        }
        var text =
            name.uppercased().contains("EMAIL")
            ? ValueGenerator.word(&random) + "@example.com"
            : ValueGenerator.word(&random)
        if let maxLength, maxLength >= 0, text.count > maxLength { text = String(text.prefix(maxLength)) }
        if let minLength, text.count < minLength {
            text += String(repeating: "a", count: Swift.min(minLength, 10_000) - text.count)
        }
        return text
    }

    /// Values these facets refuse, each with the mutation it stands for.
    func invalidValues() -> [XMLInstance.InvalidValue] {
        guard union.isEmpty, listItem.isEmpty else { return [] }
        var result: [XMLInstance.InvalidValue] = []
        if isNumeric {
            result.append(.init(mutation: .wrongType, value: "fz-not-a-number"))
            let (lowest, highest) = builtInBounds
            if let maximum = maximum ?? highest, maximum < 1e15 {
                result.append(.init(mutation: .outOfRange, value: Self.text(maximum + 1)))
            } else if let minimum = minimum ?? lowest, minimum > -1e15 {
                result.append(.init(mutation: .outOfRange, value: Self.text(minimum - 1)))
            }
        } else if base == "boolean" {
            result.append(.init(mutation: .wrongType, value: "fz-not-a-boolean"))
        } else if Self.dates.contains(base) {
            result.append(.init(mutation: .wrongType, value: "fz-not-a-date"))
        }
        if !enumerations.isEmpty, !enumerations.contains("fz-not-in-enum") {
            result.append(.init(mutation: .outOfRange, value: "fz-not-in-enum"))
        }
        if !patterns.isEmpty, let refused = ["fz-not-matching", "0", ""].first(where: { !matches($0) }) {
            result.append(.init(mutation: .wrongType, value: refused))
        }
        if let maxLength, maxLength >= 0, maxLength < 10_000 {
            result.append(.init(mutation: .outOfRange, value: String(repeating: "a", count: maxLength + 1)))
        }
        if let minLength, minLength >= 1 { result.append(.init(mutation: .outOfRange, value: "")) }
        return result
    }

    /// Whether `value` matches one pattern of every step (XSD patterns match the whole value).
    func matches(_ value: String) -> Bool {
        patterns.allSatisfy { step in
            step.contains { pattern in
                guard let expression = try? NSRegularExpression(pattern: "^(?:" + pattern + ")$") else { return true }
                let range = NSRange(value.startIndex..., in: value)
                return expression.firstMatch(in: value, range: range) != nil
            }
        }
    }

    /// A bound as a number within ±10¹⁵, so arithmetic on it cannot overflow (nil when not a finite number).
    private static func finite(_ text: String) -> Double? {
        guard let number = Double(text), number.isFinite else { return nil }
        return Swift.max(Swift.min(number, 1e15), -1e15)
    }

    private static func text(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

extension XSDGenerator {
    /// The facets of the type a QName names: a built-in type, or a named simple type of the schema.
    func facets(ofType qualified: String, depth: Int) -> SimpleFacets {
        let (builtIn, local) = schema.typeName(qualified)
        if !builtIn, let simple = schema.simpleTypes[local] { return facets(of: simple, depth: depth + 1) }
        var facets = SimpleFacets()
        facets.base = builtIn ? local : "string"
        return facets
    }

    /// The facets of an `xs:simpleType` declaration, following its derivation (at most 16 steps deep).
    func facets(of simpleType: XML.Element, depth: Int) -> SimpleFacets {
        guard depth < 16 else { return SimpleFacets() }
        if let restriction = simpleType.first("restriction") {
            var facets =
                restriction.attribute("base").map { self.facets(ofType: $0, depth: depth + 1) }
                ?? SimpleFacets()
            facets.restrict(restriction, generator: self, depth: depth + 1)
            return facets
        }
        var facets = SimpleFacets()
        if let list = simpleType.first("list") {
            let item =
                list.attribute("itemType").map { self.facets(ofType: $0, depth: depth + 1) }
                ?? list.first("simpleType").map { self.facets(of: $0, depth: depth + 1) } ?? SimpleFacets()
            facets.listItem = [item]
        } else if let union = simpleType.first("union") {
            let named = (union.attribute("memberTypes") ?? "").split(whereSeparator: \.isWhitespace)
            facets.union = named.map { self.facets(ofType: String($0), depth: depth + 1) }
            facets.union += union.all("simpleType").map { self.facets(of: $0, depth: depth + 1) }
        }
        return facets
    }
}
