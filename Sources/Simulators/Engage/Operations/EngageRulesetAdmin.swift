import CassetteKit
import Foundation
import JSONCore

/// The admin routes under `/__harness/vendors/engage/rulesets` (listed on ``EngageRulesetOperations``): the rulesets
/// a user seeds, reads and deletes.
struct EngageRulesetAdmin {
    let store: EngageDCRulesetStore

    /// `route` is the path after `rulesets`.
    func respond(_ method: String, _ route: [String], body: JSONValue) throws -> CassetteResponse? {
        switch (method, route.count, route.first) {
        case ("GET", 0, _):
            return .json(status: 200, ["rulesets": .array(try store.all().map { try json($0, full: false) })])
        case ("POST", 0, _):
            return try create(body)
        case ("GET", 1, let id?):
            guard let ruleset = try find(id) else { return EngageAdmin.problem(404, "no ruleset \(id)") }
            return .json(status: 200, try json(ruleset, full: true))
        case ("DELETE", 1, let id?):
            guard let ruleset = try find(id) else { return EngageAdmin.problem(404, "no ruleset \(id)") }
            try store.delete(ruleset.id)
            return .json(status: 200, ["deleted": .number(JSONNumber(ruleset.id))])
        default:
            return nil
        }
    }

    private func find(_ id: String) throws -> EngageDCRuleset? {
        guard let number = Int(id) else { return nil }
        return try store.find(number)
    }

    private func create(_ body: JSONValue) throws -> CassetteResponse {
        guard let name = body["name"]?.stringValue, !name.isEmpty else {
            return EngageAdmin.problem(400, "name is required")
        }
        let listID = body["listID"]?.stringValue ?? EngageSchema.defaultListID
        guard try EngageList.find(store.db, id: listID) != nil else {
            return EngageAdmin.problem(400, "no list \(listID)")
        }
        let mailingID = body["mailingID"]?.stringValue
        if let mailingID, try !store.mailingExists(mailingID) {
            return EngageAdmin.problem(400, "no mailing \(mailingID)")
        }
        guard try !store.nameTaken(name, mailing: mailingID) else {
            return EngageAdmin.problem(409, "a ruleset named \(name) exists in the same mailing or library")
        }
        guard let definition = definition(body) else { return EngageAdmin.problem(400, Self.definitionProblem) }
        let ruleset = try store.insert(name: name, listID: listID, mailingID: mailingID, definition: definition)
        return .json(status: 201, try json(ruleset, full: true))
    }

    static let definitionProblem =
        "contentAreas must be [{name,type,defaultName,defaultContent}] and rules [{name,priority,criteria:[{andOr,leftParens,type,columnName,operators,values,rightParens}],contents:[{contentArea,name,value}]}]"

    private func definition(_ body: JSONValue) -> EngageDCRuleset.Definition? {
        let members = JSONValue.object(
            JSONObject([("contentAreas", body["contentAreas"] ?? .array([])), ("rules", body["rules"] ?? .array([]))]))
        return try? JSONDecoder().decode(EngageDCRuleset.Definition.self, from: members.data())
    }

    private func json(_ ruleset: EngageDCRuleset, full: Bool) throws -> JSONValue {
        var object = JSONObject([
            ("rulesetID", .number(JSONNumber(ruleset.id))), ("name", .string(ruleset.name)),
            ("listID", .string(ruleset.listID)), ("mailingID", ruleset.mailingID.map(JSONValue.string) ?? .null),
        ])
        if full, case .object(let definition) = try JSONValue(encoding: ruleset.definition) {
            for (key, value) in definition { object[key] = value }
        }
        return .object(object)
    }
}
