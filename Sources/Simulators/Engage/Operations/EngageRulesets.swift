import Foundation
import JSONCore
import LibXML

/// The answers of the eight DC ruleset operations (see ``EngageRulesetOperations``).
struct EngageRulesets {
    let store: EngageDCRulesetStore
    let now: Date

    /// A ruleset may contain no more than 1,000 rules (the reference's note on AddDCRuleset and ReplaceDCRuleset).
    static let maximumRules = 1000

    func add(_ request: EngageRequest) throws -> EngageResult {
        let list = try existingList(request)
        let name = try required(request, "RULESET_NAME")
        let mailing = try optionalMailing(request)
        let definition = try checked(EngageDCRuleset.Definition(request.element))
        guard try !store.nameTaken(name, mailing: mailing) else { throw RulesetFault.nameTaken }
        let ruleset = try store.insert(name: name, listID: list.id, mailingID: mailing, definition: definition)
        var result = EngageResult()
        result.add("RULESET_ID", String(ruleset.id))
        return result
    }

    func get(_ request: EngageRequest) throws -> EngageResult {
        let ruleset = try existingRuleset(request)
        var result = EngageResult()
        result.raw(ruleset.element.serialized())
        return result
    }

    func list(_ request: EngageRequest) throws -> EngageResult {
        let mailing = try requiredMailing(request)
        var result = EngageResult()
        for ruleset in try store.rulesets(mailing: mailing) {
            result.raw(
                XML.Element(
                    "RULESET",
                    elements: [
                        XML.Element("RULESET_ID", text: String(ruleset.id)),
                        XML.Element("RULESET_NAME", text: ruleset.name),
                    ]
                ).serialized())
        }
        return result
    }

    func replace(_ request: EngageRequest) throws -> EngageResult {
        let ruleset = try existingRuleset(request)
        for name in ["CONTENT_AREAS", "RULES"] where request.element.first(name) == nil {
            throw RulesetFault.missing(name)
        }
        try store.replace(ruleset.id, with: try checked(EngageDCRuleset.Definition(request.element)))
        var result = EngageResult()
        result.add("RULESET_ID", String(ruleset.id))
        return result
    }

    /// Checks every ruleset of the mailing: each column its criteria read (`COLUMN_NAME`, or a `[column]` value)
    /// must be a column of the ruleset's list, and each rule content must fill a content area the ruleset defines.
    /// A mailing without rulesets is valid (assumed).
    ///
    /// The problems are answered as the reference shows them: `SUCCESS` false, `MAILING_ID` and one `ERROR` per
    /// problem inside `ERRORS`, and no `Fault`.
    func validate(_ request: EngageRequest) throws -> EngageResult {
        let mailing = try requiredMailing(request)
        var errors: [String] = []
        for ruleset in try store.rulesets(mailing: mailing) {
            errors += try problems(ruleset)
        }
        var result = EngageResult(success: errors.isEmpty)
        result.add("MAILING_ID", mailing)
        if !errors.isEmpty {
            result.raw("<ERRORS>")
            for error in errors { result.add("ERROR", error) }
            result.raw("</ERRORS>")
        }
        return result
    }

    func delete(_ request: EngageRequest) throws -> EngageResult {
        let ruleset = try existingRuleset(request)
        guard ruleset.mailingID == nil else { throw RulesetFault.usedByMailing }
        try store.delete(ruleset.id)
        return EngageResult()
    }

