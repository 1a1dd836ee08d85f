import CassetteKit
import ContractKit
import EngageSDK
import Foundation
import JSONCore
import LibXML

/// The documented error cases of the DC ruleset operations (group D of issue #34): the fault ids are those of the
/// XMLAPI error table in Silverpop's SDKs (`XMLAPIErrorCode`), the situations those the reference describes.
extension EngageFlows {
    static let addDCRulesetNameExistsFlow = EngageFlows.operationFlow(
        name: "add-dc-ruleset-name-exists", operation: XMLAPI_OPERATION_ADD_DYNAMIC_CONTENT_RULE_SET,
        params: { ["LIST_ID": Env.listID, "RULESET_NAME": "Welcome Offer"] },
        summary:
            "AddDCRuleset with the name of an Asset Library ruleset is fault 300 (a ruleset with that name exists)",
        documentation:
            "XMLAPIErrorCode 300 RULESET_WITH_NAME_ALREADY_EXISTS, \"A Ruleset with the provided name already exists.\"",
        kind: .errorCase,
        facts: [.assumed("names are unique within a mailing, or within the Asset Library")])

    static let addDCRulesetMissingListFlow = EngageFlows.operationFlow(
        name: "add-dc-ruleset-missing-list-id", operation: XMLAPI_OPERATION_ADD_DYNAMIC_CONTENT_RULE_SET,
        params: { ["RULESET_NAME": "Promo By Email"] },
        summary: "AddDCRuleset without its required LIST_ID is fault 100 (parameter not provided)",
        documentation:
            "\(rulesetReference), Create a ruleset: LIST_ID is required; XMLAPIErrorCode 100 PARAM_NOT_PROVIDED",
        kind: .errorCase)

    static let getDCRulesetUnknownFlow = EngageFlows.operationFlow(
        name: "get-dc-ruleset-unknown-ruleset", operation: XMLAPI_OPERATION_GET_DYNAMIC_CONTENT_RULE_SET,
        params: { ["RULESET_ID": 123_456_789] },
        summary: "GetDCRuleset of a ruleset that does not exist is fault 155",
        documentation: "XMLAPIErrorCode 155 RULESET_DOES_NOT_EXIST",
        kind: .errorCase,
        facts: [.assumed("the FaultString \"Ruleset does not exist.\" (the SDKs' text for 155 is a copy of 154's)")])

    static let listDCRulesetsUnknownMailingFlow = EngageFlows.operationFlow(
        name: "list-dc-rulesets-for-mailing-unknown-mailing",
        operation: XMLAPI_OPERATION_LIST_DYNAMIC_CONTENT_RULE_SETS_FOR_MAILING,
        params: { ["MAILING_ID": 99_999] },
        summary: "ListDCRulesetsForMailing of a mailing that does not exist is fault 126",
        documentation: "XMLAPIErrorCode 126 MAILING_DOES_NOT_EXIST, \"Mailing does not exist.\"",
        kind: .errorCase)

    static let validateDCRulesetInvalidFlow = rulesetFlow(
        "validate-dc-ruleset-errors",
        summary:
            "ValidateDCRuleset of a mailing whose ruleset reads a column the list lacks: SUCCESS false, MAILING_ID and the errors in ERRORS, no fault",
        documentation:
            "IBM tutorial Validate a dynamic content ruleset: SUCCESS false with MAILING_ID and ERRORS, one ERROR per problem",
        kind: .errorCase,
        setup: [
            mailingSetup(promoMailing, "Spring Promo"),
            rulesetSetup(
                "Promo By Gender", mailing: promoMailing,
                rules: [("Men", "Gender", "M"), ("Staff", "Email", "%@example.com")]),
        ]
    ) { engage in
        try await rulesetPost(engage, XMLAPI_OPERATION_VALIDATE_DYNAMIC_CONTENT_RULE_SET, ["MAILING_ID": promoMailing])
    }

    static let deleteDCRulesetUsedByMailingFlow = EngageFlows.operationFlow(
        name: "delete-dc-ruleset-used-by-mailing", operation: XMLAPI_OPERATION_DELETE_DYNAMIC_CONTENT_RULE_SET,
        params: { ["RULESET_ID": seededRulesetID + 1] },
        summary: "DeleteDCRuleset of a mailing's ruleset fails: the ruleset is associated with a mailing (fault 171)",
        documentation:
            "The SDK's XMLAPIOperation (from the reference): only rulesets not associated with a mailing can be deleted",
        kind: .errorCase,
        simulatorSetup: [
            mailingSetup(promoMailing, "Spring Promo"),
            rulesetSetup("Promo By Email", mailing: promoMailing, rules: [("Staff", "Email", "%@example.com")]),
        ],
        facts: [.assumed("the id 171 (\"Error deleting rule.\"); the reference names the failure, not its id")])

    static let importDCRulesetNoFileFlow = EngageFlows.operationFlow(
        name: "import-dc-ruleset-no-file", operation: XMLAPI_OPERATION_IMPORT_DYNAMIC_CONTENT_RULE_SET,
        params: { ["FILE_NAME": "missing.zip", "LIST_ID": Env.listID] },
        summary:
            "ImportDCRuleset of a file that is not in the FTP upload directory is fault 132 (unable to create import job)",
        documentation:
            "\(rulesetReference), Import a dynamic content ruleset: the file is read from the FTP upload directory",
        kind: .errorCase,
        facts: [.assumed("the id 132 (\"Unable to create import job.\") for a file that is not there")])

    static let exportDCRulesetUnknownFlow = EngageFlows.operationFlow(
        name: "export-dc-ruleset-unknown-ruleset", operation: XMLAPI_OPERATION_EXPORT_DYNAMIC_CONTENT_RULE_SET,
        params: { ["RULESET_ID": 42] },
        summary: "ExportDCRuleset of a ruleset that does not exist is fault 155",
        documentation: "XMLAPIErrorCode 155 RULESET_DOES_NOT_EXIST",
        kind: .errorCase)
}
