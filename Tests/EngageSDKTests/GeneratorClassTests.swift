import EngageSDK
import Foundation
import JSONCore
import Testing

/// A generator class an app registers: `<prefix>-1`, `<prefix>-2`, … (or empty ids, when told to).
final class PrefixedGenerator: EngageUUIDGenerating {
    private let counter = Locked(0)
    let prefix: String
    let empty: Bool

    init(_ prefix: String, empty: Bool = false) {
        self.prefix = prefix
        self.empty = empty
    }

    func generateUUID() -> String {
        guard !empty else { return "" }
        let value = counter.withLock { counter in
            counter += 1
            return counter
        }
        return "\(prefix)-\(value)"
    }
}

@Suite("Generator classes")
struct GeneratorClassTests {
    @Test("Recipient.mobileUserIdGeneratorClassName picks the app's generator for generated mobile user ids")
    func mobileUserIDGenerator() async throws {
        let fixture = try await EngageFixture(
            mobileUserID: nil,
            configure: { $0.set("AppUserIds", "mobileUserIdGeneratorClassName", in: "Recipient") },
            generators: ["AppUserIds": PrefixedGenerator("user")])
        _ = try await fixture.engage.identity.setupRecipient()
        let add = try #require(await fixture.server.xmlRequests.first)
        #expect(add.columns.first?.name == "Mobile User Id")
        #expect(add.columns.first?.value == "user-1")
        #expect(await fixture.engage.identity.mobileUserID == "user-1")
    }

    @Test("AuditRecord.auditRecordPrimaryKeyGeneratorClassName picks the generator of audit record keys")
    func auditRecordGenerator() async throws {
        let fixture = try await EngageFixture(
            mobileUserID: nil,
            configure: { config in
                config.set(true, "mergeHistoryInAuditRecordTable", in: "AuditRecord")
                config.set("29392", "auditRecordListId", in: "AuditRecord")
                config.set("AuditKeys", "auditRecordPrimaryKeyGeneratorClassName", in: "AuditRecord")
            },
            generators: ["AuditKeys": PrefixedGenerator("audit"), "Unused": PrefixedGenerator("unused")])
        _ = await fixture.server.addRecipient(columns: ["facebook_id": "fb-9", "Mobile User Id": "M-OTHER"])
        _ = try await fixture.engage.identity.checkIdentity(["facebook_id": "fb-9"])
        let rows = try #require(await fixture.server.tableRows["29392"])
        #expect(rows.map { $0["Audit Record Id"] } == ["audit-1"])
        // The mobile user id still comes from EngageDefaultUUIDGenerator (the fixture's counting identifiers).
        let add = try #require(await fixture.server.xmlRequests.first)
        #expect(add.columns.first?.value.hasPrefix("id-") == true)
    }

    @Test("A generator class nobody registered fails Engage's initialiser, naming the key and the known classes")
    func unknownGenerator() async throws {
        do {
            _ = try await EngageFixture(configure: {
                $0.set("MyUUIDGenerator", "mobileUserIdGeneratorClassName", in: "Recipient")
            })
            Issue.record("Engage accepted a generator class nobody registered")
        } catch let EngageError.configuration(source, detail) {
            #expect(source == "Recipient.mobileUserIdGeneratorClassName")
            #expect(detail.contains("MyUUIDGenerator") && detail.contains("EngageDefaultUUIDGenerator"))
        }
    }

    @Test("An empty generated id is replaced by the default generator's, as the iOS SDK does")
    func emptyFallsBack() async throws {
        let fixture = try await EngageFixture(
            mobileUserID: nil,
            configure: { $0.set("Broken", "mobileUserIdGeneratorClassName", in: "Recipient") },
            generators: ["Broken": PrefixedGenerator("x", empty: true)])
        _ = try await fixture.engage.identity.setupRecipient()
        #expect(await fixture.engage.identity.mobileUserID.hasPrefix("id-"))
    }

    @Test("An app may register its own EngageDefaultUUIDGenerator, which then makes every configured id")
    func replaceDefault() async throws {
        let fixture = try await EngageFixture(
            mobileUserID: nil, generators: [EngageDefaultUUIDGenerator.className: PrefixedGenerator("mine")])
        _ = try await fixture.engage.identity.setupRecipient()
        #expect(await fixture.engage.identity.mobileUserID == "mine-1")
    }

    @Test("EngageDefaultUUIDGenerator makes upper-case random (version 4) UUID strings")
    func defaultGenerator() throws {
        let generator = EngageDefaultUUIDGenerator()
        let first = generator.generateUUID()
        let second = generator.generateUUID()
        #expect(first != second)
        for id in [first, second] {
            #expect(UUID(uuidString: id) != nil)
            #expect(id == id.uppercased())
            #expect(Array(id)[14] == "4")
        }
    }
}
