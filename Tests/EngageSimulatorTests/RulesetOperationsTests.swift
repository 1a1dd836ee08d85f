import CassetteKit
import EngageSDK
import Foundation
import HarnessTesting
import JSONCore
import LibXML
import Testing

/// The dynamic-content ruleset operations (issue #34, group D) against the simulator: each answer, fault or not, is
/// also checked against the operation's result XSD.
@Suite("EngageSimulator DC ruleset operations")
struct RulesetOperationsTests {
    /// A simulator with a token, a mailing 41781 and a second mailing 41782, that validates every answer.
    struct Harness {
        let simulator: SimulatorFixture
        let token: String

        static let mailing = "41781"
        static let otherMailing = "41782"

        init() async throws {
            simulator = try await SimulatorFixture()
            token = try await simulator.token()
            for (id, name) in [(Self.mailing, "Spring Promo"), (Self.otherMailing, "Autumn Promo")] {
                _ = try await simulator.admin(
                    "POST", "/mailings", ["mailingID": .string(id), "name": .string(name), "kind": "Template"])
            }
        }

        static let schemas: [String: String] = [
            "AddDCRuleset": "add-dc-ruleset", "ImportDCRuleset": "import-dc-ruleset",
            "ExportDCRuleset": "export-dc-ruleset", "ListDCRulesetsForMailing": "list-dc-rulesets-for-mailing",
            "GetDCRuleset": "get-dc-ruleset", "ReplaceDCRuleset": "replace-dc-ruleset",
            "ValidateDCRuleset": "validate-dc-ruleset", "DeleteDCRuleset": "delete-dc-ruleset",
        ]

        /// Sends `<operation>inner</operation>`; the request and the answer must validate against their XSDs.
        func send(_ operation: String, _ inner: String) async throws -> XMLAPIResult {
            try await simulator.xmlAPI(operation, inner, schema: try #require(Self.schemas[operation]), token: token)
        }

        /// AddDCRuleset of `promo` (or `name`) with `rules`, answering the new id.
        func add(
            _ name: String = "Promo By Gender", mailing: String? = Harness.mailing, list: String = "23949",
            rules: String = Harness.emailRule
        ) async throws -> String {
            let mailingElement = mailing.map { "<MAILING_ID>\($0)</MAILING_ID>" } ?? ""
            let result = try await send(
                "AddDCRuleset",
                "<LIST_ID>\(list)</LIST_ID><RULESET_NAME>\(name)</RULESET_NAME>\(mailingElement)\(Self.areas)\(rules)")
            #expect(result.isSuccess, "\(result.faultString ?? "")")
            return try #require(result.envelope.descendant(["Body", "RESULT", "RULESET_ID"])?.text)
        }

        static let areas = """
            <CONTENT_AREAS><CONTENT_AREA name="promo" type="Body-HTML"><DEFAULT_CONTENT name="Default.promo">\
            <![CDATA[<p>10% off everything</p>]]></DEFAULT_CONTENT></CONTENT_AREA></CONTENT_AREAS>
            """

        static func rule(
            _ name: String, priority: Int, column: String, value: String, area: String = "promo"
        )
            -> String
        {
            """
            <RULE><RULE_NAME>\(name)</RULE_NAME><PRIORITY>\(priority)</PRIORITY><CRITERIA><EXPRESSION><AND_OR/>\
            <LEFT_PARENS>(</LEFT_PARENS><TYPE>TE</TYPE><COLUMN_NAME>\(column)</COLUMN_NAME>\
            <OPERATORS><![CDATA[=]]></OPERATORS><VALUES><![CDATA[\(value)]]></VALUES><RIGHT_PARENS>)</RIGHT_PARENS>\
            </EXPRESSION></CRITERIA><CONTENTS><CONTENT content_area="\(area)" name="\(name).\(area)">\
            <![CDATA[<p>\(name)</p>]]></CONTENT></CONTENTS></RULE>
            """
        }

        static let emailRule =
            "<RULES>" + rule("Staff", priority: 1, column: "Email", value: "a@example.com") + "</RULES>"

        func ruleset(_ id: String) async throws -> XML.Element? {
            try await send("GetDCRuleset", "<RULESET_ID>\(id)</RULESET_ID>").envelope.descendant([
                "Body", "RESULT", "RULESET",
            ])
        }

        func listed(_ mailing: String) async throws -> [String] {
            let result = try await send("ListDCRulesetsForMailing", "<MAILING_ID>\(mailing)</MAILING_ID>")
            return result.envelope.descendant(["Body", "RESULT"])?.all("RULESET").compactMap {
                $0.first("RULESET_ID")?.text
            } ?? []
        }
    }

