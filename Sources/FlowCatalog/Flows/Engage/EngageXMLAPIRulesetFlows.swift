import CassetteKit
import ContractKit
import EngageSDK
import Foundation
import JSONCore
import LibXML

/// XMLAPI operation flows of group D (dynamic-content rulesets), issue #34: each request is built with
/// `XMLAPI.resourceNamed(_:params:)` and posted as the README does; AddDCRuleset and ReplaceDCRuleset add their
/// `CONTENT_AREAS` and `RULES` with `XMLAPI.add(tree:)`, as `addParams` writes no attributes (`CONTENT_AREA name`,
/// `CONTENT content_area`).
///
/// The simulator starts with one Asset Library ruleset, 550001 "Welcome Offer" on list 23949; the flows add the
/// mailings they need (41781 "Spring Promo", 41782 "Autumn Promo") and rulesets through the admin API.
extension EngageFlows {
    static var rulesetOperationFlows: [Flow] {
        [
            addDCRulesetFlow, getDCRulesetFlow, listDCRulesetsForMailingFlow, replaceDCRulesetFlow,
            validateDCRulesetFlow, deleteDCRulesetFlow, importDCRulesetFlow, exportDCRulesetFlow,
            addDCRulesetNameExistsFlow, addDCRulesetMissingListFlow, getDCRulesetUnknownFlow,
            listDCRulesetsUnknownMailingFlow, validateDCRulesetInvalidFlow, deleteDCRulesetUsedByMailingFlow,
            importDCRulesetNoFileFlow, exportDCRulesetUnknownFlow,
        ]
    }

    static let rulesetReference = "Acoustic Campaign XML API reference"
    static let seededRulesetID = 550_001
    static let promoMailing = "41781"
    static let otherMailing = "41782"

    // MARK: - Building blocks

    /// A flow of ruleset operations on one app's Engage, returning what each answered.
    static func rulesetFlow(
        _ name: String, summary: String, documentation: String, kind: Flow.Kind = .flow,
        setup: [CassetteRequest] = [], facts: [Fact] = [],
        _ body: @escaping @Sendable (Engage) async throws -> Outcome
    ) -> Flow {
        Flow(
            vendor: "engage", name: name, documentation: documentation, kind: kind, summary: summary,
            simulatorSetup: [Env.settings()] + setup, facts: facts
        ) { context in
            try await body(try Env.engage(context))
        }
    }

    /// Posts `operation` with `params`, then `trees` (nested elements with attributes) appended in order. The outcome
    /// is ``EngageFlowEnvironment/post(_:_:_:)``'s, with the `RESULT` also when `SUCCESS` is false without a fault
    /// (ValidateDCRuleset's errors).
    static func rulesetPost(
        _ engage: Engage, _ operation: XMLAPIOperation, _ params: [String: Any], trees: [XML.Element] = []
    ) async throws -> Outcome {
        var api = XMLAPI.resourceNamed(operation, params: params)
        for tree in trees { api.add(tree: tree) }
        let result = try await engage.xmlAPI.post(api)
        var object = JSONObject([("success", .bool(result.isSuccess))])
        if let errorID = result.errorID { object["errorId"] = .number(JSONNumber(errorID)) }
        if let fault = result.faultString, !result.isSuccess { object["faultString"] = .string(fault) }
        if result.isSuccess || result.errorID == nil, let tree = Env.resultTree(result) { object["result"] = tree }
        return .object(object)
    }

    /// The text of `name` inside `RESULT` in a ``rulesetPost(_:_:_:trees:)`` outcome.
    static func rulesetResultValue(_ outcome: Outcome, _ name: String) -> String {
        outcome["result"]?[name]?.stringValue ?? ""
    }

    /// A mailing template to attach rulesets to (the mailings' admin API).
    static func mailingSetup(_ id: String, _ name: String) -> CassetteRequest {
        Env.admin("POST", "/mailings", ["mailingID": .string(id), "name": .string(name), "kind": "Template"])
    }

