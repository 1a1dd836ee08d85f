import Foundation
import JSONCore
import LibXML

/// The `CRITERIA` of a CreateQuery request, kept as JSON beside the query (`engage_sublists.criteria`) and evaluated
/// over a recipient's column values when a data job needs the query's members (SetColumnValue).
///
/// Both forms of an `EXPRESSION` are read: the classic one (`TYPE` TE/NE/DE, `COLUMN_NAME`, `OPERATORS`, `VALUES`,
/// `AND_OR`; https://developer.ibm.com/customer-engagement/tutorials/create-a-query-of-a-database/) and the current one
/// (`criteria_type` attribute, `COLUMN`, `OPERATOR` in words, `VALUE`;
/// https://developer.goacoustic.com/acoustic-campaign/reference/createquery_temp). Expressions combine left to right
/// (parentheses are kept, not evaluated), and behaviour, relational-table and universal-behaviour criteria, which need
/// data the simulator does not keep, match nobody (assumed).
struct EngageQueryCriterion: Sendable, Equatable, Codable {
    var criteriaType = ""
    var andOr = ""
    var type = ""
    var column = ""
    var comparison = ""
    var value = ""
    var leftParens = ""
    var rightParens = ""

    init(_ element: XML.Element) {
        func text(_ names: String...) -> String {
            for name in names {
                if let child = element.first(name) { return child.text.trimmingWhitespace(newlines: true) }
            }
            return ""
        }
        criteriaType = element.attribute("criteria_type") ?? ""
        andOr = text("AND_OR").uppercased()
        type = text("TYPE").uppercased()
        column = text("COLUMN_NAME", "COLUMN")
        comparison = text("OPERATORS", "OPERATOR").lowercased()
        value = text("VALUES", "VALUE")
        leftParens = text("LEFT_PARENS")
        rightParens = text("RIGHT_PARENS")
    }

    /// Whether the criterion compares a column of the queried database (and so must name one of its columns).
    var isProfile: Bool {
        switch criteriaType.lowercased() {
        case "", "profile": return !column.isEmpty && ["", "TE", "NE", "DE"].contains(type)
        default: return false
        }
    }

    /// Whether a recipient with `values` (by column name, lower-cased) meets every criterion in order.
    static func matches(_ criteria: [EngageQueryCriterion], _ values: [String: String]) -> Bool {
        var result: Bool?
        for criterion in criteria {
            let met = criterion.isProfile && criterion.holds(values[criterion.column.lowercased()] ?? "")
            switch (result, criterion.andOr) {
            case (nil, _): result = met
            case (let previous?, "OR"): result = previous || met
            case (let previous?, _): result = previous && met
            }
        }
        return result ?? false
    }

    private func holds(_ actual: String) -> Bool {
        switch comparison {
        case "is blank": return actual.isEmpty
        case "is not blank": return !actual.isEmpty
        case "contains": return actual.localizedCaseInsensitiveContains(value)
        case "does not contain": return !actual.localizedCaseInsensitiveContains(value)
        default: break
        }
        let order = compare(actual, value)
        switch comparison {
        case "=", "is equal to", "is": return order == .orderedSame
        case "<>", "!=", "is not equal to", "is not": return order != .orderedSame
        case ">", "is greater than", "is after": return order == .orderedDescending
        case "<", "is less than", "is before": return order == .orderedAscending
        case ">=", "is greater than or equal to", "is not before": return order != .orderedAscending
        case "<=", "is less than or equal to", "is not after": return order != .orderedDescending
        default: return false
        }
    }

    /// Numbers as numbers when both sides are numbers (NE, or any type), text case-insensitively otherwise.
    private func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        if let left = Double(lhs), let right = Double(rhs) {
            return left == right ? .orderedSame : (left < right ? .orderedAscending : .orderedDescending)
        }
        return lhs.caseInsensitiveCompare(rhs)
    }
}
