import JSONCore

/// Checks a campaign the admin API is given against the data file's campaign shape, so the simulator never serves
/// a data file the contract does not describe. Returns the first problem, with its JSON pointer.
enum WalkMeCampaignCheck {
    static let types: Set<String> = ["shoutout", "survey"]
    static let displays: Set<String> = ["auto", "trigger"]
    static let actions: Set<String> = ["ok", "never", "later", "close", "submit", "custom"]
    static let operators: Set<String> = ["equals", "notEquals", "exists", "greaterThan", "lessThan"]

    static func problem(in campaign: JSONValue, at pointer: String) -> String? {
        guard let object = campaign.objectValue else { return "\(pointer) is not an object" }
        func text(_ key: String) -> String? { object[key]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
        guard text("campaignId") != nil else { return "\(pointer)/campaignId is a non-empty string" }
        guard let type = text("type"), types.contains(type) else { return "\(pointer)/type is shoutout or survey" }
        guard let display = text("display"), displays.contains(display) else {
            return "\(pointer)/display is auto or trigger"
        }
        for key in ["triggerKey", "screenId"] where !(object[key].map { $0.isNull || $0.stringValue != nil } ?? true) {
            return "\(pointer)/\(key) is a string or null"
        }
        if display == "trigger" && text("triggerKey") == nil { return "\(pointer)/triggerKey is needed to trigger" }
        if let limit = object["maxImpressions"], !limit.isNull, !((limit.numberValue?.integer ?? 0) >= 1) {
            return "\(pointer)/maxImpressions is an integer ≥ 1 or null"
        }
        guard let ctas = object["ctas"]?.arrayValue else { return "\(pointer)/ctas is an array" }
        for (index, cta) in ctas.enumerated() {
            guard cta["id"]?.stringValue != nil, cta["text"]?.stringValue != nil,
                let action = cta["action"]?.stringValue, actions.contains(action)
            else { return "\(pointer)/ctas/\(index) needs id, text and a known action" }
            if action == "custom" && (cta["value"]?.stringValue ?? "").isEmpty {
                return "\(pointer)/ctas/\(index)/value is needed for a custom CTA"
            }
        }
        if type == "survey" && (object["questions"]?.arrayValue ?? []).isEmpty {
            return "\(pointer)/questions is a non-empty array for a survey"
        }
        for (index, question) in (object["questions"]?.arrayValue ?? []).enumerated()
        where question["id"]?.stringValue == nil || question["text"]?.stringValue == nil {
            return "\(pointer)/questions/\(index) needs id and text"
        }
        if let content = object["content"], !content.isNull {
            guard let languages = content.objectValue else { return "\(pointer)/content is an object by language" }
            for (language, item) in languages
            where item["title"]?.stringValue == nil || item["body"]?.stringValue == nil {
                return "\(pointer)/content/\(language) needs title and body"
            }
        }
        if let segment = object["segment"], !segment.isNull {
            guard let match = segment["match"]?.stringValue, ["all", "any"].contains(match),
                let conditions = segment["conditions"]?.arrayValue
            else { return "\(pointer)/segment needs match (all or any) and conditions" }
            for (index, condition) in conditions.enumerated() {
                guard condition["attribute"]?.stringValue != nil,
                    let scope = condition["scope"]?.stringValue, ["public", "private"].contains(scope),
                    let op = condition["operator"]?.stringValue, operators.contains(op),
                    op == "exists" || condition["value"].map({ !$0.isNull }) == true
                else { return "\(pointer)/segment/conditions/\(index) needs attribute, scope, operator and value" }
            }
        }
        return nil
    }
}