    /// A ruleset seeded through the admin API: one Body-HTML content area `promo`, and one rule per
    /// `(name, column, value)` that shows its own content in it.
    static func rulesetSetup(_ name: String, mailing: String?, rules: [(String, String, String)]) -> CassetteRequest {
        var body = JSONObject([
            ("name", .string(name)), ("listID", .string(Env.listID)),
            (
                "contentAreas",
                [
                    [
                        "name": "promo", "type": "Body-HTML", "defaultName": "Default.promo",
                        "defaultContent": "<p>10% off everything</p>",
                    ]
                ]
            ),
        ])
        if let mailing { body["mailingID"] = .string(mailing) }
        body["rules"] = .array(
            rules.enumerated().map { index, rule in
                [
                    "name": .string(rule.0), "priority": .number(JSONNumber(index + 1)),
                    "criteria": [
                        ["type": "TE", "columnName": .string(rule.1), "operators": "=", "values": .string(rule.2)]
                    ],
                    "contents": [
                        [
                            "contentArea": "promo", "name": .string("\(rule.0).promo"),
                            "value": .string("<p>\(rule.0)</p>"),
                        ]
                    ],
                ]
            })
        return Env.admin("POST", "/rulesets", .object(body))
    }

    /// `<CONTENT_AREAS>` with one content area and its default content (CDATA).
    static func contentAreas(_ name: String, type: String, defaultContent: String) -> XML.Element {
        XML.Element(
            "CONTENT_AREAS",
            elements: [
                XML.Element(
                    "CONTENT_AREA", attributes: [XML.Attribute("name", name), XML.Attribute("type", type)],
                    elements: [
                        XML.Element(
                            "DEFAULT_CONTENT", cdata: defaultContent,
                            attributes: [XML.Attribute("name", "Default.\(name)")])
                    ])
            ])
    }

    /// `<RULES>` with one rule per `(name, column, operator, value)`, priorities 1, 2, …, each placing its content in
    /// `area`.
    static func rules(_ rules: [(String, String, String, String)], area: String) -> XML.Element {
        XML.Element(
            "RULES",
            elements: rules.enumerated().map { index, rule in
                XML.Element(
                    "RULE",
                    elements: [
                        XML.Element("RULE_NAME", text: rule.0),
                        XML.Element("PRIORITY", text: String(index + 1)),
                        XML.Element(
                            "CRITERIA",
                            elements: [
                                XML.Element(
                                    "EXPRESSION",
                                    elements: [
                                        XML.Element("AND_OR", text: ""), XML.Element("LEFT_PARENS", text: "("),
                                        XML.Element("TYPE", text: "TE"), XML.Element("COLUMN_NAME", text: rule.1),
                                        XML.Element("OPERATORS", cdata: rule.2), XML.Element("VALUES", cdata: rule.3),
                                        XML.Element("RIGHT_PARENS", text: ")"),
                                    ])
                            ]),
                        XML.Element(
                            "CONTENTS",
                            elements: [
                                XML.Element(
                                    "CONTENT", cdata: "<p>\(rule.0)</p>",
                                    attributes: [
                                        XML.Attribute("content_area", area), XML.Attribute("name", "\(rule.0).\(area)"),
                                    ])
                            ]),
                    ])
            })
    }
}

// MARK: - One success flow per operation

extension EngageFlows {
    static let addDCRulesetFlow = rulesetFlow(
        "add-dc-ruleset",
        summary:
            "AddDCRuleset creates a ruleset for a mailing and answers its RULESET_ID; GetDCRuleset returns it as sent",
        documentation: "\(rulesetReference), Create a ruleset (AddDCRuleset); Get details of a dynamic content ruleset",
        setup: [mailingSetup(promoMailing, "Spring Promo")]
    ) { engage in
        let add = try await rulesetPost(
            engage, XMLAPI_OPERATION_ADD_DYNAMIC_CONTENT_RULE_SET,
            ["LIST_ID": Env.listID, "RULESET_NAME": "Promo By Email", "MAILING_ID": promoMailing],
            trees: [
                contentAreas("promo", type: "Body-HTML", defaultContent: "<p>10% off everything</p>"),
                rules([("Staff", "Email", "LIKE", "%@example.com")], area: "promo"),
            ])
        let get = try await rulesetPost(
            engage, XMLAPI_OPERATION_GET_DYNAMIC_CONTENT_RULE_SET, ["RULESET_ID": rulesetResultValue(add, "RULESET_ID")]
        )
        return ["add": add, "get": get]
    }