    /// Reads the file from the FTP upload directory now (the job then runs its course on the clock): the text of
    /// the .zip's XML, `<RULESET>` with `RULESET_NAME`, `CONTENT_AREAS` and `RULES` (the reference's file format).
    /// With `RULESET_ID` its content areas and rules replace that ruleset's; without, they make a new ruleset named
    /// by the file's `RULESET_NAME` (else the file name without `.zip`), in the mailing or the Asset Library.
    func importRuleset(_ request: EngageRequest) throws -> EngageResult {
        let fileName = try required(request, "FILE_NAME")
        let list = try existingList(request)
        let mailing = try optionalMailing(request)
        let target = try request.scalar("RULESET_ID").map { _ in try existingRuleset(request) }
        let path = EngageFTP.uploadPath(fileName)
        guard let text = try EngageFTP(db: store.db).read(path) else { throw RulesetFault.noUpload(fileName) }
        guard let document = try? XML.Document(string: text), let file = document.root, file.name == "RULESET"
        else { throw RulesetFault.notARuleset(fileName) }
        let definition = try checked(EngageDCRuleset.Definition(file))
        let rulesetID: Int
        if let target {
            try store.replace(target.id, with: definition)
            rulesetID = target.id
        } else {
            var name = file.first("RULESET_NAME")?.text.trimmingWhitespace(newlines: true) ?? ""
            if name.isEmpty { name = fileName.lowercased().hasSuffix(".zip") ? String(fileName.dropLast(4)) : fileName }
            guard try !store.nameTaken(name, mailing: mailing) else { throw RulesetFault.nameTaken }
            rulesetID = try store.insert(name: name, listID: list.id, mailingID: mailing, definition: definition).id
        }
        let job = try EngageJobs.create(
            store.db, now: now, kind: "ImportDCRuleset", description: "Import of ruleset file \(fileName)",
            filePath: path,
            parameters: EngageJobs.fields(["FILE_NAME": .string(fileName), "RULESET_ID": .string(String(rulesetID))]))
        var result = EngageResult()
        result.add("JOB_ID", String(job))
        return result
    }

    /// The .zip is named after the ruleset and the simulator's clock. With `MOVE_TO_FTP` true it is written to the
    /// FTP download directory (its XML as the file's text); else it goes to Stored Files (assumed path
    /// `Stored Files/<name>`).
    func export(_ request: EngageRequest) throws -> EngageResult {
        let ruleset = try existingRuleset(request)
        let toFTP = request.scalar("MOVE_TO_FTP")?.lowercased() == "true"
        let fileName = "Ruleset_\(ruleset.id)_\(Self.stamp(now)).zip"
        let path = toFTP ? EngageFTP.downloadPath(fileName) : "Stored Files/" + fileName
        if toFTP {
            try EngageFTP(db: store.db).write(path, ruleset.file.serialized(), now: now)
        }
        let job = try EngageJobs.create(
            store.db, now: now, kind: "ExportDCRuleset", description: "Export of ruleset \(ruleset.name)",
            filePath: path,
            parameters: EngageJobs.fields(["RULESET_ID": .string(String(ruleset.id)), "FILE_NAME": .string(fileName)]))
        var result = EngageResult()
        result.add("JOB_ID", String(job))
        result.add("FILE_NAME", fileName)
        return result
    }

    // MARK: Reading the request

    private func required(_ request: EngageRequest, _ name: String) throws(EngageFault) -> String {
        guard let value = request.scalar(name), !value.isEmpty else { throw RulesetFault.missing(name) }
        return value
    }

    private func existingList(_ request: EngageRequest) throws -> EngageList {
        let id = try required(request, "LIST_ID")
        guard id.allSatisfy(\.isASCIIDigit) else { throw RulesetFault.listIDNotInteger(id) }
        guard let list = try EngageList.find(store.db, id: id) else { throw RulesetFault.listNotValid }
        return list
    }

    private func optionalMailing(_ request: EngageRequest) throws -> String? {
        guard request.element.first("MAILING_ID") != nil else { return nil }
        return try requiredMailing(request)
    }

    private func requiredMailing(_ request: EngageRequest) throws -> String {
        let id = try required(request, "MAILING_ID")
        guard id.allSatisfy(\.isASCIIDigit) else { throw RulesetFault.mailingIDNotValid }
        guard try store.mailingExists(id) else { throw RulesetFault.mailingDoesNotExist }
        return id
    }

