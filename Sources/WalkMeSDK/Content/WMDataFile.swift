import JSONCore

/// The data file: the app's campaigns, with the version the settings announce.
struct WMDataFile: Sendable, Hashable {
    var version: Int
    var campaigns: [WMCampaign]

    init(json: JSONValue) throws(WalkMeError) {
        let reader = WMContentReader(document: "data file", json: json)
        version = try reader.integer("version", in: 0...Int(Int32.max))
        var campaigns: [WMCampaign] = []
        for (index, value) in try reader.array("campaigns").enumerated() {
            campaigns.append(try WMCampaign(json: value, pointer: "/campaigns/\(index)"))
        }
        self.campaigns = campaigns
    }
}
