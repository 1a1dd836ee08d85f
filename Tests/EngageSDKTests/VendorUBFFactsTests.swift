import EngageSDK
import Foundation
import JSONCore
import Testing

/// Input → expected output facts from the public Engage iOS SDK's `EngageSDKTests/UBFTests.m` and
/// `NotificationTests.m` (`Silverpop/mobile-connector-sdk-ios`), carried over as our own tests.
///
/// Where they disagree with the README we follow the README: the iOS tests require a non-empty `Device Name` on
/// every event, which the README's list of the attributes every event carries does not have, so none is sent. Their
/// optional fields (`Latitude`, `Location Name`, …) are asserted vacuously (a missing field reads as `""`), so they
/// carry no fact. A parameter whose value is a dictionary, which the iOS SDK drops, cannot be written with the
/// SDK's `[String: String]` parameters.
@Suite("Engage iOS SDK facts: UBF")
struct VendorUBFFactsTests {
    enum Kind: String, CaseIterable, Sendable {
        case installed, sessionEnded, goalAbandoned, goalCompleted, namedEvent, receivedPush, openedNotification
    }

    /// The iOS tests' push payload: an `aps` dictionary and the tags.
    static let payload: JSONValue = [
        "aps": [
            "alert": "Push Notification Alert Body", "badge": 1, "sound": "default sounds", "content-available": 1,
        ],
        "Tags": ["demo", "unit test"],
    ]

    static let tags = ["demo", "unit test"]

    func track(_ kind: Kind, _ ubf: UBFManager) async throws -> UBFEvent {
        let stored: StoredEvent
        switch kind {
        case .installed: stored = try await ubf.trackInstalled()
        case .sessionEnded: stored = try await ubf.trackSessionEnded()
        case .goalAbandoned: stored = try await ubf.trackGoalAbandoned("Unit Test Goal Abandoned", tags: Self.tags)
        case .goalCompleted: stored = try await ubf.trackGoalCompleted("Unit Test Goal Completed", tags: Self.tags)
        case .namedEvent: stored = try await ubf.trackNamedEvent("Unit Test Named Event", tags: Self.tags)
        case .receivedPush: stored = try await ubf.trackReceivedNotification(Self.payload)
        case .openedNotification: stored = try await ubf.trackOpenedNotification(Self.payload)
        }
        return try stored.event()
    }

    @Test(
        "Each event the iOS tests build has its code, the device attributes with values, and its campaign attribute",
        arguments: [
            (Kind.installed, 12, "Last Campaign"), (.sessionEnded, 14, "Campaign Name"),
            (.goalAbandoned, 15, "Campaign Name"), (.goalCompleted, 16, "Campaign Name"),
            (.namedEvent, 17, "Campaign Name"), (.receivedPush, 48, "Campaign Name"),
            (.openedNotification, 49, "Campaign Name"),
        ])
    func requiredFields(kind: Kind, code: Int, campaignField: String) async throws {
        let fixture = try await EngageFixture(configure: { $0.set(100, "ubfEventCacheSize", in: "General") })
        try await fixture.engage.campaigns.setCurrentCampaign("5OFF")
        let event = try await track(kind, fixture.engage.ubf)
        #expect(event.eventTypeCode == code)
        for field in ["Device Version", "OS Name", "OS Version", "App Name", "App Version", "Device Id"] {
            #expect(event[attribute: field]?.isEmpty == false, "\(field) of \(kind)")
        }
        #expect(event[attribute: campaignField] == "5OFF")
        // The iOS tests also require Device Name; the README does not list it (see the suite's note).
        #expect(event[attribute: "Device Name"] == nil)
        switch kind {
        case .goalAbandoned, .goalCompleted, .namedEvent: #expect(event[attribute: "Tags"] == "demo,unit test")
        case .receivedPush, .openedNotification:
            #expect(event[attribute: "Displayed Message"] == "Push Notification Alert Body")
        case .installed, .sessionEnded: break
        }
    }

    @Test("An installed event read back from its JSON is the same event")
    func fromJSON() async throws {
        let fixture = try await EngageFixture()
        let event = try await fixture.engage.ubf.builder().installed(
            at: EngageFixture.start, lastCampaign: "", params: ["Tags": "demo,unit test"])
        let read = try UBFEvent(json: event.jsonString(includingID: true))
        #expect(read == event)
        #expect(read[attribute: "Tags"] == "demo,unit test")
    }

    @Test("A session started that names a campaign makes it the current campaign")
    func sessionStartedCampaign() async throws {
        let fixture = try await EngageFixture()
        let stored = try await fixture.engage.ubf.trackExternalURLOpened(params: ["CurrentCampaign": "RaNdOMCAMPAIGN"])
        #expect(stored.eventTypeCode == 13)
        #expect(await fixture.engage.campaigns.currentCampaign() == "RaNdOMCAMPAIGN")
    }

    @Test(
        "A push payload's campaign is found at the top, inside aps, or nested deeper",
        arguments: [
            (["aps": ["alert": "Alert Value"], "Current Campaign": "5OFF"], "5OFF"),
            (["aps": ["alert": "Alert Value", "Current Campaign": "6OFF"]], "6OFF"),
            (["aps": ["alert": "Alert Value", "Nested": ["Current Campaign": "7OFF"]]], "7OFF"),
        ] as [(JSONValue, String)])
    func campaignAtAnyDepth(payload: JSONValue, campaign: String) async throws {
        let fixture = try await EngageFixture(configure: {
            $0.set("Current Campaign", "ParamCurrentCampaign", in: "ParamFieldNames")
        })
        let event = try await fixture.engage.ubf.trackReceivedNotification(payload).event()
        #expect(await fixture.engage.campaigns.currentCampaign() == campaign)
        #expect(event[attribute: "Campaign Name"] == campaign)
    }

    @Test("The displayed message is aps.alert when it is text, else aps.alert.body")
    func displayedMessage() {
        #expect(
            UBFEventBuilder.displayedMessage(["aps": ["alert": "HELLO!!"], "Current Campaign": "5OFF"]) == "HELLO!!")
        #expect(
            UBFEventBuilder.displayedMessage(["aps": ["alert": ["body": "HELLO!!"]], "Current Campaign": "5OFF"])
                == "HELLO!!")
    }
}