    @Test("AddDCRuleset stores the ruleset; GetDCRuleset returns it and ListDCRulesetsForMailing lists it")
    func addGetList() async throws {
        let engage = try await Harness()
        let id = try await engage.add()
        let ruleset = try #require(try await engage.ruleset(id))
        #expect(ruleset.first("RULESET_ID")?.text == id)
        #expect(ruleset.first("RULESET_NAME")?.text == "Promo By Gender")
        let area = try #require(ruleset.descendant(["CONTENT_AREAS", "CONTENT_AREA"]))
        #expect(area.attribute("name") == "promo" && area.attribute("type") == "Body-HTML")
        #expect(area.first("DEFAULT_CONTENT")?.text == "<p>10% off everything</p>")
        let rule = try #require(ruleset.descendant(["RULES", "RULE"]))
        #expect(rule.first("RULE_NAME")?.text == "Staff" && rule.first("PRIORITY")?.text == "1")
        #expect(rule.descendant(["CRITERIA", "EXPRESSION", "COLUMN_NAME"])?.text == "Email")
        #expect(rule.descendant(["CRITERIA", "EXPRESSION", "OPERATORS"])?.text == "=")
        #expect(rule.descendant(["CONTENTS", "CONTENT"])?.attribute("content_area") == "promo")
        #expect(try await engage.listed(Harness.mailing) == [id])
        #expect(try await engage.listed(Harness.otherMailing).isEmpty)
    }

    @Test("ListDCRulesetsForMailing lists only the mailing's rulesets, by id, however many others exist")
    func listByMailing() async throws {
        let engage = try await Harness()
        var mine: [String] = []
        for index in 0..<6 {
            let id = try await engage.add(
                "Ruleset \(index)", mailing: index.isMultiple(of: 2) ? Harness.mailing : Harness.otherMailing)
            if index.isMultiple(of: 2) { mine.append(id) }
        }
        _ = try await engage.add("Library ruleset", mailing: nil)
        #expect(try await engage.listed(Harness.mailing) == mine)
    }

    @Test(
        "AddDCRuleset faults: missing elements 100, LIST_ID not a number 310, unknown list 106, MAILING_ID 107 and 126, name taken 300, priority twice 51"
    )
    func addFaults() async throws {
        let engage = try await Harness()
        let cases: [(String, Int)] = [
            ("<RULESET_NAME>x</RULESET_NAME>", 100),
            ("<LIST_ID>23949</LIST_ID>", 100),
            ("<LIST_ID>23949</LIST_ID><RULESET_NAME></RULESET_NAME>", 100),
            ("<LIST_ID>99999</LIST_ID><RULESET_NAME>x</RULESET_NAME>", 106),
            ("<LIST_ID>23949</LIST_ID><RULESET_NAME>x</RULESET_NAME><MAILING_ID>77</MAILING_ID>", 126),
            (
                "<LIST_ID>23949</LIST_ID><RULESET_NAME>x</RULESET_NAME><RULES>"
                    + Harness.rule("A", priority: 1, column: "Email", value: "a")
                    + Harness.rule("B", priority: 1, column: "Email", value: "b") + "</RULES>", 51
            ),
        ]
        for (inner, errorID) in cases {
            let result = try await engage.send("AddDCRuleset", inner)
            #expect(!result.isSuccess && result.errorID == errorID, "\(inner): \(result.faultString ?? "")")
        }
        _ = try await engage.add()
        let again = try await engage.send(
            "AddDCRuleset",
            "<LIST_ID>23949</LIST_ID><RULESET_NAME>promo by gender</RULESET_NAME><MAILING_ID>41781</MAILING_ID>")
        #expect(again.errorID == 300)
        #expect(again.faultString == "A Ruleset with the provided name already exists.")
        // The same name in another mailing or in the Asset Library is a different ruleset.
        _ = try await engage.add(mailing: Harness.otherMailing)
        _ = try await engage.add(mailing: nil)
    }

