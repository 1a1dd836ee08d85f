import EngageSDK
import Foundation
import JSONCore
import Testing

@Suite("MobileIdentityManager")
struct MobileIdentityManagerTests {
    func operations(_ server: FakeEngageServer) async -> [String] {
        await server.xmlRequests.map(\.operation)
    }

    @Test("setupRecipient creates a recipient with a generated mobile user id, then needs no call")
    func setupNew() async throws {
        let fixture = try await EngageFixture(mobileUserID: nil)
        let identity = fixture.engage.identity
        let result = try await identity.setupRecipient()
        let request = try #require(await fixture.server.xmlRequests.first)
        #expect(request.operation == "AddRecipient")
        #expect(request.elements["LIST_ID"] == "23949")
        #expect(request.columns.map(\.name) == ["Mobile User Id"])
        let mobile = await identity.mobileUserID
        #expect(request.columns.first?.value == mobile && !mobile.isEmpty)
        #expect(await identity.recipientID == result.recipientID)
        #expect(await fixture.server.recipient(result.recipientID)?.columns["Mobile User Id"] == mobile)
        #expect(try await identity.setupRecipient() == result)
        #expect(await fixture.server.xmlRequests.count == 1)
        #expect(await fixture.recorder.notifications.contains(.mobileUserIDSet(mobile)))
    }