    static let getDCRulesetFlow = EngageFlows.operationFlow(
        name: "get-dc-ruleset", operation: XMLAPI_OPERATION_GET_DYNAMIC_CONTENT_RULE_SET,
        params: { ["RULESET_ID": seededRulesetID] },
        summary:
            "GetDCRuleset returns the ruleset: RULESET_ID, RULESET_NAME, CONTENT_AREAS and RULES with CDATA content",
        documentation: "\(rulesetReference), Get details of a dynamic content ruleset (GetDCRuleset)",
        facts: [.assumed("the simulator's demo ruleset 550001 \"Welcome Offer\" in the Asset Library")])

    static let listDCRulesetsForMailingFlow = EngageFlows.operationFlow(
        name: "list-dc-rulesets-for-mailing", operation: XMLAPI_OPERATION_LIST_DYNAMIC_CONTENT_RULE_SETS_FOR_MAILING,
        params: { ["MAILING_ID": promoMailing] },
        summary:
            "ListDCRulesetsForMailing lists the mailing's rulesets (RULESET_ID, RULESET_NAME), not another mailing's",
        documentation: "Silverpop engage-api-client ListDCRulesetsForMailingCommand/Result; the SDK's XMLAPIOperation",
        simulatorSetup: [
            mailingSetup(promoMailing, "Spring Promo"), mailingSetup(otherMailing, "Autumn Promo"),
            rulesetSetup("Promo By Email", mailing: promoMailing, rules: [("Staff", "Email", "%@example.com")]),
            rulesetSetup("Autumn Offer", mailing: otherMailing, rules: [("Staff", "Email", "%@example.com")]),
            rulesetSetup("Promo By Device", mailing: promoMailing, rules: [("App users", "Mobile User Id", "M-1")]),
        ],
        facts: [.assumed("a mailing's rulesets are those created with its MAILING_ID, listed by id")])

    static let replaceDCRulesetFlow = rulesetFlow(
        "replace-dc-ruleset",
        summary: "ReplaceDCRuleset replaces the content areas and rules of a ruleset; GetDCRuleset shows the new ones",
        documentation: "\(rulesetReference), Replace a ruleset (ReplaceDCRuleset)"
    ) { engage in
        let replace = try await rulesetPost(
            engage, XMLAPI_OPERATION_REPLACE_DYNAMIC_CONTENT_RULE_SET, ["RULESET_ID": seededRulesetID],
            trees: [
                contentAreas("MAILING BODY", type: "Body-HTML", defaultContent: "<p>Hello!</p>"),
                rules(
                    [("App users", "Mobile User Id", "IS NOT null", ""), ("Staff", "Email", "LIKE", "%@example.com")],
                    area: "MAILING BODY"),
            ])
        let get = try await rulesetPost(
            engage, XMLAPI_OPERATION_GET_DYNAMIC_CONTENT_RULE_SET, ["RULESET_ID": seededRulesetID])
        return ["replace": replace, "get": get]
    }

