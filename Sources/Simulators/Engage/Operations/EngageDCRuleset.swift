import Foundation
import JSONCore
import LibXML

/// A dynamic-content ruleset as the simulator keeps it: its content areas (with their default content) and its rules
/// (criteria over the list's columns, and the content each rule places in a content area), read from and written as
/// the `CONTENT_AREAS` and `RULES` elements of AddDCRuleset, ReplaceDCRuleset and GetDCRuleset
/// (Schemas/engage/xsd/ruleset-types.xsd).
struct EngageDCRuleset: Sendable, Equatable {
    struct ContentArea: Sendable, Equatable, Codable {
        var name: String?
        var type: String?
        var defaultName: String?
        var defaultContent: String?
    }

    /// One `EXPRESSION` of a rule's `CRITERIA`; absent children are empty.
    struct Expression: Sendable, Equatable, Codable {
        var andOr = ""
        var leftParens = ""
        var type = ""
        var columnName = ""
        var operators = ""
        var values = ""
        var rightParens = ""
    }

    /// One `CONTENT` of a rule's `CONTENTS`.
    struct Content: Sendable, Equatable, Codable {
        var contentArea: String
        var name: String?
        var value: String
    }

    struct Rule: Sendable, Equatable, Codable {
        var name: String
        var priority: Int?
        var criteria: [Expression]
        var contents: [Content]
    }

    /// What is stored as JSON beside the ruleset's id, name, list and mailing.
    struct Definition: Sendable, Equatable, Codable {
        var contentAreas: [ContentArea] = []
        var rules: [Rule] = []
    }

    var id: Int
    var name: String
    var listID: String
    /// The mailing the ruleset belongs to; nil for a ruleset in the Asset Library.
    var mailingID: String?
    var definition: Definition
}

// MARK: - Reading the request elements

extension EngageDCRuleset.Definition {
    /// The definition in `CONTENT_AREAS` and `RULES` children of `element` (either may be absent).
    init(_ element: XML.Element) {
        contentAreas = (element.first("CONTENT_AREAS")?.all("CONTENT_AREA") ?? []).map { area in
            let fallback = area.first("DEFAULT_CONTENT")
            return EngageDCRuleset.ContentArea(
                name: area.attribute("name"), type: area.attribute("type"),
                defaultName: fallback?.attribute("name"), defaultContent: fallback?.text)
        }
        rules = (element.first("RULES")?.all("RULE") ?? []).map { rule in
            EngageDCRuleset.Rule(
                name: Self.text(rule, "RULE_NAME"),
                priority: Int(Self.text(rule, "PRIORITY")),
                criteria: (rule.first("CRITERIA")?.all("EXPRESSION") ?? []).map { expression in
                    EngageDCRuleset.Expression(
                        andOr: Self.text(expression, "AND_OR"), leftParens: Self.text(expression, "LEFT_PARENS"),
                        type: Self.text(expression, "TYPE"), columnName: Self.text(expression, "COLUMN_NAME"),
                        operators: Self.text(expression, "OPERATORS"), values: Self.text(expression, "VALUES"),
                        rightParens: Self.text(expression, "RIGHT_PARENS"))
                },
                contents: (rule.first("CONTENTS")?.all("CONTENT") ?? []).map { content in
                    EngageDCRuleset.Content(
                        contentArea: content.attribute("content_area") ?? "", name: content.attribute("name"),
                        value: content.text)
                })
        }
    }

    private static func text(_ element: XML.Element, _ name: String) -> String {
        element.first(name)?.text.trimmingWhitespace(newlines: true) ?? ""
    }

    /// The columns the criteria read: every `COLUMN_NAME`, and every `[column]` a `VALUES` compares with.
    var columnsRead: [String] {
        var names: [String] = []
        for expression in rules.flatMap(\.criteria) {
            if !expression.columnName.isEmpty { names.append(expression.columnName) }
            let value = expression.values.trimmingWhitespace()
            if value.count > 2, value.hasPrefix("["), value.hasSuffix("]") {
                names.append(String(value.dropFirst().dropLast()))
            }
        }
        return names
    }
}

// MARK: - Writing the result elements

