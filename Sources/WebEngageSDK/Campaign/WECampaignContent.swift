public import JSONCore

/// The layouts of in-line templates, by their wire code (`lt`).
public enum WELayoutType: String, Sendable, Hashable, CaseIterable {
    /// An image banner the SDK renders.
    case banner = "2341ifb0"
    /// A text block the SDK renders.
    case text = "1af576a4"
    /// Key/value data the app renders itself ("data option").
    case custom = "~20cc49da"

    /// `Banner`, `Text` or `Custom`, as the dashboard names them.
    public var name: String {
        switch self {
        case .banner: "Banner"
        case .text: "Text"
        case .custom: "Custom"
        }
    }
}

/// What a campaign shows: its layout, the custom key/value pairs (`customData`), the template's scalar
/// properties, and nested children (a banner's buttons, a text block's lines).
public struct WECampaignContent: Sendable, Hashable {
    /// The layout code as sent (`lt`); children may use codes the SDK does not render itself.
    public var layoutType: String
    /// The sub-layout code (`slt`), if any.
    public var subLayoutType: String?
    /// The template's scalar properties (everything but `lt`, `slt`, `cstm` and `child`).
    public var properties: [String: JSONValue]
    /// The campaign's custom key/value pairs (`cstm`), empty values left out.
    public var customData: [String: JSONValue]
    /// Nested contents (`child`).
    public var children: [WECampaignContent]

    /// Content with the given layout code, properties, custom data and children (for tests and app-built data).
    public init(
        layoutType: String, subLayoutType: String? = nil, properties: [String: JSONValue] = [:],
        customData: [String: JSONValue] = [:], children: [WECampaignContent] = []
    ) {
        self.layoutType = layoutType
        self.subLayoutType = subLayoutType
        self.properties = properties
        self.customData = customData
        self.children = children
    }

    /// The layout, when it is one of the three the SDK knows.
    public var layout: WELayoutType? { WELayoutType(rawValue: layoutType) }

    /// The `toJSONString()` form: `layoutType`, `subLayoutType`, `properties`, `customData`, `children`.
    public var json: JSONValue {
        [
            "layoutType": .string(layoutType), "subLayoutType": subLayoutType.map(JSONValue.string) ?? .null,
            "properties": .object(JSONObject(properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
            "customData": .object(JSONObject(customData.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
            "children": .array(children.map(\.json)),
        ]
    }

    /// Image references (`image` properties) of this content and its children, depth first.
    var images: [String] {
        (properties["image"]?.stringValue.map { [$0] } ?? []) + children.flatMap(\.images)
    }

    /// The clickable actions (`actionId` with `deepLink`) of this content and its children, depth first.
    var actions: [(actionId: String, deepLink: String)] {
        var found: [(actionId: String, deepLink: String)] = []
        if let id = properties["actionId"]?.stringValue {
            found.append((id, properties["deepLink"]?.stringValue ?? ""))
        }
        return found + children.flatMap(\.actions)
    }
}