    static let validateDCRulesetFlow = EngageFlows.operationFlow(
        name: "validate-dc-ruleset", operation: XMLAPI_OPERATION_VALIDATE_DYNAMIC_CONTENT_RULE_SET,
        params: { ["MAILING_ID": promoMailing] },
        summary: "ValidateDCRuleset of a mailing whose rulesets read existing columns: SUCCESS true and the MAILING_ID",
        documentation:
            "IBM tutorial Validate a dynamic content ruleset: SUCCESS true when all the mailing's rulesets are valid",
        simulatorSetup: [
            mailingSetup(promoMailing, "Spring Promo"),
            rulesetSetup("Promo By Email", mailing: promoMailing, rules: [("Staff", "Email", "%@example.com")]),
        ],
        facts: [
            .assumed(
                "validity is checked as: every criteria column exists in the ruleset's list, every rule content names a defined content area"
            )
        ])

    static let deleteDCRulesetFlow = rulesetFlow(
        "delete-dc-ruleset",
        summary: "DeleteDCRuleset deletes an Asset Library ruleset; GetDCRuleset then answers fault 155",
        documentation: "\(rulesetReference) (the SDK's XMLAPIOperation): deletes a ruleset of the Asset Library"
    ) { engage in
        let delete = try await rulesetPost(
            engage, XMLAPI_OPERATION_DELETE_DYNAMIC_CONTENT_RULE_SET, ["RULESET_ID": seededRulesetID])
        let get = try await rulesetPost(
            engage, XMLAPI_OPERATION_GET_DYNAMIC_CONTENT_RULE_SET, ["RULESET_ID": seededRulesetID])
        return ["delete": delete, "get": get]
    }

    static let importDCRulesetFlow = rulesetFlow(
        "import-dc-ruleset",
        summary:
            "ImportDCRuleset of a ruleset file in the FTP upload directory answers a JOB_ID; the mailing then lists the new ruleset",
        documentation:
            "\(rulesetReference), Import a dynamic content ruleset (ImportDCRuleset), request and .zip file format",
        setup: [
            mailingSetup(promoMailing, "Spring Promo"),
            Env.admin(
                "PUT", "/ftp/upload/promo.zip",
                [
                    "content": .string(
                        contentAreasFile(
                            "Imported Promo",
                            contentAreas("promo", type: "Body-HTML", defaultContent: "<p>10% off</p>"),
                            rules([("Staff", "Email", "LIKE", "%@example.com")], area: "promo")))
                ]),
        ],
        facts: [
            .assumed(
                "the .zip is stood in for by the text of its XML file; the simulator reads it when the job is submitted"
            )
        ]
    ) { engage in
        let importJob = try await rulesetPost(
            engage, XMLAPI_OPERATION_IMPORT_DYNAMIC_CONTENT_RULE_SET,
            ["FILE_NAME": "promo.zip", "MAILING_ID": promoMailing, "LIST_ID": Env.listID])
        let list = try await rulesetPost(
            engage, XMLAPI_OPERATION_LIST_DYNAMIC_CONTENT_RULE_SETS_FOR_MAILING, ["MAILING_ID": promoMailing])
        return ["import": importJob, "list": list]
    }

    static let exportDCRulesetFlow = EngageFlows.operationFlow(
        name: "export-dc-ruleset", operation: XMLAPI_OPERATION_EXPORT_DYNAMIC_CONTENT_RULE_SET,
        params: { ["RULESET_ID": seededRulesetID, "MOVE_TO_FTP": "true"] },
        summary:
            "ExportDCRuleset answers the export's JOB_ID and the .zip's FILE_NAME, written to the FTP download directory",
        documentation:
            "Silverpop engage-api-client ExportDCRulesetCommand/Result (RULESET_ID, MOVE_TO_FTP; JOB_ID, FILE_NAME)",
        facts: [.assumed("the file is named Ruleset_<id>_<time>.zip and holds the ruleset's XML as text")])

    /// The XML file of a ruleset .zip: `<RULESET>` with `RULESET_NAME`, `CONTENT_AREAS` and `RULES`.
    static func contentAreasFile(_ name: String, _ areas: XML.Element, _ rules: XML.Element) -> String {
        XML.Element("RULESET", elements: [XML.Element("RULESET_NAME", text: name), areas, rules]).serialized()
    }
}
