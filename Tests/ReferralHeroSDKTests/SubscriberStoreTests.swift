import Foundation
import HarnessTesting
import ReferralHeroSDK
import Testing

@Suite("RHFileSubscriberStore")
struct SubscriberStoreTests {
    @Test("formSubmit stores the new subscriber's id in the file, where a later launch finds it")
    func formSubmitStoresTheID() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder.appending("ReferralHero/MF83c9616aa3.json")
            let rh = TestSDK.make(transport: RecordingTransport(), store: RHFileSubscriberStore(fileURL: file))
            #expect(try await #require(rh.subscriberStore).subscriberID() == nil)

            let subscriber = try await rh.addSubscriber(DocumentedCall.subscriber)

            #expect(subscriber.id == "sub_8645f85ac894")
            #expect(try await RHFileSubscriberStore(fileURL: file).subscriberID() == "sub_8645f85ac894")
            #expect(try String(contentsOf: file, encoding: .utf8) == #"{"subscriber_id":"sub_8645f85ac894"}"# + "\n")
        }
    }

    @Test("the stored id names the subscriber in the next call's path")
    func storedIDIsUsed() async throws {
        try await withTemporaryDirectory { folder in
            let transport = RecordingTransport()
            let store = RHFileSubscriberStore(fileURL: folder.appending("subscriber.json"))
            let rh = TestSDK.make(transport: transport, store: store)
            _ = try await rh.addSubscriber(DocumentedCall.subscriber)
            _ = try await rh.subscriberDetail()
            #expect(transport.requests.last?.path == "/lists/MF83c9616aa3/subscribers/sub_8645f85ac894")
        }
    }

    @Test("DeleteSubscriber clears the stored id")
    func deleteClearsTheID() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder.appending("subscriber.json")
            let store = RHFileSubscriberStore(fileURL: file)
            try await store.setSubscriberID("sub_8645f85ac894")
            let rh = TestSDK.make(transport: RecordingTransport(), store: store)

            let deletion = try await rh.deleteSubscriber()

            #expect(deletion.id == "sub_8645f85ac894")
            #expect(try await store.subscriberID() == nil)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test("a refused delete keeps the stored id")
    func refusedDeleteKeepsTheID() async throws {
        try await withTemporaryDirectory { folder in
            let store = RHFileSubscriberStore(fileURL: folder.appending("subscriber.json"))
            try await store.setSubscriberID("sub_8645f85ac894")
            let transport = RecordingTransport { _ in .error("too_many_calls", status: 429) }
            let rh = TestSDK.make(transport: transport, store: store)

            let error = await TestSDK.error { try await rh.deleteSubscriber() }

            #expect(error == .server(RHServerError(code: .tooManyCalls, message: "refused", httpStatus: 429)))
            #expect(try await store.subscriberID() == "sub_8645f85ac894")
        }
    }

    @Test("a pending referral stores the referred subscriber's id")
    func pendingReferralStoresTheID() async throws {
        let store = RHInMemorySubscriberStore()
        let transport = RecordingTransport { _ in
            .ok(data: WireFixtures.subscriber(id: "sub_00000000000b", response: "pending_referral_created"))
        }
        let rh = TestSDK.make(transport: transport, store: store)
        _ = try await rh.createPendingReferral(RHReferral(email: "bo@example.com", referrer: "3ab0f674"))
        #expect(await store.subscriberID() == "sub_00000000000b")
    }

    @Test("an unreadable store file is a store error that names the file")
    func unreadableFile() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder.appending("subscriber.json")
            try Data("not json".utf8).write(to: file)
            let rh = TestSDK.make(transport: RecordingTransport(), store: RHFileSubscriberStore(fileURL: file))

            let error = await TestSDK.error { try await rh.subscriberDetail() }

            guard case .subscriberStore(let detail) = error else {
                Issue.record("expected subscriberStore, got \(String(describing: error))")
                return
            }
            #expect(detail.contains(file.path))
        }
    }

    @Test("the standard store keeps one file per campaign")
    func standardLocation() async {
        let store = RHFileSubscriberStore.standard(campaignUUID: "MF83c9616aa3")
        #expect(store.fileURL.lastPathComponent == "MF83c9616aa3.json")
        #expect(store.fileURL.deletingLastPathComponent().lastPathComponent == "ReferralHero")
    }
}
