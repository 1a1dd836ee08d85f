import Foundation
import JSONCore
import LibXML

/// The elements, attributes and values each DC ruleset operation takes, as its request XSD says
/// (Schemas/engage/xsd/<operation>.xsd and ruleset-types.xsd). A request that does not fit is refused before the
/// operation runs: an id that is not a number with the id's fault (310 `LIST_ID`, 107 `MAILING_ID`, 155
/// `RULESET_ID`), anything else (an element or attribute the operation does not take, at any depth, a tag in the wrong
/// case, a child element inside a value, a value outside its type, a missing `content_area`) with fault 51 "Invalid
/// XML Request", as Engage answers a tag it cannot read (https://developer.goacoustic.com/acoustic-campaign/reference/faqs).
enum EngageRulesetShapes {
    /// The kinds of text ruleset-types.xsd and common.xsd declare.
    enum Value: Sendable {
        case text, identifier, positiveInteger, optionalFlag, andOr, leftParens, rightParens
        case oneOf(Set<String>)

        func accepts(_ text: String) -> Bool {
            switch self {
            case .text: true
            case .identifier: !text.isEmpty && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
            case .positiveInteger: (Int(text.trimmingWhitespace(newlines: true)) ?? 0) > 0
            case .optionalFlag: ["", "true", "false"].contains(text.lowercased())
            case .andOr: ["", "and", "or"].contains(text.lowercased())
            case .leftParens: text.allSatisfy { $0 == "(" }
            case .rightParens: text.allSatisfy { $0 == ")" }
            case .oneOf(let values): values.contains(text)
            }
        }
    }

    indirect enum Shape: Sendable {
        /// Text of a kind, no attributes.
        case value(Value)
        /// Text with attributes (`DEFAULT_CONTENT`, `CONTENT`): name → (kind, required).
        case valueWithAttributes([String: (Value, required: Bool)])
        /// Child elements and attributes.
        case element([String: Shape], attributes: [String: (Value, required: Bool)] = [:])
    }

    static let contentAreas = Shape.element([
        "CONTENT_AREA": .element(
            ["DEFAULT_CONTENT": .valueWithAttributes(["name": (.text, required: false)])],
            attributes: [
                "name": (.text, required: false),
                "type": (
                    .oneOf(["Body-HTML", "Body-Text", "Body-AOL", "Subject", "From", "From-Name"]), required: false
                ),
            ])
    ])

    static let rules = Shape.element([
        "RULE": .element([
            "RULE_NAME": .value(.text), "PRIORITY": .value(.positiveInteger),
            "CRITERIA": .element([
                "EXPRESSION": .element([
                    "AND_OR": .value(.andOr), "LEFT_PARENS": .value(.leftParens),
                    "TYPE": .value(.oneOf(["NE", "DE", "TE"])), "COLUMN_NAME": .value(.text),
                    "OPERATORS": .value(.text), "VALUES": .value(.text), "RIGHT_PARENS": .value(.rightParens),
                ])
            ]),
            "CONTENTS": .element([
                "CONTENT": .valueWithAttributes([
                    "content_area": (.text, required: true), "name": (.text, required: false),
                ])
            ]),
        ])
    ])

    static let operations: [String: [String: Shape]] = [
        "AddDCRuleset": [
            "LIST_ID": .value(.identifier), "RULESET_NAME": .value(.text), "MAILING_ID": .value(.identifier),
            "CONTENT_AREAS": contentAreas, "RULES": rules,
        ],
        "ReplaceDCRuleset": ["RULESET_ID": .value(.identifier), "CONTENT_AREAS": contentAreas, "RULES": rules],
        "GetDCRuleset": ["RULESET_ID": .value(.identifier)],
        "DeleteDCRuleset": ["RULESET_ID": .value(.identifier)],
        "ListDCRulesetsForMailing": ["MAILING_ID": .value(.identifier)],
        "ValidateDCRuleset": ["MAILING_ID": .value(.identifier)],
        "ImportDCRuleset": [
            "FILE_NAME": .value(.text), "LIST_ID": .value(.identifier), "MAILING_ID": .value(.identifier),
            "RULESET_ID": .value(.identifier),
        ],
        "ExportDCRuleset": ["RULESET_ID": .value(.identifier), "MOVE_TO_FTP": .value(.optionalFlag)],
    ]

    /// `handler`, answering first the fault for a request that does not fit `operation`'s shape.
    static func checked(_ operation: String, _ handler: @escaping EngageOperationHandler) -> EngageOperationHandler {
        let children = operations[operation] ?? [:]
        return { request, context in
            if let fault = misfit(request.element, .element(children), path: operation) { throw fault }
            return try handler(request, context)
        }
    }

    /// The fault for the first part of `element` that does not fit `shape`, or nil.
    static func misfit(_ element: XML.Element, _ shape: Shape, path: String) -> EngageFault? {
        switch shape {
        case .value(let value):
            guard element.elements.isEmpty, element.attributes.isEmpty else { return invalid("\(path) holds markup") }
            return value.accepts(element.text) ? nil : badValue(element, value, path: path)
        case .valueWithAttributes(let attributes):
            guard element.elements.isEmpty else { return invalid("\(path) holds an element") }
            return misfit(attributesOf: element, attributes, path: path)
        case .element(let children, let attributes):
            if let fault = misfit(attributesOf: element, attributes, path: path) { return fault }
            for child in element.elements {
                guard let childShape = children[child.name] else {
                    return invalid("\(path) does not take <\(child.name)>")
                }
                if let fault = misfit(child, childShape, path: "\(path)/\(child.name)") { return fault }
            }
            let text = element.children.compactMap { content -> String? in
                if case .text(let value) = content { return value }
                if case .cdata(let value) = content { return value }
                return nil
            }.joined()
            return text.trimmingWhitespace(newlines: true).isEmpty ? nil : invalid("\(path) holds text")
        }
    }

    private static func misfit(
        attributesOf element: XML.Element, _ attributes: [String: (Value, required: Bool)], path: String
    ) -> EngageFault? {
        for attribute in element.attributes {
            guard let (value, _) = attributes[attribute.name] else {
                return invalid("\(path) has no attribute \(attribute.name)")
            }
            if !value.accepts(attribute.value) { return invalid("\(path)/@\(attribute.name) is not a valid value") }
        }
        for (name, rule) in attributes where rule.required && element.attribute(name) == nil {
            return invalid("\(path) needs the attribute \(name)")
        }
        return nil
    }

    /// An id that is not a number: its element's fault; any other value: 51.
    private static func badValue(_ element: XML.Element, _ value: Value, path: String) -> EngageFault {
        guard case .identifier = value else { return invalid("\(path) is not a valid value") }
        switch element.name {
        case "LIST_ID": return RulesetFault.listIDNotInteger(element.text)
        case "MAILING_ID": return RulesetFault.mailingIDNotValid
        default: return RulesetFault.rulesetDoesNotExist
        }
    }

    private static func invalid(_ detail: String) -> EngageFault { EngageFault.invalidXML(detail) }
}
