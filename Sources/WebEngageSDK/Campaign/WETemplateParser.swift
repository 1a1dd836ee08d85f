import Foundation
import JSONCore

/// Reads template fetch answers (`{"templateData":{"pt":…,"config":{"ctnt":{…}}}}`) and default content
/// (`{"parser_type":…,"target_view":…,"content":{…}}`). Only the documented keys are read; others are ignored.
enum WETemplateParser {
    /// Why an answer holds no usable template; becomes `campaignFetchingFailed`'s reason.
    struct Failure: Error, Equatable {
        var reason: String
    }

    /// The campaign content of a template fetch answer. Its top layout must be Banner, Text or Custom.
    static func template(_ body: Data) throws(Failure) -> WECampaignContent {
        guard !body.isEmpty else { throw Failure(reason: "the answer has no body") }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: body)
        } catch {
            throw Failure(reason: "the answer is not JSON (\(error.description))")
        }
        guard let template = json["templateData"]?.objectValue else {
            throw Failure(reason: "the answer has no `templateData` object")
        }
        if let parser = template["pt"], parser.stringValue.map({ ["static", "dynamic"].contains($0) }) != true {
            throw Failure(reason: "`templateData.pt` is \(parser), not \"static\" or \"dynamic\"")
        }
        guard let body = template["config"]?["ctnt"]?.objectValue else {
            throw Failure(reason: "the answer has no `templateData.config.ctnt` object")
        }
        let content = try content(body, at: "templateData.config.ctnt")
        guard content.layout != nil else {
            throw Failure(reason: "layout `\(content.layoutType)` is not Banner, Text or Custom")
        }
        return content
    }

    /// Default content: `content` inside its envelope, or the content object itself.
    static func defaultContent(_ value: JSONValue) -> WECampaignContent? {
        guard let object = value.objectValue else { return nil }
        let body = object["content"]?.objectValue ?? object
        return try? content(body, at: "content")
    }

    /// One content object: `lt` (required), `slt`, `cstm` pairs, `child` contents, and scalar properties.
    static func content(_ object: JSONObject, at path: String) throws(Failure) -> WECampaignContent {
        guard let layout = object["lt"]?.stringValue, !layout.isEmpty else {
            throw Failure(reason: "`\(path).lt` (the layout) is missing")
        }
        var content = WECampaignContent(layoutType: layout, subLayoutType: object["slt"]?.stringValue)
        for (key, value) in object {
            switch key {
            case "lt", "slt":
                continue
            case "cstm":
                for pair in value.arrayValue ?? [] {
                    guard let name = pair["key"]?.stringValue, !name.isEmpty, let item = pair["value"] else { continue }
                    if item.isNull || item.stringValue == "" { continue }
                    content.customData[name] = item
                }
            case "child":
                for (index, child) in (value.arrayValue ?? []).enumerated() {
                    guard let childObject = child.objectValue else { continue }
                    content.children.append(try Self.content(childObject, at: "\(path).child[\(index)]"))
                }
            default:
                switch value {
                case .string, .number, .bool: content.properties[key] = value
                case .null, .array, .object: continue
                }
            }
        }
        return content
    }
}

/// One in-line property of a screen, as the property configuration call gives it (§3.3 step 1): the iOS
/// view tag, the variation to fetch, the campaign and its failure timeout, and default content.
struct WEPropertyDetail: Sendable, Equatable {
    var propertyId: String
    var targetView: String
    var variationId: String
    var campaignId: String?
    var failureTimeout: Int
    var params: String?
    var defaultContent: WECampaignContent?
    var journeyId: String?
    /// The campaign's id for reporting (`experiment_id`), also when the user is in its control group.
    var experimentId: String?
    /// Whether the user is in the control group of the property's campaign: nothing is shown, the attempt is
    /// tracked.
    var isControlGroup = false

    /// The view tag the property is shown in.
    var tag: Int? { Int(targetView) }

    /// The documented default when a campaign gives none.
    static let defaultFailureTimeout = 2000

    /// Reads `{"properties":[…]}`; entries without `p_id` or `targetView` are skipped.
    static func list(_ body: Data) -> [WEPropertyDetail]? {
        guard let json = try? JSONValue(parsing: body), let items = json["properties"]?.arrayValue else { return nil }
        return items.compactMap { item in
            guard let id = text(item["p_id"]), let target = text(item["targetView"]) else { return nil }
            let campaign = item["campaign"]?.objectValue
            let timeout = campaign?["failureTimeout"]?.numberValue?.integer.map { Int(clamping: $0) }
            return WEPropertyDetail(
                propertyId: id, targetView: target, variationId: text(item["variationId"]) ?? "",
                campaignId: campaign.flatMap { text($0["notificationEncId"]) },
                failureTimeout: max(0, timeout ?? defaultFailureTimeout), params: item["params"]?.stringValue,
                defaultContent: item["content"].flatMap(WETemplateParser.defaultContent),
                journeyId: text(item["journeyId"]), experimentId: text(item["experiment_id"]),
                isControlGroup: item["isControlGroup"]?.boolValue ?? false)
        }
    }

    /// A string, or a number written as one.
    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text.isEmpty ? nil : text
        case .number(let number)?: number.text
        default: nil
        }
    }
}
