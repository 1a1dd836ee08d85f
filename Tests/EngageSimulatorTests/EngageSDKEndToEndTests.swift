import EngageSDK
import FlowCatalog
import Foundation
import JSONCore
import Testing

/// The real EngageSDK against the simulator, through a transport that calls the simulator host in-process.
@Suite("EngageSimulator with EngageSDK")
struct EngageSDKEndToEndTests {
    static func engage(_ simulator: SimulatorFixture, config: EngageConfig? = nil) throws -> Engage {
        let counter = Locked(0)
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        return try Engage(
            .init(
                credentials: EngageCredentials(
                    clientID: "sim-client-id", clientSecret: "sim-client-secret", refreshToken: "sim-refresh-token"),
                host: "http://simulator.test/engage", listID: "23949", transport: simulator.transport,
                storage: .inMemory, config: config, clock: FlowClock(start: now), now: { now },
                identifiers: .custom {
                    let value = counter.withLock { value -> Int in
                        value += 1
                        return value
                    }
                    return "ID-\(value)"
                }))
    }

    @Test("setupRecipient adds the recipient with a generated mobile user id")
    func setupRecipient() async throws {
        let simulator = try await SimulatorFixture()
        let engage = try Self.engage(simulator)
        let result = try await engage.identity.setupRecipient()
        #expect(result.recipientID == "100001")
        let list = try await simulator.admin("GET", "/lists/23949")
        #expect(
            list["recipients"]?[0]?["columns"]?["Mobile User Id"]
                == JSONValue.string(await engage.identity.mobileUserID))
    }

    @Test("checkIdentity scenario 2 merges into the existing recipient and writes the audit row")
    func scenarioTwo() async throws {
        let simulator = try await SimulatorFixture()
        _ = try await simulator.admin("POST", "/lists/23949/columns", ["name": "facebook_id"])
        let existing = try await simulator.admin("POST", "/lists/23949/recipients", ["columns": ["facebook_id": "100"]])
        var config = try EngageConfig.defaults()
        config.set(.bool(true), "mergeHistoryInAuditRecordTable", in: "AuditRecord")
        config.set(.string("29392"), "auditRecordListId", in: "AuditRecord")
        let engage = try Self.engage(simulator, config: config)
        let result = try await engage.identity.checkIdentity(["facebook_id": "100"])
        #expect(result.recipientID == existing["recipientId"]?.stringValue)
        #expect(result.mergedRecipientID == "100002")
        let list = try await simulator.admin("GET", "/lists/23949")
        #expect(list["recipients"]?[0]?["columns"]?["Mobile User Id"] == JSONValue.string(result.mobileUserID))
        #expect(list["recipients"]?[1]?["columns"]?["Merged Recipient Id"] == existing["recipientId"])
        #expect(list["recipients"]?[1]?["columns"]?["Mobile User Id"] == "")
        let audit = try await simulator.admin("GET", "/lists/29392")
        #expect(audit["rows"]?[0]?["New Recipient Id"] == existing["recipientId"])
    }

    @Test("Fault 145 makes the SDK fetch a new token and retry once")
    func reauthentication() async throws {
        let simulator = try await SimulatorFixture()
        _ = try await simulator.admin("PUT", "/settings", ["tokenUseLimit": 1])
        let engage = try Self.engage(simulator)
        _ = try await engage.xmlAPI.addRecipient(email: "a@b.c")
        let result = try await engage.xmlAPI.selectRecipientData(email: "a@b.c")
        #expect(result.recipientID == "100001")
        let tokens = try await simulator.admin("GET", "/tokens")
        #expect(tokens["tokens"]?.arrayValue?.count == 2)
    }

    @Test(
        "Tracked events wait for a mobile user id, then reach the simulator once with it; values with & < ]]> and non-ASCII round-trip"
    )
    func events() async throws {
        let simulator = try await SimulatorFixture()
        let engage = try Self.engage(simulator)
        _ = try await engage.ubf.trackNamedEvent("Tapped <Buy> & ]]> ü")
        let waiting = try await engage.ubf.postEventCache()
        #expect(waiting.awaitingIdentity == 1)
        #expect(waiting.requests == 0)
        #expect(try await simulator.admin("GET", "/events")["count"]?.int == 0)
        try await engage.identity.setMobileUserID("user-42")
        let report = try await engage.ubf.postEventCache()
        #expect(report.failed.isEmpty)
        #expect(report.awaitingIdentity == 0)
        let stored = try await simulator.admin("GET", "/events")
        #expect(stored["count"]?.int == 1)
        #expect(
            stored["events"]?[0]?["attributes"]?.arrayValue?.contains {
                $0["name"] == "Primary User Id" && $0["value"] == "user-42"
            } == true)
        let attributes = stored["events"]?[0]?["attributes"]?.arrayValue ?? []
        #expect(attributes.contains { $0["value"] == "Tapped <Buy> & ]]> ü" })
        #expect(try await engage.store.count([.successfullyPosted]) == 1)
    }
}
