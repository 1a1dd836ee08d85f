import CassetteKit
import ContractKit
import EngageSDK
import Foundation
import JSONCore
import LibXML

/// Flows of the XMLAPI operations an app sends itself (the README: "constants for the supported XMLAPI operations
/// can be found in the XMLAPIOperation class"): each builds its request with `XMLAPI.resourceNamed(_:params:)` and
/// posts it as the README does.
extension EngageFlows {
    /// Every XMLAPI operation flow, by group.
    static var operationFlows: [Flow] {
        contactOperationFlows + jobOperationFlows + mailingOperationFlows + rulesetOperationFlows
    }

    /// A flow that sends one operation built from `params` and returns its result.
    ///
    /// `params` is a closure because the README's dictionaries hold `Any`: a `[String: Any]` value becomes child
    /// elements and an array value repeats its element (``XMLAPI/addParams(_:)``).
    static func operationFlow(
        name: String, operation: XMLAPIOperation, params: @escaping @Sendable () -> [String: Any],
        summary: String, documentation: String, kind: Flow.Kind = .flow, simulatorSetup: [CassetteRequest] = [],
        facts: [Fact] = []
    ) -> Flow {
        Flow(
            vendor: "engage", name: name, documentation: documentation, kind: kind, summary: summary,
            simulatorSetup: [Env.settings()] + simulatorSetup, facts: facts
        ) { context in
            let engage = try Env.engage(context)
            return try await Env.post(engage, operation, params())
        }
    }
}

extension EngageFlowEnvironment {
    /// Posts `XMLAPI.resourceNamed(operation, params:)` through the SDK and returns what the app reads: success, the
    /// fault, and the whole `RESULT` as JSON (``resultTree(_:)``).
    static func post(_ engage: Engage, _ operation: XMLAPIOperation, _ params: [String: Any]) async throws -> Outcome {
        let result = try await engage.xmlAPI.post(XMLAPI.resourceNamed(operation, params: params))
        var object = JSONObject([("success", .bool(result.isSuccess))])
        if let errorID = result.errorID { object["errorId"] = .number(JSONNumber(errorID)) }
        if let fault = result.faultString, !result.isSuccess { object["faultString"] = .string(fault) }
        if result.isSuccess, let tree = resultTree(result) { object["result"] = tree }
        return .object(object)
    }

    /// The `RESULT` element as JSON without `SUCCESS`: an element with children is an object (a name repeated among
    /// siblings becomes an array; a leaf's value is never an array, so arrays mean repetition), a leaf is its text,
    /// attributes are `@name` members.
    static func resultTree(_ result: XMLAPIResult) -> Outcome? {
        guard let body = result.envelope.first("Body"), let element = body.first("RESULT") else { return nil }
        var tree = json(element)
        if case .object(var object) = tree {
            object["SUCCESS"] = nil
            tree = .object(object)
        }
        return tree
    }

    private static func json(_ element: XML.Element) -> Outcome {
        let children = element.elements
        if children.isEmpty && element.attributes.isEmpty {
            return .string(element.text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        var object = JSONObject()
        for attribute in element.attributes { object["@" + attribute.name] = .string(attribute.value) }
        if children.isEmpty {
            let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { object["#text"] = .string(text) }
        }
        for child in children {
            let value = json(child)
            switch object[child.name] {
            case nil: object[child.name] = value
            case .array(let items)?: object[child.name] = .array(items + [value])
            case let existing?: object[child.name] = .array([existing, value])
            }
        }
        return .object(object)
    }
}
