import Foundation
import HTTPTypes
import HarnessTesting
import JSONCore
import OpenAPIRuntime
import Testing
import WalkMeSDK

// The page "Mobile: What Are iOS Campaign Callbacks and How Are They Used?" (../shared/seeds/000_…) has no Swift
// sample: it declares its API in Objective-C. These are those declarations as Swift imports them, used the way the
// page describes (implement the protocol, register it with the class method, read every item of WMCampaignInfo and
// WMUserData with the page's types: `NSDictionary` as `[AnyHashable: Any]`, `NSNumber`, `NSString` as `String`),
// compiled as an app's package would build them (this target has the default settings) against the public products,
// and run against the WalkMe simulator on a loopback port (`.mockServer`). No edit of the page's text was needed:
// it has no Swift to edit.

/// Implements `WMCampaignInfoDelegate` (`- (void)campaignDidDismiss:(WMCampaignInfo *)campaignInfo;`), passing what
/// it receives on "to any analytics or CRM system", here a dictionary of strings.
final class CampaignCallbacks: NSObject, WMCampaignInfoDelegate {
    let received = Locked<[[String: String]]>([])

    func campaignDidDismiss(_ campaignInfo: WMCampaignInfo) {
        let cta: String = campaignInfo.campaginCta
        let ctaId: String = campaignInfo.campaignCtaId
        let campaignId: String = campaignInfo.campaignId
        let userData: WMUserData = campaignInfo.userData
        let campaignData: [AnyHashable: Any] = campaignInfo.campaignData
        let attributes: [AnyHashable: Any] = userData.userAttributes
        let privateAttributes: [AnyHashable: Any] = userData.privateUserAttributes
        let duration: NSNumber = userData.sessionDuration
        let answers = campaignData["answers"] as? [String: Any]
        let fields: [String: String] = [
            "campaginCta": cta, "campaignCtaId": ctaId, "campaignId": campaignId,
            "campaignName": campaignData["campaignName"] as? String ?? "",
            "answer q1": answers?["q1"] as? String ?? "",
            "lead_id": attributes["lead_id"] as? String ?? "",
            "account_type": privateAttributes["account_type"] as? String ?? "",
            "sessionDuration": duration.stringValue, "systemVersion": userData.systemVersion,
            "deviceId": userData.deviceId, "deviceModel": userData.deviceModel,
            "deviceOrientation": userData.deviceOrientation, "appVersion": userData.appVersion,
            "appName": userData.appName, "locale": userData.locale, "sdkVer": userData.sdkVer,
            "sessionId": userData.sessionId, "isPushEnabled": userData.isPushEnabled, "timezone": userData.timezone,
            "network": userData.network, "systemName": userData.systemName, "timestamp": userData.timestamp,
        ]
        received.withLock { $0.append(fields) }
    }
}

@Suite("Campaign callbacks page samples", .serialized, .mockServer(.walkMe))
struct CampaignCallbacksSampleTests {
    /// The page's example of a user attribute list, `{ "lead_id" : "12345" , "account_type" : "family"}`, kept
    /// verbatim as a fixture.
    static func pageExample() throws -> [String: JSONValue] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/user-attributes.json")
        var members: [String: JSONValue] = [:]
        for (key, value) in try JSONValue(parsing: Data(contentsOf: url)).objectValue ?? JSONObject() {
            members[key] = value
        }
        return members
    }

    /// An app on the simulator's demo app (key and secret), at 2026-01-01T00:00:00Z, on Wi-Fi, in portrait.
    static func app(at date: Date = Date(timeIntervalSince1970: 1_767_225_600)) throws -> WalkMe {
        WalkMe(
            environment: WalkMeEnvironment(
                transport: URLSessionClient(), baseURL: try MockServerScope.required().baseURL(for: .walkMe),
                now: { date }, makeIdentifier: { "session-1" },
                device: .fixed(
                    WMDeviceInfo(
                        deviceId: "device-1", deviceModel: "iPhone15,2", systemVersion: "17.4", orientation: .portrait,
                        appName: "Acme", appVersion: "3.2.0", locale: "en_US", timezone: "Europe/Paris",
                        network: .wifi, isPushEnabled: false))))
    }

    @Test("The page's delegate, registered with the class method, receives every documented item")
    func pageSample() async throws {
        let callbacks = CampaignCallbacks()
        // + (void)setCampaignInfoDelegate:(id<WMCampaignInfoDelegate>)delegate;
        WalkMe.setCampaignInfoDelegate(callbacks)
        defer { WalkMe.setCampaignInfoDelegate(nil) }

        let walkMe = try Self.app()
        // The page's example attribute list: one attribute public, the other private.
        let example = try Self.pageExample()
        #expect(example == ["lead_id": "12345", "account_type": "family"])
        try await walkMe.setUserAttributes(["lead_id": try #require(example["lead_id"])])
        try await walkMe.setPrivateUserAttributes(["account_type": try #require(example["account_type"])])
        try await walkMe.start("f3a9c2e47b1d4e0a", withSecretKey: "wm-demo-secret")
        await walkMe.setScreenID("home")
        // "For all CTAs other than the custom one, the CTA returned will be: abbi://cta, for example: abbi://ok or
        // abbi://never".
        try await walkMe.tapCTA("cta-never")

        let fields = try #require(callbacks.received.withLock { $0 }.only)
        #expect(fields["campaginCta"] == "abbi://never")
        #expect(fields["campaignCtaId"] == "cta-never")
        #expect(fields["campaignId"] == "c-welcome")
        #expect(fields["campaignName"] == "Welcome")
        #expect(fields["lead_id"] == "12345")
        #expect(fields["account_type"] == "family")
        #expect(fields["sessionDuration"] == "0")
        #expect(fields["systemVersion"] == "17.4")
        #expect(fields["deviceId"] == "device-1")
        #expect(fields["deviceModel"] == "iPhone15,2")
        #expect(fields["appVersion"] == "3.2.0")
        #expect(fields["appName"] == "Acme")
        #expect(fields["locale"] == "en_US")
        #expect(fields["timezone"] == "Europe/Paris")
        // "in this case will always be "iOS"".
        #expect(fields["systemName"] == "iOS")
        // "If the app does not feature push notifications - the value will be "false"."
        #expect(fields["isPushEnabled"] == "false")
        // "The network type the user is using: WiFi / Cellular / Offline".
        #expect(fields["network"] == "WiFi")
        // The header comment's "PRT_REG / LSL".
        #expect(fields["deviceOrientation"] == "PRT_REG")
        // "As of WalkMe Mobile SDK version 1.6.0".
        #expect(fields["sdkVer"] == "1.6.0")
        #expect(fields["sessionId"] == "session-1")
        #expect(fields["timestamp"] == "1767225600000")
    }

    @Test("Survey submission data is populated in campaignData, read as a dictionary")
    func surveyAnswers() async throws {
        let callbacks = CampaignCallbacks()
        let walkMe = try Self.app()
        walkMe.setCampaignInfoDelegate(callbacks)
        try await walkMe.start("f3a9c2e47b1d4e0a", withSecretKey: "wm-demo-secret")
        #expect(try await walkMe.trigger("nps"))
        try await walkMe.submitSurvey(["q1": "9", "q2": "More dark themes"])

        let fields = try #require(callbacks.received.withLock { $0 }.only)
        #expect(fields["campaignId"] == "c-nps")
        #expect(fields["answer q1"] == "9")
    }
}

extension Array {
    /// The one element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