    @Test("Malformed ids: LIST_ID 310 and MAILING_ID 107 (sent without the XSD check, as a broken client would)")
    func malformedIDs() async throws {
        let engage = try await Harness()
        for (inner, errorID) in [
            ("<LIST_ID>abc</LIST_ID><RULESET_NAME>x</RULESET_NAME>", 310),
            ("<LIST_ID>23949</LIST_ID><RULESET_NAME>x</RULESET_NAME><MAILING_ID>m1</MAILING_ID>", 107),
        ] {
            let result = try await engage.simulator.xmlAPI(
                "<Envelope><Body><AddDCRuleset>\(inner)</AddDCRuleset></Body></Envelope>", token: engage.token)
            #expect(result.errorID == errorID)
        }
    }

    @Test(
        "A request its XSD refuses is refused: an unknown or wrong-case element at any depth, a bad value or attribute 51; a malformed id its own fault"
    )
    func shapes() async throws {
        let engage = try await Harness()
        let rule = "<RULES><RULE><CRITERIA><EXPRESSION>"
        for (operation, inner, errorID) in [
            ("ListDCRulesetsForMailing", "<MAILING_ID>41781</MAILING_ID><mailing_id>41781</mailing_id>", 51),
            ("ListDCRulesetsForMailing", "<MAILING_ID>41781</MAILING_ID><MAILING_ID/>", 107),
            ("ValidateDCRuleset", "<MAILING_ID>41781</MAILING_ID><FZ_UNKNOWN>x</FZ_UNKNOWN>", 51),
            ("GetDCRuleset", "<RULESET_ID>55o001</RULESET_ID>", 155),
            ("ExportDCRuleset", "<RULESET_ID>550001</RULESET_ID><MOVE_TO_FTP>yes</MOVE_TO_FTP>", 51),
            ("ImportDCRuleset", "<FILE_NAME>a.zip</FILE_NAME><LIST_ID> 23949</LIST_ID>", 310),
            ("AddDCRuleset", "<LIST_ID>23949</LIST_ID><RULESET_NAME>x<B>y</B></RULESET_NAME>", 51),
            (
                "AddDCRuleset",
                "<LIST_ID>23949</LIST_ID><RULESET_NAME>x</RULESET_NAME>\(rule)<TYPE>XE</TYPE>"
                    + "</EXPRESSION></CRITERIA></RULE></RULES>", 51
            ),
            (
                "AddDCRuleset",
                "<LIST_ID>23949</LIST_ID><RULESET_NAME>x</RULESET_NAME>\(rule)<NOTE/>"
                    + "</EXPRESSION></CRITERIA></RULE></RULES>", 51
            ),
            ("AddDCRuleset", "<LIST_ID>23949</LIST_ID><RULESET_NAME>x</RULESET_NAME><RULES>text</RULES>", 51),
            (
                "AddDCRuleset",
                "<LIST_ID>23949</LIST_ID><RULESET_NAME>x</RULESET_NAME><RULES><RULE><PRIORITY>0</PRIORITY></RULE></RULES>",
                51
            ),
            (
                "AddDCRuleset",
                "<LIST_ID>23949</LIST_ID><RULESET_NAME>x</RULESET_NAME><CONTENT_AREAS><CONTENT_AREA type=\"Footer\"/></CONTENT_AREAS>",
                51
            ),
            (
                "ReplaceDCRuleset",
                "<RULESET_ID>550001</RULESET_ID><CONTENT_AREAS/><RULES><RULE><CONTENTS><CONTENT>x</CONTENT></CONTENTS></RULE></RULES>",
                51
            ),
        ] {
            let result = try await engage.simulator.xmlAPI(
                "<Envelope><Body><\(operation)>\(inner)</\(operation)></Body></Envelope>", token: engage.token)
            #expect(result.errorID == errorID, "\(operation) \(inner): \(result.faultString ?? "")")
        }
        // Nothing was stored or changed by a refused request.
        #expect(
            try await engage.ruleset("550001")?.descendant(["RULES", "RULE", "RULE_NAME"])?.text == "Example staff")
    }

