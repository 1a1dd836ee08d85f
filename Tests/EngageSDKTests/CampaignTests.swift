import EngageSDK
import Foundation
import HarnessTesting
import JSONCore
import Testing

@Suite("CampaignTracker")
struct CampaignTests {
    @Test("A deep link sets the campaign with CampaignValidFor and tracks session started with its parameters")
    func deepLinkValidFor() async throws {
        let fixture = try await EngageFixture()
        let url = try #require(
            URL(string: "MakeAndBuild://test/5?CurrentCampaign=Spring%20Sale&CampaignValidFor=4hours&bad&x=1=2"))
        let (parameters, event) = try await fixture.engage.deepLinks.handle(url: url)
        #expect(parameters == ["CurrentCampaign": "Spring Sale", "CampaignValidFor": "4hours"])
        #expect(event.eventTypeCode == 13)
        let stored = try event.event()
        #expect(stored[attribute: "Campaign Name"] == "Spring Sale")
        #expect(stored[attribute: "CurrentCampaign"] == "Spring Sale")
        let campaigns = fixture.engage.campaigns
        #expect(await campaigns.expiresAt() == fixture.clock.date.addingTimeInterval(4 * 3600))
        fixture.clock.advance(by: .seconds(4 * 3600 + 1))
        #expect(await campaigns.currentCampaign() == "")
        #expect(await campaigns.lastCampaign() == "Spring Sale")
    }

    @Test("CampaignExpiresAt wins over CampaignValidFor and takes the absolute form")
    func expiresAtPrecedence() async throws {
        let fixture = try await EngageFixture()
        try await fixture.engage.campaigns.update(from: [
            "CurrentCampaign": "Summer", "CampaignExpiresAt": "2014/08/01 07:23:00", "CampaignValidFor": "1 hour",
        ])
        #expect(await fixture.engage.campaigns.expiresAt() == Date(timeIntervalSince1970: 1_406_877_780))
        #expect(await fixture.engage.campaigns.currentCampaign() == "Summer")
    }

    @Test("The legacy CampaignEndTimeStamp is read as epoch seconds")
    func legacyEndTimeStamp() async throws {
        let fixture = try await EngageFixture()
        let url = try #require(
            URL(
                string:
                    "Silverpop://campaign/TestCurrentCampaign?CurrentCampaign=Legacy&CampaignEndTimeStamp=1419465600"))
        try await fixture.engage.deepLinks.handle(url: url)
        #expect(await fixture.engage.campaigns.expiresAt() == Date(timeIntervalSince1970: 1_419_465_600))
    }

    @Test(
        "A deep link asking for an absurd expiry sets a far, finite one instead of overflowing",
        arguments: [
            "CampaignValidFor=200000000000000d",
            "CampaignValidFor=9223372036854775807s",
            "CampaignEndTimeStamp=1e308",
            "CampaignExpiresAt=200000000000000d",
        ])
    func hostileExpiry(query: String) async throws {
        let fixture = try await EngageFixture()
        let url = try #require(URL(string: "Silverpop://campaign/TestCurrentCampaign?CurrentCampaign=Huge&\(query)"))
        let (_, event) = try await fixture.engage.deepLinks.handle(url: url)
        #expect(try event.event()[attribute: "CurrentCampaign"] == "Huge")
        #expect(await fixture.engage.campaigns.currentCampaign() == "Huge")
        let expiry = try #require(await fixture.engage.campaigns.expiresAt())
        #expect(expiry > fixture.clock.date.addingTimeInterval(86_400 * 366))
        #expect(expiry.timeIntervalSince1970.isFinite)
    }

    @Test("Without an expiry the campaign lasts defaultCurrentCampaignExpiration")
    func defaultExpiry() async throws {
        let fixture = try await EngageFixture()
        try await fixture.engage.campaigns.update(from: ["CurrentCampaign": "Plain"])
        #expect(await fixture.engage.campaigns.expiresAt() == fixture.clock.date.addingTimeInterval(86_400))
    }

    @Test("An opened notification finds a nested campaign, tracks 49 and carries the displayed message")
    func openedNotification() async throws {
        let fixture = try await EngageFixture()
        let payload: JSONValue = [
            "aps": ["alert": "Sale today"], "data": ["inner": ["CurrentCampaign": "Push", "CampaignValidFor": "2d"]],
        ]
        let event = try await fixture.engage.deepLinks.handle(openedNotification: payload)
        #expect(event.eventTypeCode == 49)
        let stored = try event.event()
        #expect(stored[attribute: "Displayed Message"] == "Sale today")
        #expect(stored[attribute: "Campaign Name"] == "Push")
        #expect(await fixture.engage.campaigns.expiresAt() == fixture.clock.date.addingTimeInterval(2 * 86_400))
        let received = try await fixture.engage.deepLinks.handle(receivedNotification: payload)
        #expect(received.eventTypeCode == 48)
    }
}

@Suite("EngageConfig")
struct ConfigTests {
    @Test("The bundled defaults are the Engage README's Configuration Values table")
    func defaults() throws {
        let config = try EngageConfig.defaults()
        #expect(config.recipient.mobileUserIDColumn == "Mobile User Id")
        #expect(config.recipient.mergeHistoryInMarketingDatabase)
        #expect(!config.auditRecord.mergeHistoryInAuditRecordTable)
        #expect(config.events.ubfEventCacheSize == 3)
        #expect(config.events.maxNumRetries == 3)
        #expect(config.events.expireLocalEventsAfterNumDays == 30)
        #expect(config.events.augmentationTimeout == .seconds(15))
        #expect(config.events.sessionLifecycleExpiration == .seconds(1800))
        #expect(config.events.defaultCurrentCampaignExpiration == .seconds(86_400))
        #expect(config.paramFieldNames.campaignValidFor == "CampaignValidFor")
        #expect(config.ubfFieldNames.sessionDuration == "Session Duration")
    }

    @Test("A user file overrides key by key within a group and adds new groups")
    func overrides() throws {
        let user = try EngageConfig(
            data: Data(#"{"Recipient":{"mobileUserIdColumn":"App User"},"General":{"ubfEventCacheSize":"5"}}"#.utf8))
        var config = try EngageConfig.defaults()
        config.merge(user)
        #expect(config.recipient.mobileUserIDColumn == "App User")
        #expect(config.recipient.mergedDateColumn == "Merged Date")
        #expect(config.events.ubfEventCacheSize == 5)
        #expect(config.events.defaultCurrentCampaignExpiration == .seconds(86_400))
    }

    @Test("A file that is not an object of groups is refused with its name")
    func badFile() {
        #expect(throws: EngageError.configuration(source: "bad.json", detail: "group General must be an object")) {
            try EngageConfig(data: Data(#"{"General": 3}"#.utf8), source: "bad.json")
        }
    }
}

@Suite("SessionTracker")
struct SessionTrackerTests {
    @Test("Background time is excluded from the duration, and only a long pause ends the session")
    func durations() {
        let start = Date(timeIntervalSince1970: 0)
        var tracker = SessionTracker(timeout: .seconds(300))
        #expect(tracker.start(at: start) == [.startSession(at: start)])
        tracker.enterBackground(at: start.addingTimeInterval(60))
        #expect(tracker.enterForeground(at: start.addingTimeInterval(360)) == [])
        #expect(tracker.duration(at: start.addingTimeInterval(400)) == 100)
        tracker.enterBackground(at: start.addingTimeInterval(400))
        let later = start.addingTimeInterval(701)
        #expect(
            tracker.enterForeground(at: later) == [
                .endSession(at: start.addingTimeInterval(400), duration: 100), .startSession(at: later),
            ])
    }
}
