import AdaptySDK
import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime

/// A transport that answers from a closure and keeps every request it was sent.
final class StubTransport: ClientTransport {
    struct Sent: Sendable {
        var method: String
        var url: String
        var headers: HTTPFields
        var body: JSONValue?

        func header(_ name: String) -> String? { HTTPField.Name(name).flatMap { headers[$0] } }
    }

    struct Answer: Sendable {
        var status: Int
        var headers: [String: String] = [:]
        var body: String = "{}"
    }

    private let answer: @Sendable (Sent) -> Answer
    private let log = Locked<[Sent]>([])

    init(answer: @escaping @Sendable (Sent) -> Answer) {
        self.answer = answer
    }

    var sent: [Sent] { log.withLock { $0 } }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var data = Data()
        if let body { data = try await Data(collecting: body, upTo: 1 << 20) }
        let sent = Sent(
            method: request.method.rawValue, url: baseURL.absoluteString + (request.path ?? ""),
            headers: request.headerFields, body: data.isEmpty ? nil : try? JSONValue(parsing: data))
        log.withLock { $0.append(sent) }
        let reply = answer(sent)
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        for (name, value) in reply.headers { if let name = HTTPField.Name(name) { fields[name] = value } }
        return (HTTPResponse(status: .init(code: reply.status), headerFields: fields), HTTPBody(reply.body))
    }
}

/// Bodies the stubs answer with.
enum StubBodies {
    static func profile(_ id: String = "00000000-0000-4000-8000-000000000001", segment: String = "seg-1") -> String {
        #"{"data":{"type":"adapty_analytics_profile","id":"\#(id)","attributes":{"profile_id":"\#(id)","segment_hash":"\#(segment)","is_test_user":false,"timestamp":1,"custom_attributes":{},"paid_access_levels":{}}}}"#
    }

    static func paywall(
        variations: [(id: String, weight: Int)], audience: String = "pav-1", createdAt: Int = 100
    )
        -> String
    {
        let data = variations.map { variation in
            #"{"variation_id":"\#(variation.id)","weight":\#(variation.weight),"paywall_id":"pw-\#(variation.id)","paywall_name":"Paywall \#(variation.id)","cross_placement_info":null,"remote_config":{"lang":"en","data":"{\"title\":\"Go Pro\"}"},"paywall_builder":null,"products":[{"vendor_product_id":"premium.weekly","adapty_product_id":"p1","access_level_id":"premium","product_type":"weekly","promotional_offer_eligibility":false,"promotional_offer_id":"promo"}]}"#
        }.joined(separator: ",")
        return
            #"{"meta":{"placement":{"developer_id":"main","audience_name":"All Users","revision":1,"ab_test_name":"Default","placement_audience_version_id":"\#(audience)","is_tracking_purchases":true},"response_created_at":\#(createdAt)},"data":[\#(data)]}"#
    }

    static let configuration = AdaptyConfiguration(
        apiKey: "public_live_testkey.secretpart",
        hosts: AdaptyHosts.simulator(URL(string: "http://stub.local/adapty")!))
}
