import EngageSDK
import Foundation
import JSONCore
import Testing

@Suite("UBFEventBuilder")
struct UBFEventTests {
    static let date = Date(timeIntervalSince1970: 1_422_409_193.123)

    func builder() throws -> UBFEventBuilder {
        UBFEventBuilder(
            device: DeviceInfo(
                deviceName: "iPhone", deviceVersion: "iPhone7,2", osName: "iPhone OS", osVersion: "8.1",
                appName: "Demo", appVersion: "1"),
            identity: UBFIdentity(deviceID: "D", mobileUserID: "M", anonymousID: "", recipientID: "R"),
            fieldNames: try EngageConfig.defaults().ubfFieldNames,
            identifiers: .custom { "E" })
    }

    @Test("An event is JSON with an integer eventTypeCode and a UTC millisecond eventTimestamp, and no eventId")
    func wireFormat() throws {
        let event = try builder().installed(at: Self.date, lastCampaign: "Spring")
        let json = try JSONValue(parsing: Data(event.jsonString().utf8))
        #expect(json["eventTypeCode"] == 12)
        #expect(json["eventTimestamp"] == .string("2015-01-28T01:39:53.123Z"))
        #expect(json["eventId"] == nil)
        #expect(json.objectValue?.keys == ["eventTypeCode", "eventTimestamp", "attributes"])
        var read = try UBFEvent(json: event.jsonString())
        read.id = event.id
        #expect(read == event)
    }

    @Test("With sendsEventIDs the event's id goes first as eventId, and reads back")
    func wireFormatWithID() throws {
        let event = try builder().installed(at: Self.date, lastCampaign: "Spring")
        let json = try JSONValue(parsing: Data(event.jsonString(includingID: true).utf8))
        #expect(json["eventId"] == .string("E"))
        #expect(try UBFEvent(json: event.jsonString(includingID: true)) == event)
    }

    @Test("By default a posted batch carries no eventId, and the store still knows each event's id")
    func postedWithoutIDs() async throws {
        let fixture = try await EngageFixture(
            configure: { $0.set(100, "ubfEventCacheSize", in: "General") }, sendsEventIDs: false)
        let stored = try await fixture.engage.ubf.trackSessionStarted()
        #expect(try stored.event().id == stored.eventID)
        let report = try await fixture.engage.ubf.postEventCache()
        #expect(report.posted == [stored.eventID])
        let posted = try #require(await fixture.server.receivedEvents[""])
        #expect(posted["eventId"] == nil)
        #expect(posted["eventTypeCode"] == 13)
    }

    @Test("Every event carries the README's 9 core attributes first, and no invented Device Name")
    func coreTemplate() throws {
        let event = try builder().namedEvent("Tap", at: Self.date, campaign: "")
        #expect(
            event.attributes.prefix(9).map(\.name) == [
                "Device Version", "OS Name", "OS Version", "App Name", "App Version", "Device Id",
                "Primary User Id", "Anonymous Id", "Recipient Id",
            ])
        #expect(event[attribute: "Device Name"] == nil)
        #expect(event[attribute: "Primary User Id"] == "M")
        #expect(event[attribute: "Recipient Id"] == "R")
    }

    @Test(
        "Each factory has its code and SDK-added attributes",
        arguments: [
            (UBFEventType.installed, ["Last Campaign"]),
            (.sessionStarted, ["Campaign Name"]),
            (.sessionEnded, ["Campaign Name", "Session Duration"]),
            (.goalAbandoned, ["Goal Name", "Campaign Name"]),
            (.goalCompleted, ["Goal Name", "Campaign Name"]),
            (.namedEvent, ["Event Name", "Campaign Name"]),
            (.receivedNotification, ["Displayed Message", "Campaign Name"]),
            (.openedNotification, ["Displayed Message", "Campaign Name"]),
        ])
    func factories(type: UBFEventType, added: [String]) throws {
        let builder = try builder()
        let payload: JSONValue = ["aps": ["alert": ["body": "Hello"]]]
        let event: UBFEvent =
            switch type {
            case .installed: builder.installed(at: Self.date, lastCampaign: "C")
            case .sessionStarted: builder.sessionStarted(at: Self.date, campaign: "C")
            case .sessionEnded: builder.sessionEnded(at: Self.date, campaign: "C", duration: 42)
            case .goalAbandoned: builder.goalAbandoned("G", at: Self.date, campaign: "C")
            case .goalCompleted: builder.goalCompleted("G", at: Self.date, campaign: "C")
            case .namedEvent: builder.namedEvent("N", at: Self.date, campaign: "C")
            case .receivedNotification: builder.receivedPushNotification(payload, at: Self.date, campaign: "C")
            case .openedNotification: builder.openedNotification(payload, at: Self.date, campaign: "C")
            }
        #expect(event.eventTypeCode == type.rawValue)
        #expect(event.attributes.dropFirst(9).map(\.name) == added)
        if type == .sessionEnded { #expect(event[attribute: "Session Duration"] == "42") }
        if type == .receivedNotification { #expect(event[attribute: "Displayed Message"] == "Hello") }
    }

    @Test("The caller's parameters win over SDK-added attributes, and tags are joined with commas")
    func callerWins() throws {
        let event = try builder().goalCompleted(
            "Checkout", at: Self.date, campaign: "Spring", params: ["Goal Name": "Mine", "Amount": "3"],
            tags: ["a", "b"])
        #expect(event[attribute: "Goal Name"] == "Mine")
        #expect(event[attribute: "Amount"] == "3")
        #expect(event[attribute: "Tags"] == "a,b")
        #expect(event[attribute: "Campaign Name"] == "Spring")
    }

    @Test("Displayed Message comes from aps.alert as a string, or aps.alert.body, or is empty")
    func displayedMessage() {
        #expect(UBFEventBuilder.displayedMessage(["aps": ["alert": "Hi"]]) == "Hi")
        #expect(UBFEventBuilder.displayedMessage([:]) == "")
    }

    @Test("JSON strings escape quotes, backslashes and control characters")
    func escaping() throws {
        var event = UBFEvent(id: "q\"1", type: .namedEvent, timestamp: Self.date)
        event.set("Note", "line1\nline2 \\ \"quoted\" \u{01} 東京")
        #expect(try UBFEvent(json: event.jsonString(includingID: true)) == event)
    }
}
