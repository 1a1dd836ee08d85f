import Foundation
import HTTPTypes
import ReferralHeroSDK
import Testing

@Suite("Request shape")
struct RequestShapeTests {
    @Test("a documented method sends its operation's method, path and body keys", arguments: DocumentedCall.all)
    func methodPathAndBody(call: DocumentedCall) async throws {
        let transport = RecordingTransport()
        await call.invoke(TestSDK.make(transport: transport)).value

        let request = try #require(transport.requests.only)
        #expect(request.operationID == call.operationID)
        #expect(request.request.method == call.method)
        #expect(request.url == "https://app.referralhero.com/api/sdk/v1/lists/MF83c9616aa3" + call.path)
        #expect(try request.bodyKeys() == call.bodyKeys)
    }

    @Test("a documented method sends the raw token, the API version and JSON", arguments: DocumentedCall.all)
    func headers(call: DocumentedCall) async throws {
        let transport = RecordingTransport()
        await call.invoke(TestSDK.make(transport: transport)).value

        let fields = try #require(transport.requests.only).request.headerFields
        #expect(fields[.authorization] == "rh-test-token")
        #expect(fields[.accept] == "application/vnd.referralhero.v1")
        #expect(fields[.contentType] == (call.bodyKeys == nil ? nil : "application/json"))
    }

    @Test(
        "a body's timestamp is the clock's unix seconds as a string",
        arguments: DocumentedCall.all.filter { $0.bodyKeys != nil })
    func timestamp(call: DocumentedCall) async throws {
        let transport = RecordingTransport()
        await call.invoke(TestSDK.make(transport: transport)).value

        let body = try #require(try transport.requests.only?.jsonObject())
        #expect(body["timestamp"] as? String == "1700000000")
    }

    @Test("formSubmit sends every subscriber field under the server's key, the page's String fields as text")
    func everySubscriberField() async throws {
        let transport = RecordingTransport()
        let subscriber = RHSubscriber(
            email: "ada@example.com", domain: "https://example.com", name: "Ada", phoneNumber: "+4412345",
            cryptoWalletAddress: "0xabc", cryptoWalletProvider: "metamask", otherIdentifierValue: "u-1",
            extraField: "one", extraField2: "two", optionFieldValue: "gold", referrer: "3ab0f674", lifetimeSpend: 12.5,
            subscribePageURL: "https://example.com/join", landingPageURL: "https://example.com/",
            isQuickAddReferral: false, doubleOptin: true, pointCount: 3, source: "app", transactionID: "tx-9",
            conversionCategory: "plan", conversionValue: 49.99, visitorID: "v-2", status: "custom_event_pending")
        _ = try await TestSDK.make(transport: transport).addSubscriber(subscriber)

        let body = try #require(try transport.requests.only?.jsonObject())
        #expect(
            Set(body.keys)
                == TestSDK.deviceKeys.union([
                    "email", "domain", "name", "phone_number", "crypto_wallet_address", "crypto_wallet_provider",
                    "other_identifier_value", "extra_field", "extra_field_2", "option_field_value", "referrer",
                    "lifetime_spend", "subscribe_page_url", "landing_page_url", "is_quick_add_referral", "double_optin",
                    "points", "source", "transaction_id", "conversion_category", "conversion_value", "visitor_id",
                    "status", "timestamp",
                ]))
        #expect(body["extra_field_2"] as? String == "two")
        #expect(body["transaction_id"] as? String == "tx-9")
        // The page's String fields go out as text, as the vendor SDK sends them; the server's own Booleans and
        // numbers as JSON.
        #expect(body["points"] as? String == "3")
        #expect(body["double_optin"] as? String == "true")
        #expect(body["is_quick_add_referral"] as? Bool == false)
        #expect(body["conversion_value"] as? String == "49.99")
        #expect(body["lifetime_spend"] as? Double == 12.5)
        #expect(body["screen_size"] as? String == "393.0 x 852.0")
        #expect(body["ip_address"] as? String == "203.0.113.7")
    }

    @Test("track sends the transaction fields under the server's keys")
    func trackTransactionFields() async throws {
        let transport = RecordingTransport()
        let track = RHTrackReferral(
            email: "bo@example.com", referrer: "ada@example.com", transactionID: "tx-1", conversionCategory: "plan",
            conversionValue: 10)
        _ = try await TestSDK.make(transport: transport).trackReferral(track)

        let body = try #require(try transport.requests.only?.jsonObject())
        #expect(
            Set(body.keys) == [
                "email", "referrer", "transaction_id", "conversion_category", "conversion_value", "timestamp",
            ])
        #expect(body["referrer"] as? String == "ada@example.com")
    }

    @Test("a pending referral sends the device parameters it was given over the provider's")
    func pendingReferralDeviceOverrides() async throws {
        let transport = RecordingTransport()
        let referral = RHReferral(
            email: "bo@example.com",
            deviceInfo: RHDeviceInfo(device: "iPad", screenSize: "1024*1366", ipAddress: "198.51.100.4"))
        _ = try await TestSDK.make(transport: transport).createPendingReferral(referral)

        let body = try #require(try transport.requests.only?.jsonObject())
        #expect(body["device"] as? String == "iPad")
        #expect(body["os_type"] as? String == "iOS")
        #expect(body["screen_size"] as? String == "1024.0 x 1366.0")
        #expect(body["ip_address"] as? String == "198.51.100.4")
        #expect(body["referrer"] == nil)
    }

    @Test("blank device parameters are left out")
    func blankDeviceParametersAreLeftOut() async throws {
        let transport = RecordingTransport()
        let device = RHDeviceInfoProvider.fixed(
            RHDeviceInfo(device: "iPhone", osType: "iOS", screenSize: " ", ipAddress: ""))
        _ = try await TestSDK.make(transport: transport, device: device).addSubscriber(DocumentedCall.subscriber)

        let keys = try #require(try transport.requests.only?.bodyKeys())
        #expect(keys == ["email", "domain", "name", "device", "os_type", "timestamp"])
    }

    @Test("the path names the configured campaign and the stored subscriber")
    func pathUsesCampaignAndStoredSubscriber() async throws {
        let transport = RecordingTransport()
        let store = RHInMemorySubscriberStore(subscriberID: "sub_0123456789ab")
        _ = try await TestSDK.make(transport: transport, store: store, campaign: "MFdc38730f91").myReferrals()

        #expect(transport.requests.only?.path == "/lists/MFdc38730f91/subscribers/sub_0123456789ab/referrals_data")
    }
}

extension Array {
    /// The one element, or `nil` when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