    private func existingRuleset(_ request: EngageRequest) throws -> EngageDCRuleset {
        let id = try required(request, "RULESET_ID")
        guard id.allSatisfy(\.isASCIIDigit), let number = Int(id), let ruleset = try store.find(number) else {
            throw RulesetFault.rulesetDoesNotExist
        }
        return ruleset
    }

    /// At most ``maximumRules`` rules, each priority used once (the reference: "Number must be unique").
    private func checked(_ definition: EngageDCRuleset.Definition) throws(EngageFault) -> EngageDCRuleset.Definition {
        guard definition.rules.count <= Self.maximumRules else { throw RulesetFault.tooManyRules }
        var priorities = Set<Int>()
        for priority in definition.rules.compactMap(\.priority) where !priorities.insert(priority).inserted {
            throw RulesetFault.priorityTwice(priority)
        }
        return definition
    }

    private func problems(_ ruleset: EngageDCRuleset) throws -> [String] {
        guard let list = try EngageList.find(store.db, id: ruleset.listID) else {
            return ["Ruleset '\(ruleset.name)': list \(ruleset.listID) does not exist."]
        }
        var problems: [String] = []
        let areas = Set(ruleset.definition.contentAreas.compactMap(\.name))
        for rule in ruleset.definition.rules {
            let columns = EngageDCRuleset.Definition(contentAreas: [], rules: [rule]).columnsRead
            for column in columns where try list.column(store.db, named: column) == nil {
                problems.append(
                    "Ruleset '\(ruleset.name)', rule '\(rule.name)': column '\(column)' not found in list \(list.id).")
            }
            for content in rule.contents where !areas.contains(content.contentArea) {
                problems.append(
                    "Ruleset '\(ruleset.name)', rule '\(rule.name)': content area '\(content.contentArea)' is not defined."
                )
            }
        }
        return problems
    }

    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd_HHmmss"
        return formatter.string(from: date)
    }
}

/// The faults of the ruleset operations: ids and strings from the XMLAPI error table (Silverpop's SDKs,
/// `XMLAPIErrorCode`), the situations they answer from the reference; where the table has no id for a documented
/// situation the id is assumed and says so.
enum RulesetFault {
    /// 100 "Parameter … was not provided in API call" for a missing required element.
    static func missing(_ name: String) -> EngageFault {
        EngageFault(100, "Parameter \"\(name)\" was not provided in API call.")
    }
    static func listIDNotInteger(_ value: String) -> EngageFault {
        EngageFault(310, "Invalid value for Element: LIST_ID. Not an integer. Value: '\(value)'")
    }
    static let listNotValid = EngageFault(106, "List ID is not valid.")
    static let mailingIDNotValid = EngageFault(107, "Mailing ID is not valid.")
    static let mailingDoesNotExist = EngageFault(126, "Mailing does not exist.")
    /// 155 RULESET_DOES_NOT_EXIST (the SDKs' description of it is a copy of 154's; the string is assumed).
    static let rulesetDoesNotExist = EngageFault(155, "Ruleset does not exist.")
    static let nameTaken = EngageFault(300, "A Ruleset with the provided name already exists.")
    /// A mailing's ruleset cannot be deleted (documented); 171 "Error deleting rule." is assumed as its id.
    static let usedByMailing = EngageFault(
        171, "Error deleting rule: the ruleset is associated with a mailing; use ReplaceDCRuleset to change it.")
    /// No such file in the FTP upload directory, or not a ruleset: 132 "Unable to create import job." (assumed id).
    static func noUpload(_ fileName: String) -> EngageFault {
        EngageFault(132, "Unable to create import job: no file \(fileName) in the FTP upload directory.")
    }
    static func notARuleset(_ fileName: String) -> EngageFault {
        EngageFault(132, "Unable to create import job: \(fileName) does not hold a RULESET.")
    }
    /// Documented limits without a documented id: 51 (assumed).
    static let tooManyRules = EngageFault.invalidXML("a ruleset may contain no more than 1,000 rules")
    static func priorityTwice(_ priority: Int) -> EngageFault {
        EngageFault.invalidXML("rule priorities must be unique; PRIORITY \(priority) is used twice")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
