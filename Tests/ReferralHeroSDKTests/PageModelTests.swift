import Foundation
import HarnessTesting
import ReferralHeroSDK
import Testing

@Suite("RHSubscriber as the Public Methods page lists it")
struct PageModelTests {
    @Test("The page's fields are String? under the vendor SDK's names, and go out as the text given")
    func pageFields() async throws {
        var subscriber = RHSubscriber(
            email: "ada@example.com", domain: "www.abc.com", name: "Ada", phone_number: "+4412345",
            extra_field: "one", extra_field2: "two", status: "custom_event_pending", referrer: "3ab0f674",
            points: "10", double_optin: "false", source: "app", device: "iPhone", conversion_value: "19.99",
            conversion_category: "plan", transaction_id: "tx-9", crypto_wallet_address: "0xabc")
        let points: String? = subscriber.points
        let doubleOptin: String? = subscriber.double_optin
        let conversionValue: String? = subscriber.conversion_value
        #expect(points == "10")
        #expect(doubleOptin == "false")
        #expect(conversionValue == "19.99")
        subscriber.points = "12"
        #expect(subscriber.pointCount == 12)
        #expect(subscriber.doubleOptin == false)
        #expect(subscriber.conversionValue == 19.99)
        #expect(subscriber.transactionID == "tx-9")
        #expect(subscriber.extraField2 == "two")

        let transport = RecordingTransport()
        _ = try await TestSDK.make(transport: transport).addSubscriber(subscriber)
        let body = try #require(try transport.requests.only?.jsonObject())
        #expect(body["points"] as? String == "12")
        #expect(body["double_optin"] as? String == "false")
        #expect(body["conversion_value"] as? String == "19.99")
        #expect(body["transaction_id"] as? String == "tx-9")
        #expect(body["conversion_category"] as? String == "plan")
        #expect(body["extra_field_2"] as? String == "two")
        #expect(body["phone_number"] as? String == "+4412345")
        #expect(body["crypto_wallet_address"] as? String == "0xabc")
    }

    @Test("A typed accessor writes the page's String field")
    func typedAccessors() {
        var subscriber = RHSubscriber(email: "ada@example.com", domain: "www.abc.com")
        subscriber.pointCount = 5
        subscriber.doubleOptin = true
        subscriber.conversionValue = 3
        #expect(subscriber.points == "5")
        #expect(subscriber.double_optin == "true")
        #expect(subscriber.conversion_value == "3.0")
    }

    @Test(
        "Text the contract does not take for points, double_optin or conversion_value is refused before sending",
        arguments: [
            RHSubscriber(email: "a@example.com", domain: "www.abc.com", name: "A", points: "ten"),
            RHSubscriber(email: "a@example.com", domain: "www.abc.com", name: "A", points: ""),
            RHSubscriber(email: "a@example.com", domain: "www.abc.com", name: "A", double_optin: "no"),
            RHSubscriber(email: "a@example.com", domain: "www.abc.com", name: "A", conversion_value: "1e5"),
            RHSubscriber(email: "a@example.com", domain: "www.abc.com", name: "A", conversion_value: "12."),
            RHSubscriber(
                email: "a@example.com", domain: "www.abc.com", name: "A",
                points: String(repeating: "9", count: 10_000)),
        ])
    func refusedText(subscriber: RHSubscriber) async {
        let transport = RecordingTransport()
        let error = await TestSDK.error { try await TestSDK.make(transport: transport).addSubscriber(subscriber) }
        guard case .invalidParameter(_, _, _, let endpoint) = error else {
            Issue.record("expected invalidParameter, got \(String(describing: error))")
            return
        }
        #expect(endpoint == .createNewSubscriber)
        #expect(transport.requests.isEmpty)
    }

    @Test("The Track Referral choice between note 3 and the tracking-logic list is recorded as assumed in the schema")
    func trackReferralChoiceRecorded() throws {
        let text = try String(
            contentsOf: RepositoryRoot.schemas().appendingPathComponent("referralhero/referralhero.openapi.yaml"),
            encoding: .utf8)
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            flat.contains(
                "assumed: a referral created on the spot with a goal of three events is Unconfirmed, as the "
                    + "tracking-logic list says, although note 3 calls it \"the new confirmed referral\""))
        #expect(flat.contains("assumed: an organic subscriber already in the campaign is identified"))
    }
}
