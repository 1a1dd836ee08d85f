import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime

/// One request as it left the SDK.
struct RecordedRequest: Sendable {
    var request: HTTPRequest
    var body: Data?
    var baseURL: URL
    var operationID: String

    /// The path after the base URL, query included.
    var path: String { request.path ?? "" }

    /// The full URL the request goes to.
    var url: String { baseURL.absoluteString + path }

    /// The body as a JSON object; `nil` when there is no body or it is not an object.
    func jsonObject() throws -> [String: Any]? {
        guard let body else { return nil }
        return try JSONSerialization.jsonObject(with: body) as? [String: Any]
    }

    /// The keys of the JSON body.
    func bodyKeys() throws -> Set<String>? {
        try jsonObject().map { Set($0.keys) }
    }
}

/// The edge the unit tests do not own: a `ClientTransport` that records each request and answers it with a canned
/// response chosen by `answer`.
final class RecordingTransport: ClientTransport {
    typealias Answer = @Sendable (RecordedRequest) throws -> CannedResponse

    private let recorded = Locked<[RecordedRequest]>([])
    private let answer: Answer

    init(answer: @escaping Answer = { .success(for: $0.operationID) }) {
        self.answer = answer
    }

    /// Every request sent so far, in order.
    var requests: [RecordedRequest] { recorded.withLock { $0 } }

    func send(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var data: Data?
        if let body { data = try await Data(collecting: body, upTo: 1 << 20) }
        let recordedRequest = RecordedRequest(request: request, body: data, baseURL: baseURL, operationID: operationID)
        recorded.withLock { $0.append(recordedRequest) }
        let canned = try answer(recordedRequest)
        var fields = HTTPFields()
        fields[.contentType] = canned.contentType
        return (HTTPResponse(status: .init(code: canned.status), headerFields: fields), HTTPBody(canned.body))
    }
}

/// A response the fake transport sends back.
struct CannedResponse: Sendable {
    var status: Int
    var body: String
    var contentType = "application/json; charset=utf-8"

    /// The contract's success envelope around `data`.
    static func ok(data: String) -> CannedResponse {
        CannedResponse(status: 200, body: #"{"status":"ok","data":\#(data),"calls_left":null,"timestamp":1684403108}"#)
    }

    /// The contract's error envelope for `code`, with the status the contract gives it.
    static func error(_ code: String, status: Int, message: String = "refused") -> CannedResponse {
        let envelope = ["status": "error", "message": message, "code": code]
        let body = try! JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys])
        return CannedResponse(status: status, body: String(decoding: body, as: UTF8.self))
    }

    /// A success answer of the right shape for `operationID`.
    static func success(for operationID: String) -> CannedResponse {
        switch operationID {
        case "deleteSubscriber": ok(data: #"{"response":"subscriber_deleted","id":"sub_8645f85ac894"}"#)
        case "captureShare": ok(data: #"{"response":"share_captured","social":"facebook"}"#)
        case "getReferralsData": ok(data: WireFixtures.referralList)
        case "getLeaderboard": ok(data: WireFixtures.leaderboard)
        case "getRewards": ok(data: WireFixtures.rewardList)
        case "getReferrer": ok(data: WireFixtures.referrerMatch)
        default: ok(data: WireFixtures.subscriber(response: "subscriber_created"))
        }
    }
}
