import CassetteKit
import Foundation
import JSONCore

/// Placements by app, and the variations answer built from them: `meta.placement` from the placement's settings,
/// `data` its variations in the flat form (one object for the single-variation endpoint), onboarding variations
/// with their page's `config_url`.
enum AdaptyPlacementStore {
    static func save(app: String, placementId: String, _ placement: JSONValue, _ db: StateDB) throws {
        try db.execute(
            sql: """
                INSERT INTO adapty_placements (app, placement_id, kind, body) VALUES (?, ?, ?, ?)
                ON CONFLICT(app, placement_id) DO UPDATE SET kind = excluded.kind, body = excluded.body
                """,
            arguments: [
                app, placementId, placement["kind"]?.stringValue ?? "paywall", placement.serialized(.sortedKeys),
            ])
    }

    static func load(app: String, placementId: String, _ db: StateDB) throws -> JSONValue? {
        guard
            let text = try String.fetchOne(
                db.cachedStatement(sql: "SELECT body FROM adapty_placements WHERE app = ? AND placement_id = ?"),
                arguments: [app, placementId])
        else { return nil }
        return try? JSONValue(parsing: text)
    }

    static func all(app: String, _ db: StateDB) throws -> [(String, JSONValue)] {
        try StateRow.fetchAll(
            db.cachedStatement(
                sql: "SELECT placement_id, body FROM adapty_placements WHERE app = ? ORDER BY placement_id"),
            arguments: [app]
        ).compactMap { row in
            guard let body = try? JSONValue(parsing: row["body"] as String) else { return nil }
            return (row["placement_id"], body)
        }
    }

    static func saveScript(onboardingId: String, messages: [JSONValue], _ db: StateDB) throws {
        try db.execute(
            sql: """
                INSERT INTO adapty_onboarding_scripts (onboarding_id, messages) VALUES (?, ?)
                ON CONFLICT(onboarding_id) DO UPDATE SET messages = excluded.messages
                """, arguments: [onboardingId, JSONValue.array(messages).serialized(.sortedKeys)])
    }

    static func script(onboardingId: String, _ db: StateDB) throws -> [JSONValue]? {
        guard
            let text = try String.fetchOne(
                db.cachedStatement(sql: "SELECT messages FROM adapty_onboarding_scripts WHERE onboarding_id = ?"),
                arguments: [onboardingId])
        else { return nil }
        return (try? JSONValue(parsing: text))?.arrayValue
    }

    /// The variations answer for `placementId` of `app` (all variations, or one) for the profile whose custom
    /// attributes pick the audience: the first of the placement's `audiences` whose `custom_attributes` the
    /// profile has, else the placement's own (the "All Users" audience).
    static func answer(
        kind: String, app: String, placementId: String, variation: String?, profileAttributes: JSONObject?,
        pageBaseURL: String, _ db: StateDB
    ) throws -> JSONValue {
        guard let placement = try load(app: app, placementId: placementId, db),
            placement["kind"]?.stringValue == kind
        else { throw AdaptySimulatorFailure.placementNotFound }
        let audience = Self.audience(of: placement, for: profileAttributes, variation: variation)
        var variations = (audience["variations"]?.arrayValue ?? []).map { withPage($0, base: pageBaseURL) }
        if let variation {
            variations = variations.filter { $0["variation_id"]?.stringValue == variation }
        }
        guard let first = variations.first else { throw AdaptySimulatorFailure.variationNotFound }
        let meta: JSONValue = [
            "placement": [
                "developer_id": .string(placementId),
                "audience_name": audience["audience_name"] ?? "All Users",
                "revision": placement["revision"] ?? 1,
                "ab_test_name": audience["ab_test_name"] ?? "Default",
                "placement_audience_version_id": audience["placement_audience_version_id"] ?? "",
                "is_tracking_purchases": placement["is_tracking_purchases"] ?? false,
            ],
            "response_created_at": placement["response_created_at"] ?? 0,
        ]
        let data: JSONValue = variation == nil ? .array(variations) : first
        return ["meta": meta, "data": data]
    }

    /// The audience serving the profile (for one variation: the audience that has it).
    private static func audience(
        of placement: JSONValue, for attributes: JSONObject?, variation: String?
    )
        -> JSONValue
    {
        let audiences = placement["audiences"]?.arrayValue ?? []
        if let variation {
            return audiences.first { audience in
                audience["variations"]?.arrayValue?.contains { $0["variation_id"]?.stringValue == variation } == true
            } ?? placement
        }
        let custom = attributes?["custom_attributes"]?.objectValue ?? JSONObject()
        return audiences.first { audience in
            let wanted = audience["custom_attributes"]?.objectValue ?? JSONObject()
            return !wanted.isEmpty && wanted.allSatisfy { custom[$0.key] == $0.value }
        } ?? placement
    }

    /// Onboarding variations get `onboarding_builder.config_url` = the page of their onboarding.
    private static func withPage(_ variation: JSONValue, base: String) -> JSONValue {
        guard let onboarding = variation["onboarding_id"]?.stringValue,
            variation["onboarding_builder"]?["config_url"] == nil
        else { return variation }
        var copy = variation
        _ = copy.set(
            .string("\(base)/onboarding-pages/\(onboarding)/"),
            at: JSONPointer(tokens: ["onboarding_builder", "config_url"]))
        return copy
    }

    /// The fallback file of `app` (format version 9): every placement's all-variations answer.
    static func fallbackFile(app: String, pageBaseURL: String, _ db: StateDB) throws -> JSONValue {
        var placements: [(String, JSONValue)] = []
        for (id, placement) in try all(app: app, db) {
            placements.append(
                (
                    id,
                    try answer(
                        kind: placement["kind"]?.stringValue ?? "paywall", app: app, placementId: id, variation: nil,
                        profileAttributes: nil, pageBaseURL: pageBaseURL, db)
                ))
        }
        return [
            "data": .object(JSONObject(placements)),
            "meta": [
                "version": 9, "developer_ids": .array(placements.map { .string($0.0) }),
                "response_created_at": .number(JSONNumber(AdaptyDemoApp.createdAt)),
            ],
        ]
    }

    /// The onboarding page: HTML whose `<script type="application/json" id="adapty-onboarding-script">` holds the
    /// messages it posts, in order.
    static func page(onboardingId: String, messages: [JSONValue]) -> CassetteResponse {
        let script = JSONValue.array(messages).serialized(.sortedKeys).replacingOccurrences(of: "</", with: "<\\/")
        let html = """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>\(onboardingId)</title></head>
            <body><script type="application/json" id="adapty-onboarding-script">\(script)</script></body></html>

            """
        return CassetteResponse(
            status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(html.utf8))
    }
}