    @Test("setupRecipient fails without a call when auto anonymous tracking is off and no mobile user id is set")
    func setupValidation() async throws {
        let fixture = try await EngageFixture(
            mobileUserID: nil,
            configure: {
                $0.set(.bool(false), "enableAutoAnonymousTracking", in: "Recipient")
            })
        await #expect(throws: EngageError.identity(.emptyMobileUserID)) {
            try await fixture.engage.identity.setupRecipient()
        }
        #expect(await fixture.server.xmlRequests.isEmpty)
    }

    @Test("setupRecipient surfaces an AddRecipient fault as a typed failure")
    func setupFault() async throws {
        let fixture = try await EngageFixture(mobileUserID: nil)
        await fixture.server.revokeAllTokens()
        await fixture.server.failNextTokenRequests([
            (200, #"{"access_token":"x","expires_in":100}"#), (200, #"{"access_token":"y","expires_in":100}"#),
        ])
        await #expect(
            throws: EngageError.fault(
                operation: .addRecipient, errorID: 145, faultString: "Session has expired or is invalid")
        ) {
            try await fixture.engage.identity.setupRecipient()
        }
    }

    @Test("Scenario 1: no recipient has the ids, so they are added to the app's recipient")
    func scenarioOne() async throws {
        let fixture = try await EngageFixture(mobileUserID: nil)
        let setup = try await fixture.engage.identity.setupRecipient()
        let result = try await fixture.engage.identity.checkIdentity(["facebook_id": "fb-1"])
        #expect(result.recipientID == setup.recipientID)
        #expect(result.mergedRecipientID == nil)
        #expect(await operations(fixture.server) == ["AddRecipient", "SelectRecipientData", "UpdateRecipient"])
        let update = try #require(await fixture.server.xmlRequests.last)
        #expect(update.elements["RECIPIENT_ID"] == setup.recipientID)
        #expect(update.columns.map(\.name) == ["facebook_id"])
        #expect(await fixture.server.recipient(setup.recipientID)?.columns["facebook_id"] == "fb-1")
    }

    @Test("Scenario 2: an existing recipient without a mobile user id takes the app's, with merge columns")
    func scenarioTwo() async throws {
        let fixture = try await EngageFixture(mobileUserID: nil)
        let existing = await fixture.server.addRecipient(columns: ["facebook_id": "fb-2"])
        let identity = fixture.engage.identity
        let setup = try await identity.setupRecipient()
        let mobile = await identity.mobileUserID
        let result = try await identity.checkIdentity(["facebook_id": "fb-2"])
        #expect(
            result
                == CheckIdentityResult(
                    recipientID: existing, mergedRecipientID: setup.recipientID, mobileUserID: mobile))
        #expect(
            await operations(fixture.server) == [
                "AddRecipient", "SelectRecipientData", "UpdateRecipient", "UpdateRecipient",
            ])
        let old = try #require(await fixture.server.recipient(setup.recipientID))
        #expect(old.columns["Mobile User Id"] == "")
        #expect(old.columns["Merged Recipient Id"] == existing)
        #expect(old.columns["Merged Date"] == "06/10/2014 00:00:00 GMT")
        #expect(await fixture.server.recipient(existing)?.columns["Mobile User Id"] == mobile)
        #expect(await identity.recipientID == existing)
        #expect(await identity.mobileUserID == mobile)
    }

    @Test("Scenario 3: an existing recipient with its own mobile user id becomes the app's, audited")
    func scenarioThreeAudited() async throws {
        let fixture = try await EngageFixture(
            mobileUserID: nil,
            configure: { config in
                config.set(.bool(true), "mergeHistoryInAuditRecordTable", in: "AuditRecord")
                config.set(.string("29392"), "auditRecordListId", in: "AuditRecord")
            })
        let existing = await fixture.server.addRecipient(columns: ["facebook_id": "fb-3", "Mobile User Id": "M-OTHER"])
        let identity = fixture.engage.identity
        let setup = try await identity.setupRecipient()
        let result = try await identity.checkIdentity(["facebook_id": "fb-3"])
        #expect(
            result
                == CheckIdentityResult(
                    recipientID: existing, mergedRecipientID: setup.recipientID, mobileUserID: "M-OTHER"))
        #expect(
            await operations(fixture.server) == [
                "AddRecipient", "SelectRecipientData", "UpdateRecipient", "InsertUpdateRelationalTable",
            ])
        let merge = await fixture.server.xmlRequests[2]
        #expect(merge.columns.map(\.name) == ["Merged Date", "Merged Recipient Id"])
        let rows = try #require(await fixture.server.tableRows["29392"])
        #expect(rows.count == 1)
        #expect(rows.first?["Old Recipient Id"] == setup.recipientID)
        #expect(rows.first?["New Recipient Id"] == existing)
        #expect(rows.first?["Create Date"] == "06/10/2014 00:00:00 GMT")
        #expect(rows.first?["Audit Record Id"]?.hasPrefix("id-") == true)
        #expect(await identity.mobileUserID == "M-OTHER")
        #expect(await identity.recipientID == existing)
    }

    @Test("Scenario 3 without merge history sends an UpdateRecipient with no COLUMN")
    func scenarioThreeNoHistory() async throws {
        let fixture = try await EngageFixture(
            mobileUserID: nil,
            configure: {
                $0.set(.bool(false), "mergeHistoryInMarketingDatabase", in: "Recipient")
            })
        await fixture.server.addRecipient(columns: ["facebook_id": "fb-4", "Mobile User Id": "M-4"])
        _ = try await fixture.engage.identity.checkIdentity(["facebook_id": "fb-4"])
        let merge = try #require(await fixture.server.xmlRequests.last)
        #expect(merge.operation == "UpdateRecipient")
        #expect(merge.columns.isEmpty)
    }

    @Test("An audit table that is not configured fails the merge with the documented message")
    func auditWithoutTable() async throws {
        let fixture = try await EngageFixture(
            mobileUserID: nil,
            configure: {
                $0.set(.bool(true), "mergeHistoryInAuditRecordTable", in: "AuditRecord")
            })
        await fixture.server.addRecipient(columns: ["facebook_id": "fb-5", "Mobile User Id": "M-5"])
        await #expect(throws: EngageError.identity(.missingAuditTableID)) {
            try await fixture.engage.identity.checkIdentity(["facebook_id": "fb-5"])
        }
    }

    @Test("Finding the app's own recipient needs no merge")
    func foundSelf() async throws {
        let fixture = try await EngageFixture(mobileUserID: nil)
        let setup = try await fixture.engage.identity.setupRecipient()
        let mobile = await fixture.engage.identity.mobileUserID
        let result = try await fixture.engage.identity.checkIdentity(["Mobile User Id": mobile])
        #expect(
            result == CheckIdentityResult(recipientID: setup.recipientID, mergedRecipientID: nil, mobileUserID: mobile))
        #expect(await operations(fixture.server) == ["AddRecipient", "SelectRecipientData"])
    }
}
