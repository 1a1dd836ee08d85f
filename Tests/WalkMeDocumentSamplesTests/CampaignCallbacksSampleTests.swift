import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime
import Synchronization
import Testing
import WalkMeSDK

// The page "Mobile: What Are iOS Campaign Callbacks and How Are They Used?" declares its API in Objective-C. These
// are those declarations as Swift imports them, used the way the page describes: implement the protocol, register
// it with the class method, read every item of WMCampaignInfo and WMUserData.

/// Implements `WMCampaignInfoDelegate` (`- (void)campaignDidDismiss:(WMCampaignInfo *)campaignInfo;`).
final class CampaignCallbacks: NSObject, WMCampaignInfoDelegate {
    let received = Mutex<[String: String]>([:])

    func campaignDidDismiss(_ campaignInfo: WMCampaignInfo) {
        let cta: String = campaignInfo.campaginCta
        let ctaId: String = campaignInfo.campaignCtaId
        let campaignId: String = campaignInfo.campaignId
        let userData: WMUserData = campaignInfo.userData
        let campaignData: [String: JSONValue] = campaignInfo.campaignData
        let attributes: [String: JSONValue] = userData.userAttributes
        let privateAttributes: [String: JSONValue] = userData.privateUserAttributes
        let duration: NSNumber = userData.sessionDuration
        let fields: [String: String] = [
            "campaginCta": cta, "campaignCtaId": ctaId, "campaignId": campaignId,
            "campaignData": campaignData["campaignName"]?.stringValue ?? "",
            "userAttributes": attributes["lead_id"]?.stringValue ?? "",
            "privateUserAttributes": privateAttributes["account_type"]?.stringValue ?? "",
            "sessionDuration": String(duration.intValue), "systemVersion": userData.systemVersion,
            "deviceId": userData.deviceId, "deviceModel": userData.deviceModel,
            "deviceOrientation": userData.deviceOrientation, "appVersion": userData.appVersion,
            "appName": userData.appName, "locale": userData.locale, "sdkVer": userData.sdkVer,
            "sessionId": userData.sessionId, "isPushEnabled": userData.isPushEnabled, "timezone": userData.timezone,
            "network": userData.network, "systemName": userData.systemName, "timestamp": userData.timestamp,
        ]
        received.withLock { $0 = fields }
    }
}

@Suite("Campaign callbacks page samples", .serialized)
struct CampaignCallbacksSampleTests {
    /// The page's example of a user attribute list, kept verbatim as a fixture.
    static func pageExample() throws -> [String: JSONValue] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/user-attributes.json")
        var members: [String: JSONValue] = [:]
        for (key, value) in try JSONValue(parsing: Data(contentsOf: url)).objectValue ?? JSONObject() {
            members[key] = value
        }
        return members
    }

    @Test("The page's example attribute list reaches userAttributes as given")
    func exampleAttributes() async throws {
        let example = try Self.pageExample()
        #expect(example == ["lead_id": "12345", "account_type": "family"])
        let walkMe = WalkMe(
            environment: WalkMeEnvironment(
                transport: PageServer(), baseURL: URL(string: "https://walkme.test")!,
                now: { Date(timeIntervalSince1970: 1_767_225_600) }, makeIdentifier: { "session-1" },
                device: .fixed(
                    WMDeviceInfo(
                        deviceId: "device-1", deviceModel: "iPhone15,2", systemVersion: "17.4", appName: "Acme",
                        appVersion: "3.2.0", locale: "en_US", timezone: "Europe/Paris"))))
        try await walkMe.setUserAttributes(example)
        try await walkMe.start("f3a9c2e47b1d4e0a", withSecretKey: "secret")
        try await walkMe.trigger("demo")
        let info = try await walkMe.tapCTA("cta-ok")
        #expect(info.userData.userAttributes == example)
        #expect(info.campaginCta == "abbi://ok")
    }

    @Test("The page's delegate, registered with the class method, receives every documented item")
    func pageSample() async throws {
        let callbacks = CampaignCallbacks()
        // + (void)setCampaignInfoDelegate:(id<WMCampaignInfoDelegate>)delegate;
        WalkMe.setCampaignInfoDelegate(callbacks)
        defer { WalkMe.setCampaignInfoDelegate(nil) }

        let walkMe = WalkMe(
            environment: WalkMeEnvironment(
                transport: PageServer(), baseURL: URL(string: "https://walkme.test")!,
                now: { Date(timeIntervalSince1970: 1_767_225_600) }, makeIdentifier: { "session-1" },
                device: .fixed(
                    WMDeviceInfo(
                        deviceId: "device-1", deviceModel: "iPhone15,2", systemVersion: "17.4", orientation: .portrait,
                        appName: "Acme", appVersion: "3.2.0", locale: "en_US", timezone: "Europe/Paris",
                        network: .wifi, isPushEnabled: false))))
        // The page's example attribute list, `Fixtures/user-attributes.json`: one public, one private here.
        let example = try Self.pageExample()
        try await walkMe.setUserAttributes(["lead_id": try #require(example["lead_id"])])
        try await walkMe.setPrivateUserAttributes(["account_type": try #require(example["account_type"])])
        try await walkMe.start("f3a9c2e47b1d4e0a", withSecretKey: "secret")
        try await walkMe.trigger("demo")
        try await walkMe.tapCTA("cta-never")

        let fields = callbacks.received.withLock { $0 }
        #expect(fields["campaginCta"] == "abbi://never")
        #expect(fields["campaignCtaId"] == "cta-never")
        #expect(fields["campaignId"] == "c-demo")
        #expect(fields["campaignData"] == "Free demo")
        #expect(fields["userAttributes"] == "12345")
        #expect(fields["privateUserAttributes"] == "family")
        #expect(fields["sessionDuration"] == "0")
        #expect(fields["systemName"] == "iOS")
        #expect(fields["isPushEnabled"] == "false")
        #expect(fields["network"] == "WIFI")
        #expect(fields["deviceOrientation"] == "PRT_REG")
        #expect(fields["sdkVer"] == "1.6.0")
        #expect(fields["sessionId"] == "session-1")
        #expect(fields["timestamp"] == "1767225600000")
        #expect(fields.count == 21)
    }
}

/// Answers the settings, a one-campaign data file ("Are you interested in a free demo? Yes / No", the page's use
/// case) and the events upload.
struct PageServer: ClientTransport {
    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let path = request.path ?? ""
        let text: String
        if path.contains("settings.json") {
            text = """
                {"appKey":"f3a9c2e47b1d4e0a","dataFileUrl":"data.json","dataFileVersion":1,"dataFileAuth":"none",
                "tokenUrl":"token","eventsUrl":"events","languages":["en"],"sessionTimeout":1800,
                "maxCampaignsPerSession":null,"eventsBatchSize":20,"killSwitch":false,"offlineDays":30}
                """
        } else if path.contains("data.json") {
            text = """
                {"version":1,"campaigns":[{"campaignId":"c-demo","type":"shoutout","display":"trigger",
                "triggerKey":"demo","screenId":null,"segment":null,"maxImpressions":null,
                "content":{"en":{"title":"Free demo","body":"Are you interested in a free demo?"}},
                "ctas":[{"id":"cta-ok","text":"Yes","action":"ok"},{"id":"cta-never","text":"No","action":"never"}],
                "data":{"campaignName":"Free demo"}}]}
                """
        } else {
            text = #"{"accepted":1}"#
        }
        return (HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]), HTTPBody(text))
    }
}