    @Test("ReplaceDCRuleset replaces the content areas and rules; GetDCRuleset shows the new ones")
    func replace() async throws {
        let engage = try await Harness()
        let id = try await engage.add()
        let rules = "<RULES>" + Harness.rule("Ladies", priority: 2, column: "Mobile User Id", value: "F") + "</RULES>"
        let result = try await engage.send(
            "ReplaceDCRuleset", "<RULESET_ID>\(id)</RULESET_ID><CONTENT_AREAS/>\(rules)")
        #expect(result.isSuccess)
        #expect(result.envelope.descendant(["Body", "RESULT", "RULESET_ID"])?.text == id)
        let ruleset = try #require(try await engage.ruleset(id))
        #expect(ruleset.first("CONTENT_AREAS")?.elements.isEmpty == true)
        #expect(ruleset.descendant(["RULES", "RULE", "RULE_NAME"])?.text == "Ladies")
        #expect(ruleset.first("RULES")?.all("RULE").count == 1)
        #expect(ruleset.first("RULESET_NAME")?.text == "Promo By Gender")
    }

    @Test("ReplaceDCRuleset faults: unknown ruleset 155, missing RULESET_ID, CONTENT_AREAS or RULES 100")
    func replaceFaults() async throws {
        let engage = try await Harness()
        let id = try await engage.add()
        for (inner, errorID) in [
            ("<RULESET_ID>1</RULESET_ID><CONTENT_AREAS/><RULES/>", 155),
            ("<CONTENT_AREAS/><RULES/>", 100),
            ("<RULESET_ID>\(id)</RULESET_ID><RULES/>", 100),
            ("<RULESET_ID>\(id)</RULESET_ID><CONTENT_AREAS/>", 100),
        ] {
            #expect(try await engage.send("ReplaceDCRuleset", inner).errorID == errorID, "\(inner)")
        }
        #expect(try await engage.send("GetDCRuleset", "<RULESET_ID>1</RULESET_ID>").errorID == 155)
        #expect(try await engage.send("GetDCRuleset", "").errorID == 100)
    }

    @Test(
        "ValidateDCRuleset: true with MAILING_ID when every column exists; else false with MAILING_ID and an ERROR per problem, no fault"
    )
    func validate() async throws {
        let engage = try await Harness()
        _ = try await engage.add()
        let valid = try await engage.send("ValidateDCRuleset", "<MAILING_ID>41781</MAILING_ID>")
        #expect(valid.isSuccess && valid.errorID == nil)
        #expect(valid.envelope.descendant(["Body", "RESULT", "MAILING_ID"])?.text == "41781")

        let broken =
            "<RULES>" + Harness.rule("Men", priority: 1, column: "Gender", value: "M")
            + Harness.rule("Footer", priority: 2, column: "Email", value: "x", area: "footer") + "</RULES>"
        _ = try await engage.add("Broken", rules: broken)
        let invalid = try await engage.send("ValidateDCRuleset", "<MAILING_ID>41781</MAILING_ID>")
        #expect(!invalid.isSuccess && invalid.errorID == nil && invalid.faultString == nil)
        #expect(invalid.envelope.first("Body")?.first("Fault") == nil)
        let result = try #require(invalid.envelope.descendant(["Body", "RESULT"]))
        #expect(result.elements.map(\.name) == ["SUCCESS", "MAILING_ID", "ERRORS"])
        #expect(result.first("MAILING_ID")?.text == "41781")
        let errors = result.first("ERRORS")?.all("ERROR").map(\.text) ?? []
        #expect(errors.count == 2)
        #expect(errors.contains { $0.contains("column 'Gender' not found in list 23949") })
        #expect(errors.contains { $0.contains("content area 'footer' is not defined") })
        // Another mailing's rulesets are not its concern; a column added to the list makes the rule valid.
        #expect(try await engage.send("ValidateDCRuleset", "<MAILING_ID>41782</MAILING_ID>").isSuccess)
        _ = try await engage.simulator.admin("POST", "/lists/23949/columns", ["name": "Gender"])
        let after = try await engage.send("ValidateDCRuleset", "<MAILING_ID>41781</MAILING_ID>")
        #expect(after.envelope.descendant(["Body", "RESULT", "ERRORS"])?.all("ERROR").count == 1)
    }

