import CassetteKit
import Foundation
import JSONCore

/// The property configuration of a screen (assumed call, shaped as the `propertyDetail` maps of vendors.md §3.3
/// step 1): `{"properties":[{"p_id","targetView","variationId","experiment_id","id","journeyId","campaign",
/// "params","content","isControlGroup"}]}`, in dashboard order.
enum WebEngageProperties {
    static func list(for user: WebEngageUser, screen: String?, _ db: StateDB) throws -> CassetteResponse {
        guard let screen, !screen.isEmpty else {
            throw WebEngageFailure.badRequest("missing_screen", "`screen` (the tagged screen's name) is required")
        }
        let rows = try StateRow.fetchAll(
            db.cachedStatement(
                sql: "SELECT * FROM webengage_properties WHERE license = ? AND screen = ? ORDER BY position"),
            arguments: [user.license, screen])
        return .json(status: 200, ["properties": .array(rows.map(json))])
    }

    static func json(_ row: StateRow) -> JSONValue {
        let campaign: String? = row["campaign_id"]
        let timeout: Int? = row["failure_timeout"]
        let defaultContent: String? = row["default_content"]
        let params: String? = row["params"]
        let journey: String? = row["journey_id"]
        let controlGroup: Bool = row["control_group"]
        var entry = JSONObject()
        entry["p_id"] = .string(row["property_id"])
        entry["targetView"] = .string(row["target_view"])
        entry["variationId"] = .string(row["variation_id"])
        entry["id"] = .string(row["variation_id"])
        entry["experiment_id"] = campaign.map(JSONValue.string) ?? .null
        entry["journeyId"] = journey.map(JSONValue.string) ?? .null
        entry["isControlGroup"] = .bool(controlGroup)
        if let campaign, !controlGroup {
            var details = JSONObject()
            details["notificationEncId"] = .string(campaign)
            if let timeout { details["failureTimeout"] = .number(JSONNumber(timeout)) }
            entry["campaign"] = .object(details)
        } else {
            entry["campaign"] = .null
        }
        entry["params"] = params.map(JSONValue.string) ?? .null
        entry["content"] = defaultContent.flatMap { try? JSONValue(parsing: $0) } ?? .null
        return .object(entry)
    }
}

/// Template fetches (vendors.md §3.3 step 2): the gzip body must inflate to a JSON object (the campaign's
/// parameters); the answer is `{"templateData":…}` with `{{user}}` replaced by the caller's `cuid` (or `there`).
enum WebEngageTemplates {
    static let prefix = "templates/APP_PERSONALIZATION-"

    static func fetch(
        variation: String, request: CassetteRequest, for user: WebEngageUser, _ db: StateDB
    ) throws -> CassetteResponse {
        let encoding = request.headers["Content-Encoding"]
        var body = request.body
        if ContentEncoding.isSupported(encoding) {
            guard let inflated = ContentEncoding.decode(request.body, contentEncoding: encoding) else {
                throw WebEngageFailure.badRequest(
                    "invalid_body", "the body does not inflate as \(encoding ?? "gzip") (send gzip-compressed JSON)")
            }
            body = inflated
        }
        guard (try? JSONValue(parsing: body))?.objectValue != nil else {
            throw WebEngageFailure.badRequest("invalid_body", "the body must be a JSON object (the campaign params)")
        }
        guard
            let row = try StateRow.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM webengage_variations WHERE variation_id = ?"),
                arguments: [variation])
        else {
            throw WebEngageFailure.notFound("unknown_variation", "no variation \(variation) is running")
        }
        let delay: Int = row["render_delay_ms"]
        let headers: HeaderFields = delay > 0 ? ["X-Simulated-Render-Delay-Ms": String(delay)] : [:]
        let fault: String? = row["fault"]
        switch fault {
        case "unavailable"?:
            throw WebEngageFailure.unavailable("campaign_unavailable", "variation \(variation) failed on demand")
        case "no-content"?:
            return CassetteResponse(status: 204, headers: headers, body: Data())
        case "null-data"?:
            return .json(status: 200, ["templateData": .null], headers: headers)
        default:
            let text: String = row["template"]
            let personalised = text.replacingOccurrences(of: "{{user}}", with: user.cuid ?? "there")
            let template = (try? JSONValue(parsing: personalised)) ?? .null
            return .json(status: 200, ["templateData": template], headers: headers)
        }
    }
}

/// The images templates show: a 1×1 PNG, or 503 when the resource is set to fail.
enum WebEngageResources {
    static func serve(_ name: String, _ db: StateDB) throws -> CassetteResponse {
        guard
            let failing = try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT failing FROM webengage_resources WHERE name = ?"), arguments: [name])
        else {
            throw WebEngageFailure.notFound("resource_not_found", "no resource \(name)")
        }
        guard !failing else {
            throw WebEngageFailure.unavailable("resource_unavailable", "resource \(name) fails on demand")
        }
        return CassetteResponse(status: 200, headers: ["Content-Type": "image/png"], body: png)
    }

    /// A transparent 1×1 PNG.
    static let png =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
        ) ?? Data()
}
