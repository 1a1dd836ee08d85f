import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import Synchronization
import Testing
import WalkMeSDK

@Suite("WMCampaignInfo")
struct WMCampaignInfoTests {
    /// The recorded interaction: `Cassettes/walkme/private-attributes-in-user-data.har` (settings and data file of the
    /// simulator's demo app), replayed while the app sets its attributes, starts, spends 42 s and opens `pricing`.
    @Test("A WMCampaignInfo built from a recorded interaction carries every WMUserData field of the page")
    func everyUserDataField() async throws {
        let cassette = try Cassette(
            contentsOf: RepositoryRoot.cassettes().appendingPathComponent("walkme/private-attributes-in-user-data.har"))
        let transport = try ReplayTransport(cassette: cassette, name: "walkme/private-attributes-in-user-data")
        let clock = ManualClock()
        let device = WMDeviceInfo(
            deviceId: "6d1f0c2a-0000-4000-8000-00000000d001", deviceModel: "iPhone15,2", systemVersion: "17.4",
            orientation: .landscapeLeft, appName: "Acme", appVersion: "3.2.0", locale: "en_US",
            timezone: "Europe/Paris", network: .cellular, isPushEnabled: true)
        let walkMe = WalkMe(
            environment: WalkMeEnvironment(
                transport: transport, baseURL: URL(string: "http://simulator.local/walkme")!, now: { clock.date },
                makeIdentifier: { "00000000-0000-4000-8000-000000000001" }, device: .fixed(device)))
        let delegate = RecordingDelegate()
        walkMe.setCampaignInfoDelegate(delegate)
        try await walkMe.setUserAttributes(["plan": "pro", "lead_id": "12345"])
        try await walkMe.setPrivateUserAttributeWithKey("tier", andValue: "gold")
        try await walkMe.setPrivateUserAttributes(["account_type": "family"])
        try await walkMe.start("f3a9c2e47b1d4e0a", withSecretKey: "wm-demo-secret")
        clock.advance(by: .seconds(42))
        await walkMe.setScreenID("pricing")
        try await walkMe.tapCTA("cta-ok")

        let info = try #require(delegate.dismissed.first)
        #expect(info.campaginCta == "abbi://ok")
        #expect(info.campaignCtaId == "cta-ok")
        #expect(info.campaignId == "c-pro-offer")
        #expect(info.campaignDataValues == ["campaignName": "Pro offer"])
        let user = info.userData
        #expect(user.userAttributeValues == ["plan": "pro", "lead_id": "12345"])
        #expect(user.privateUserAttributeValues == ["tier": "gold", "account_type": "family"])
        #expect(user.sessionDuration == 42)
        #expect(user.systemVersion == "17.4")
        #expect(user.deviceId == "6d1f0c2a-0000-4000-8000-00000000d001")
        #expect(user.deviceModel == "iPhone15,2")
        #expect(user.deviceOrientation == "LSL")
        #expect(user.appVersion == "3.2.0")
        #expect(user.appName == "Acme")
        #expect(user.locale == "en_US")
        #expect(user.sdkVer == "1.6.0")
        #expect(user.sessionId == "00000000-0000-4000-8000-000000000001")
        #expect(user.isPushEnabled == "true")
        #expect(user.timezone == "Europe/Paris")
        #expect(user.network == "Cellular")
        #expect(user.systemName == "iOS")
        #expect(user.timestamp == "1767225642000")
        #expect(user.json.objectValue?.count == 17)
    }

    @Test("WMUserData.network is spelled as the page's table: WiFi, Cellular, Offline")
    func networkSpelling() {
        #expect(WMNetworkType.allCases.map(\.rawValue) == ["WiFi", "Cellular", "Offline"])
    }

    @Test("campaignData and the attribute lists read as the page's NSDictionary: `as? String` on a member works")
    func dictionaryAccess() async throws {
        let cassette = try Cassette(
            contentsOf: RepositoryRoot.cassettes().appendingPathComponent("walkme/private-attributes-in-user-data.har"))
        let transport = try ReplayTransport(cassette: cassette, name: "walkme/private-attributes-in-user-data")
        let clock = ManualClock()
        let walkMe = WalkMe(
            environment: WalkMeEnvironment(
                transport: transport, baseURL: URL(string: "http://simulator.local/walkme")!, now: { clock.date },
                makeIdentifier: { "00000000-0000-4000-8000-000000000001" },
                device: .fixed(
                    WMDeviceInfo(
                        deviceId: "6d1f0c2a-0000-4000-8000-00000000d001", deviceModel: "iPhone15,2",
                        systemVersion: "17.4", orientation: .landscapeLeft, appName: "Acme", appVersion: "3.2.0",
                        locale: "en_US", timezone: "Europe/Paris", network: .cellular, isPushEnabled: true))))
        let delegate = RecordingDelegate()
        walkMe.setCampaignInfoDelegate(delegate)
        try await walkMe.setUserAttributes(["plan": "pro", "lead_id": "12345"])
        try await walkMe.setPrivateUserAttributeWithKey("tier", andValue: "gold")
        try await walkMe.setPrivateUserAttributes(["account_type": "family"])
        try await walkMe.start("f3a9c2e47b1d4e0a", withSecretKey: "wm-demo-secret")
        clock.advance(by: .seconds(42))
        await walkMe.setScreenID("pricing")
        try await walkMe.tapCTA("cta-ok")

        let info = try #require(delegate.dismissed.first)
        #expect(info.campaignData["campaignName"] as? String == "Pro offer")
        #expect(info.userData.userAttributes["lead_id"] as? String == "12345")
        #expect(info.userData.privateUserAttributes["account_type"] as? String == "family")
        #expect(info.userData.userAttributes.count == 2)
        #expect(info.userData.privateUserAttributes["missing"] == nil)
    }
}