    @Test("ValidateDCRuleset and ListDCRulesetsForMailing faults: unknown mailing 126, missing MAILING_ID 100")
    func mailingFaults() async throws {
        let engage = try await Harness()
        for operation in ["ValidateDCRuleset", "ListDCRulesetsForMailing"] {
            #expect(try await engage.send(operation, "<MAILING_ID>5</MAILING_ID>").errorID == 126)
            #expect(try await engage.send(operation, "").errorID == 100)
        }
    }

    @Test("DeleteDCRuleset deletes an Asset Library ruleset; a mailing's ruleset is fault 171, an unknown one 155")
    func delete() async throws {
        let engage = try await Harness()
        let library = try await engage.add("Library", mailing: nil)
        let mailing = try await engage.add()
        let deleted = try await engage.send("DeleteDCRuleset", "<RULESET_ID>\(library)</RULESET_ID>")
        #expect(deleted.isSuccess)
        #expect(try await engage.send("GetDCRuleset", "<RULESET_ID>\(library)</RULESET_ID>").errorID == 155)
        #expect(try await engage.send("DeleteDCRuleset", "<RULESET_ID>\(library)</RULESET_ID>").errorID == 155)
        let refused = try await engage.send("DeleteDCRuleset", "<RULESET_ID>\(mailing)</RULESET_ID>")
        #expect(refused.errorID == 171)
        #expect(try await engage.listed(Harness.mailing) == [mailing])
        #expect(try await engage.send("DeleteDCRuleset", "").errorID == 100)
    }

    @Test("ImportDCRuleset reads the uploaded file into a new ruleset, or into RULESET_ID, and answers a JOB_ID")
    func importRuleset() async throws {
        let engage = try await Harness()
        let file = "<RULESET><RULESET_NAME>Imported Promo</RULESET_NAME>\(Harness.areas)\(Harness.emailRule)</RULESET>"
        _ = try await engage.simulator.admin("PUT", "/ftp/upload/promo.zip", ["content": .string(file)])
        let imported = try await engage.send(
            "ImportDCRuleset",
            "<FILE_NAME>promo.zip</FILE_NAME><MAILING_ID>41781</MAILING_ID><LIST_ID>23949</LIST_ID>")
        #expect(imported.isSuccess)
        let job = try #require(imported.envelope.descendant(["Body", "RESULT", "JOB_ID"])?.text)
        let listed = try await engage.listed(Harness.mailing)
        #expect(listed.count == 1)
        let id = try #require(listed.first)
        #expect(try await engage.ruleset(id)?.first("RULESET_NAME")?.text == "Imported Promo")
        let described = try await engage.simulator.admin("GET", "/jobs/\(job)")
        #expect(described["kind"] == "ImportDCRuleset")

        let other =
            "<RULESET><CONTENT_AREAS/><RULES>" + Harness.rule("New", priority: 1, column: "Email", value: "n")
            + "</RULES></RULESET>"
        _ = try await engage.simulator.admin("PUT", "/ftp/upload/update.zip", ["content": .string(other)])
        let replaced = try await engage.send(
            "ImportDCRuleset", "<FILE_NAME>update.zip</FILE_NAME><LIST_ID>23949</LIST_ID><RULESET_ID>\(id)</RULESET_ID>"
        )
        #expect(replaced.isSuccess)
        #expect(try await engage.ruleset(id)?.descendant(["RULES", "RULE", "RULE_NAME"])?.text == "New")
    }