extension EngageDCRuleset {
    /// `<RULESET>` as GetDCRuleset answers it: `RULESET_ID`, `RULESET_NAME`, `CONTENT_AREAS`, `RULES`, content,
    /// operators and values as CDATA (as in the reference's example).
    var element: XML.Element {
        var ruleset = XML.Element("RULESET")
        ruleset.append("RULESET_ID", text: String(id))
        ruleset.append("RULESET_NAME", text: name)
        ruleset.append(XML.Element("CONTENT_AREAS", elements: definition.contentAreas.map(Self.element)))
        ruleset.append(XML.Element("RULES", elements: definition.rules.map(Self.element)))
        return ruleset
    }

    /// The XML file of an exported (or importable) ruleset: `<RULESET>` with `RULESET_NAME`, `CONTENT_AREAS` and
    /// `RULES` (the reference's .zip file format for ImportDCRuleset).
    var file: XML.Element {
        XML.Element(
            "RULESET",
            elements: [
                XML.Element("RULESET_NAME", text: name),
                XML.Element("CONTENT_AREAS", elements: definition.contentAreas.map(Self.element)),
                XML.Element("RULES", elements: definition.rules.map(Self.element)),
            ])
    }

    private static func element(_ area: ContentArea) -> XML.Element {
        var attributes: [XML.Attribute] = []
        if let name = area.name { attributes.append(XML.Attribute("name", name)) }
        if let type = area.type { attributes.append(XML.Attribute("type", type)) }
        var element = XML.Element("CONTENT_AREA", attributes: attributes)
        if let content = area.defaultContent {
            element.append(
                XML.Element(
                    "DEFAULT_CONTENT", cdata: content,
                    attributes: area.defaultName.map { [XML.Attribute("name", $0)] } ?? []))
        }
        return element
    }

    private static func element(_ rule: Rule) -> XML.Element {
        var element = XML.Element("RULE")
        element.append("RULE_NAME", text: rule.name)
        if let priority = rule.priority { element.append("PRIORITY", text: String(priority)) }
        element.append(
            XML.Element(
                "CRITERIA",
                elements: rule.criteria.map { expression in
                    XML.Element(
                        "EXPRESSION",
                        elements: [
                            XML.Element("AND_OR", text: expression.andOr),
                            XML.Element("LEFT_PARENS", text: expression.leftParens),
                            XML.Element("TYPE", text: expression.type),
                            XML.Element("COLUMN_NAME", text: expression.columnName),
                            XML.Element("OPERATORS", cdata: expression.operators),
                            XML.Element("VALUES", cdata: expression.values),
                            XML.Element("RIGHT_PARENS", text: expression.rightParens),
                        ])
                }))
        element.append(
            XML.Element(
                "CONTENTS",
                elements: rule.contents.map { content in
                    var attributes = [XML.Attribute("content_area", content.contentArea)]
                    if let name = content.name { attributes.append(XML.Attribute("name", name)) }
                    return XML.Element("CONTENT", cdata: content.value, attributes: attributes)
                }))
        return element
    }
}

// MARK: - Storage and the admin API

extension EngageDCRuleset.Definition {
    /// The JSON stored in `engage_dc_rulesets.definition` (sorted keys).
    func stored() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    init(stored text: String) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(text.utf8))
    }
}

// Absent JSON members are empty (the admin API takes what a test names, nothing more).
extension EngageDCRuleset.Expression {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) throws -> String { try container.decodeIfPresent(String.self, forKey: key) ?? "" }
        self.init(
            andOr: try text(.andOr), leftParens: try text(.leftParens), type: try text(.type),
            columnName: try text(.columnName), operators: try text(.operators), values: try text(.values),
            rightParens: try text(.rightParens))
    }
}

extension EngageDCRuleset.Content {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            contentArea: try container.decode(String.self, forKey: .contentArea),
            name: try container.decodeIfPresent(String.self, forKey: .name),
            value: try container.decodeIfPresent(String.self, forKey: .value) ?? "")
    }
}

extension EngageDCRuleset.Rule {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decodeIfPresent(String.self, forKey: .name) ?? "",
            priority: try container.decodeIfPresent(Int.self, forKey: .priority),
            criteria: try container.decodeIfPresent([EngageDCRuleset.Expression].self, forKey: .criteria) ?? [],
            contents: try container.decodeIfPresent([EngageDCRuleset.Content].self, forKey: .contents) ?? [])
    }
}

extension EngageDCRuleset.Definition {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            contentAreas: try container.decodeIfPresent([EngageDCRuleset.ContentArea].self, forKey: .contentAreas)
                ?? [],
            rules: try container.decodeIfPresent([EngageDCRuleset.Rule].self, forKey: .rules) ?? [])
    }
}
