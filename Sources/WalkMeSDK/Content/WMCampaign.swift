import JSONCore

/// One campaign of the data file (assumed shape, see the module docs).
struct WMCampaign: Sendable, Hashable {
    enum Kind: String, Sendable, Hashable {
        case shoutout
        case survey
    }

    /// `auto`: shown when its segment and screen match; `trigger`: shown only by its trigger key.
    enum Display: String, Sendable, Hashable {
        case auto
        case trigger
    }

    var id: String
    var kind: Kind
    var display: Display
    var triggerKey: String?
    var screenId: String?
    var segment: WMSegment?
    var maxImpressions: Int?
    var content: [String: WMCampaignContent]
    var ctas: [WMCTA]
    var questions: [WMSurveyQuestion]
    var data: [String: JSONValue]

    init(json: JSONValue, pointer: String) throws(WalkMeError) {
        let reader = WMContentReader(document: "data file", json: json, pointer: pointer)
        id = try reader.string("campaignId")
        let kind = try reader.string("type")
        guard let parsedKind = Kind(rawValue: kind) else {
            throw reader.fail("type", "unknown campaign type '\(kind)'")
        }
        self.kind = parsedKind
        let display = try reader.string("display")
        guard let parsedDisplay = Display(rawValue: display) else {
            throw reader.fail("display", "'\(display)' is not auto or trigger")
        }
        self.display = parsedDisplay
        triggerKey = try reader.optionalString("triggerKey")
        screenId = try reader.optionalString("screenId")
        segment = try reader.optional("segment").map { value throws(WalkMeError) in
            try WMSegment(json: value, pointer: pointer + "/segment")
        }
        maxImpressions = try reader.optionalInteger("maxImpressions", in: 1...10_000)
        var content: [String: WMCampaignContent] = [:]
        for (language, value) in try reader.objectMembers("content") {
            let item = WMContentReader(document: "data file", json: value, pointer: pointer + "/content/" + language)
            content[language] = WMCampaignContent(title: try item.string("title"), body: try item.string("body"))
        }
        self.content = content
        var ctas: [WMCTA] = []
        for (index, value) in try reader.array("ctas").enumerated() {
            ctas.append(try WMCTA(json: value, pointer: pointer + "/ctas/\(index)"))
        }
        self.ctas = ctas
        var questions: [WMSurveyQuestion] = []
        if let items = reader.optional("questions") {
            guard let list = items.arrayValue else { throw reader.fail("questions", "expected an array") }
            for (index, value) in list.enumerated() {
                let item = WMContentReader(document: "data file", json: value, pointer: pointer + "/questions/\(index)")
                questions.append(WMSurveyQuestion(id: try item.string("id"), text: try item.string("text")))
            }
        }
        self.questions = questions
        data = try reader.objectMembers("data")
        if parsedKind == .survey && questions.isEmpty {
            throw reader.fail("questions", "a survey needs at least one question")
        }
        if parsedDisplay == .trigger && triggerKey == nil {
            throw reader.fail("triggerKey", "a campaign displayed by trigger needs a trigger key")
        }
    }

    /// The content in `language`, else in the first of `fallbacks` present, else in the first language by name.
    func content(for language: String?, fallbacks: [String]) -> WMCampaignContent? {
        for candidate in [language].compactMap({ $0 }) + fallbacks {
            if let found = content[candidate] { return found }
        }
        return content.keys.sorted().first.flatMap { content[$0] }
    }
}

/// A campaign's title and body in one language.
public struct WMCampaignContent: Sendable, Hashable {
    /// The title.
    public var title: String
    /// The body text.
    public var body: String
}

/// A survey question.
public struct WMSurveyQuestion: Sendable, Hashable {
    /// The question's id, the key of its answer in `campaignData["answers"]`.
    public var id: String
    /// The question.
    public var text: String
}

/// A campaign's call to action: a built-in action (reported as `abbi://<action>`) or a custom one (reported as its
/// configured value).
public struct WMCTA: Sendable, Hashable {
    /// The built-in actions.
    public enum Action: String, Sendable, Hashable, CaseIterable {
        /// Reported as `abbi://ok` (the page's example).
        case ok
        /// Reported as `abbi://never` (the page's example); the campaign never shows again.
        case never
        /// Reported as `abbi://later` (assumed: the page does not list it).
        case later
        /// Reported as `abbi://close` (assumed: the page does not list it).
        case close
        /// A survey's submission, reported as `abbi://submit` (assumed: the page does not list it).
        case submit
        /// A custom CTA, reported as its ``WMCTA/value`` (the page: "all CTAs other than the custom one" are `abbi://`
        /// URLs).
        case custom
    }

    /// The CTA's unique id (`WMCampaignInfo.campaignCtaId`).
    public var id: String
    /// The button text.
    public var text: String
    /// What the CTA does.
    public var action: Action
    /// A custom CTA's value (an app URL or any string the app understands).
    public var value: String?

    init(json: JSONValue, pointer: String) throws(WalkMeError) {
        let reader = WMContentReader(document: "data file", json: json, pointer: pointer)
        id = try reader.string("id")
        text = try reader.string("text")
        let action = try reader.string("action")
        guard let parsed = Action(rawValue: action) else {
            throw reader.fail("action", "unknown CTA action '\(action)'")
        }
        self.action = parsed
        value = try reader.optionalString("value")
        if parsed == .custom && (value ?? "").isEmpty {
            throw reader.fail("value", "a custom CTA needs a non-empty value")
        }
    }

    /// What `WMCampaignInfo.campaginCta` reports for this CTA.
    public var reported: String {
        action == .custom ? value ?? "" : "abbi://" + action.rawValue
    }
}