    @Test(
        "ImportDCRuleset faults: no such file or not a ruleset 132, unknown list 106, ruleset 155, mailing 126, missing FILE_NAME 100"
    )
    func importFaults() async throws {
        let engage = try await Harness()
        _ = try await engage.simulator.admin("PUT", "/ftp/upload/notes.zip", ["content": "<NOTES/>"])
        for (inner, errorID) in [
            ("<FILE_NAME>missing.zip</FILE_NAME><LIST_ID>23949</LIST_ID>", 132),
            ("<FILE_NAME>notes.zip</FILE_NAME><LIST_ID>23949</LIST_ID>", 132),
            ("<FILE_NAME>notes.zip</FILE_NAME><LIST_ID>1</LIST_ID>", 106),
            ("<FILE_NAME>notes.zip</FILE_NAME><LIST_ID>23949</LIST_ID><RULESET_ID>9</RULESET_ID>", 155),
            ("<FILE_NAME>notes.zip</FILE_NAME><LIST_ID>23949</LIST_ID><MAILING_ID>9</MAILING_ID>", 126),
            ("<LIST_ID>23949</LIST_ID>", 100),
        ] {
            #expect(try await engage.send("ImportDCRuleset", inner).errorID == errorID, "\(inner)")
        }
    }

    @Test(
        "ExportDCRuleset answers a JOB_ID and the FILE_NAME; with MOVE_TO_FTP the ruleset's XML is in the download directory"
    )
    func export() async throws {
        let engage = try await Harness()
        let id = try await engage.add()
        let stored = try await engage.send("ExportDCRuleset", "<RULESET_ID>\(id)</RULESET_ID>")
        #expect(stored.isSuccess)
        #expect(stored.envelope.descendant(["Body", "RESULT", "JOB_ID"]) != nil)
        #expect(stored.envelope.descendant(["Body", "RESULT", "FILE_NAME"])?.text.hasSuffix(".zip") == true)

        let ftp = try await engage.send(
            "ExportDCRuleset", "<RULESET_ID>\(id)</RULESET_ID><MOVE_TO_FTP>true</MOVE_TO_FTP>")
        let name = try #require(ftp.envelope.descendant(["Body", "RESULT", "FILE_NAME"])?.text)
        let file = try await engage.simulator.admin("GET", "/ftp/download/\(name)")
        let content = try #require(file["content"]?.stringValue)
        let root = try #require(try XML.Document(string: content).root)
        #expect(root.name == "RULESET" && root.first("RULESET_NAME")?.text == "Promo By Gender")
        #expect(try await engage.send("ExportDCRuleset", "<RULESET_ID>4</RULESET_ID>").errorID == 155)
        #expect(try await engage.send("ExportDCRuleset", "").errorID == 100)
    }

    @Test("The admin API seeds, reads and deletes rulesets")
    func admin() async throws {
        let engage = try await Harness()
        let seeded = try await engage.simulator.admin(
            "POST", "/rulesets",
            [
                "name": "Seeded", "mailingID": "41781",
                "contentAreas": [["name": "promo", "type": "Body-HTML", "defaultContent": "<p>x</p>"]],
                "rules": [
                    [
                        "name": "Staff", "priority": 1,
                        "criteria": [["type": "TE", "columnName": "Email", "operators": "=", "values": "a@b.c"]],
                        "contents": [["contentArea": "promo", "value": "<p>staff</p>"]],
                    ]
                ],
            ])
        let id = try #require(seeded["rulesetID"]?.int)
        #expect(try await engage.listed(Harness.mailing) == [String(id)])
        #expect(try await engage.send("ValidateDCRuleset", "<MAILING_ID>41781</MAILING_ID>").isSuccess)
        let all = try await engage.simulator.admin("GET", "/rulesets")
        #expect(all["rulesets"]?.arrayValue?.contains { $0["name"] == "Welcome Offer" } == true)
        #expect(try await engage.simulator.admin("GET", "/rulesets/\(id)")["rules"]?[0]?["name"] == "Staff")
        #expect(try await engage.simulator.admin("DELETE", "/rulesets/\(id)")["deleted"]?.int == id)
        #expect(try await engage.listed(Harness.mailing).isEmpty)
        let refused = try await engage.simulator.admin("POST", "/rulesets", ["name": "x", "mailingID": "1"])
        #expect(refused["error"]?.stringValue?.contains("no mailing") == true)
    }
}
