import JSONCore

/// The demo app every reset starts with: key `f3a9c2e47b1d4e0a`, secret `wm-demo-secret`, and four campaigns:
///
/// | campaign | type | shown | CTAs |
/// | --- | --- | --- | --- |
/// | `c-welcome` | shout-out | on screen `home`, everyone | ok, never, later, close, custom `acme://plans` |
/// | `c-pro-offer` | shout-out | on screen `pricing`, public `plan` = `pro` and private `tier` = `gold`; once | ok, custom `acme://upgrade` |
/// | `c-nps` | survey (two questions) | by trigger key `nps` | submit, close |
/// | `c-whats-new` | shout-out | by trigger key `whats-new` | ok |
enum WalkMeDemo {
    static let appKey = "f3a9c2e47b1d4e0a"
    static let secret = "wm-demo-secret"

    static let campaigns: [JSONValue] = [welcome, proOffer, nps, whatsNew]

    private static func cta(_ id: String, _ text: String, _ action: String, _ value: String? = nil) -> JSONValue {
        var object: JSONValue = ["id": .string(id), "text": .string(text), "action": .string(action)]
        if let value, case .object(var fields) = object {
            fields["value"] = .string(value)
            object = .object(fields)
        }
        return object
    }

    static let welcome: JSONValue = [
        "campaignId": "c-welcome", "type": "shoutout", "display": "auto", "triggerKey": .null, "screenId": "home",
        "segment": .null, "maxImpressions": .null,
        "content": [
            "en": ["title": "Welcome to Acme", "body": "Three tips to get started."],
            "fr": ["title": "Bienvenue chez Acme", "body": "Trois conseils pour commencer."],
        ],
        "ctas": [
            cta("cta-ok", "Got it", "ok"), cta("cta-never", "Don't show again", "never"),
            cta("cta-later", "Later", "later"), cta("cta-close", "Close", "close"),
            cta("cta-plans", "See plans", "custom", "acme://plans"),
        ],
        "data": ["campaignName": "Welcome"],
    ]

    static let proOffer: JSONValue = [
        "campaignId": "c-pro-offer", "type": "shoutout", "display": "auto", "triggerKey": .null, "screenId": "pricing",
        "segment": [
            "match": "all",
            "conditions": [
                ["attribute": "plan", "scope": "public", "operator": "equals", "value": "pro"],
                ["attribute": "tier", "scope": "private", "operator": "equals", "value": "gold"],
            ],
        ],
        "maxImpressions": 1,
        "content": ["en": ["title": "A gift for Pro members", "body": "Upgrade to Gold at Pro price."]],
        "ctas": [cta("cta-ok", "Nice", "ok"), cta("cta-upgrade", "Upgrade", "custom", "acme://upgrade")],
        "data": ["campaignName": "Pro offer"],
    ]

    static let nps: JSONValue = [
        "campaignId": "c-nps", "type": "survey", "display": "trigger", "triggerKey": "nps", "screenId": .null,
        "segment": .null, "maxImpressions": .null,
        "content": ["en": ["title": "Quick question", "body": "Two questions, ten seconds."]],
        "questions": [
            ["id": "q1", "text": "How likely are you to recommend Acme (0-10)?"],
            ["id": "q2", "text": "What should we improve?"],
        ],
        "ctas": [cta("cta-submit", "Send", "submit"), cta("cta-close", "Not now", "close")],
        "data": ["campaignName": "NPS"],
    ]

    static let whatsNew: JSONValue = [
        "campaignId": "c-whats-new", "type": "shoutout", "display": "trigger", "triggerKey": "whats-new",
        "screenId": .null, "segment": .null, "maxImpressions": .null,
        "content": ["en": ["title": "What's new", "body": "Dark mode is here."]],
        "ctas": [cta("cta-ok", "Great", "ok")],
        "data": ["campaignName": "What's new"],
    ]
}
