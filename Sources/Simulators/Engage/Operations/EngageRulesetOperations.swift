import CassetteKit
import Foundation
import JSONCore
import LibXML

/// XMLAPI operations: dynamic-content rulesets (group D of issue #34), kept in `engage_dc_rulesets` (by ruleset id,
/// by mailing id, by name within the mailing or the Asset Library).
///
/// | operation | answer |
/// | --- | --- |
/// | AddDCRuleset | stores the ruleset (in the mailing with `MAILING_ID`, else in the Asset Library), `RULESET_ID` |
/// | GetDCRuleset | `RULESET` with its id, name, `CONTENT_AREAS` and `RULES` |
/// | ListDCRulesetsForMailing | one `RULESET` (`RULESET_ID`, `RULESET_NAME`) per ruleset of the mailing |
/// | ReplaceDCRuleset | replaces the content areas and rules, `RULESET_ID` |
/// | ValidateDCRuleset | `SUCCESS` true and `MAILING_ID`; or `SUCCESS` false, `MAILING_ID` and an `ERROR` per problem in `ERRORS` (no fault): a column the criteria read that the ruleset's list lacks, a rule content for an undefined content area |
/// | DeleteDCRuleset | deletes an Asset Library ruleset |
/// | ImportDCRuleset | a data job (`JOB_ID`) that reads the ruleset XML file placed in the FTP upload directory (admin `PUT /ftp/upload/{name}`) into a new ruleset, or into `RULESET_ID` |
/// | ExportDCRuleset | a data job (`JOB_ID`) and the .zip's `FILE_NAME`, in Stored Files or (`MOVE_TO_FTP`) the FTP download directory |
///
/// A request that does not fit the operation's request XSD is refused first (``EngageRulesetShapes``).
///
/// Faults (``RulesetFault``): 51 an element, attribute or value the XSD refuses, more than 1,000 rules or a priority
/// used twice; 100 a required element missing; 310 `LIST_ID` not a number, 106 unknown list; 107 `MAILING_ID` not a
/// number, 126 unknown mailing; 155 unknown ruleset (or `RULESET_ID` not a number); 300 name taken; 171 deleting a
/// mailing's ruleset; 132 no such upload (or not a ruleset).
///
/// Admin routes under `/__harness/vendors/engage`:
///
/// | request | what it does |
/// | --- | --- |
/// | `GET /rulesets` | every ruleset: `rulesetID`, `name`, `listID`, `mailingID` |
/// | `POST /rulesets` | adds a ruleset `{"name","listID","mailingID"?,"contentAreas":[{"name","type","defaultName","defaultContent"}],"rules":[{"name","priority","criteria":[{"andOr","leftParens","type","columnName","operators","values","rightParens"}],"contents":[{"contentArea","name","value"}]}]}`, answers it with its `rulesetID` |
/// | `GET /rulesets/{id}` | one ruleset with its content areas and rules |
/// | `DELETE /rulesets/{id}` | deletes a ruleset |
enum EngageRulesetOperations: EngageOperationGroup {
    static let name = "rulesets"
    static let tables = EngageDCRulesetStore.tables

    static let handlers: [String: EngageOperationHandler] = [
        "AddDCRuleset": EngageRulesetShapes.checked("AddDCRuleset") { try $1.rulesets.add($0) },
        "GetDCRuleset": EngageRulesetShapes.checked("GetDCRuleset") { try $1.rulesets.get($0) },
        "ListDCRulesetsForMailing": EngageRulesetShapes.checked("ListDCRulesetsForMailing") {
            try $1.rulesets.list($0)
        },
        "ReplaceDCRuleset": EngageRulesetShapes.checked("ReplaceDCRuleset") { try $1.rulesets.replace($0) },
        "ValidateDCRuleset": EngageRulesetShapes.checked("ValidateDCRuleset") { try $1.rulesets.validate($0) },
        "DeleteDCRuleset": EngageRulesetShapes.checked("DeleteDCRuleset") { try $1.rulesets.delete($0) },
        "ImportDCRuleset": EngageRulesetShapes.checked("ImportDCRuleset") { try $1.rulesets.importRuleset($0) },
        "ExportDCRuleset": EngageRulesetShapes.checked("ExportDCRuleset") { try $1.rulesets.export($0) },
    ]

    static func migrate(_ db: StateDB) throws {
        try EngageDCRulesetStore.migrate(db)
    }

    /// One Asset Library ruleset on the default list: a welcome offer for contacts whose Email is at example.com.
    static func seed(_ db: StateDB) throws {
        let definition = EngageDCRuleset.Definition(
            contentAreas: [
                .init(name: "offer", type: "Body-HTML", defaultName: "Default.offer", defaultContent: "<p>Welcome!</p>")
            ],
            rules: [
                .init(
                    name: "Example staff", priority: 1,
                    criteria: [
                        .init(type: "TE", columnName: "Email", operators: "LIKE", values: "%@example.com")
                    ],
                    contents: [.init(contentArea: "offer", name: "Staff.offer", value: "<p>Hello, colleague!</p>")])
            ])
        _ = try EngageDCRulesetStore(db: db, now: Date(timeIntervalSince1970: 1_767_225_600)).insert(
            name: "Welcome Offer", listID: EngageSchema.defaultListID, mailingID: nil, definition: definition)
    }

    static func admin(
        _ method: String, _ route: [String], body: JSONValue, db: StateDB, now: Date
    ) throws -> CassetteResponse? {
        guard route.first == "rulesets" else { return nil }
        return try EngageRulesetAdmin(store: EngageDCRulesetStore(db: db, now: now)).respond(
            method, Array(route.dropFirst()), body: body)
    }
}

extension EngageOperationContext {
    var rulesets: EngageRulesets { EngageRulesets(store: EngageDCRulesetStore(db: db, now: now), now: now) }
}
