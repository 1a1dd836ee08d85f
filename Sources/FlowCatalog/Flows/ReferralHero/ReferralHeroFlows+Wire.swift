import ContractKit
import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime

/// Requests `ReferralHeroSDK` never sends but other clients do: the iOS subscriber model's string-typed fields, and
/// a call that reaches the server without its API token.
extension ReferralHeroFlows {
    static let wire: [Flow] = [
        Flow(
            vendor: "referralhero", name: "ios-model-string-fields",
            documentation:
                "ReferralHero iOS SDK, Public Methods, Step 2. ReferRHSubscriber Model (points, conversion_value and "
                + "double_optin typed as strings; extra_field2)",
            summary:
                "The iOS model's string-typed points, double_optin and conversion_value and its extra_field2 are "
                + "accepted and stored as the server's fields",
            facts: [.assumed("the server also takes the JSON types, and ReferralHeroSDK sends those")]
        ) { context in
            let body: JSONValue = [
                "email": "ios-model@example.com", "domain": .string(ReferralHeroFlowSession.domain),
                "name": "iOS Model", "points": "25", "double_optin": "false", "conversion_value": "19.99",
                "extra_field2": "blue",
            ]
            let (status, answer) = try await addSubscriber(body, token: ReferralHeroFlowSession.token, context)
            let data = answer["data"]
            return [
                "status": .number(JSONNumber(status)), "response": data?["response"] ?? .null,
                "points": data?["points"] ?? .null, "extra_field_2": data?["extra_field_2"] ?? .null,
            ]
        },
        Flow(
            vendor: "referralhero", name: "error-no-token-server",
            documentation: "ReferralHero iOS SDK, Public Methods, Configuration (API token); errors no_token",
            kind: .errorCase,
            summary:
                "A call that reaches the server without the Authorization header (an app that skipped the SDK, a proxy "
                + "that strips it) is 400 no_token",
            expectedViolations: [
                ExpectedViolation(
                    .missingHeader, at: "request header Authorization",
                    because: "the call leaves out the API token on purpose")
            ],
            facts: [.assumed("the HTTP status of no_token (the page gives only the error)")]
        ) { context in
            let body: JSONValue = ["email": "ada@example.com", "domain": .string(ReferralHeroFlowSession.domain)]
            let (status, answer) = try await addSubscriber(body, token: nil, context)
            return [
                "status": .number(JSONNumber(status)), "code": answer["code"] ?? .null,
                "message": answer["message"] ?? .null,
            ]
        },
    ]

    /// Add Subscriber sent as a raw JSON request on the flow's transport, with the SDK's `Accept` header and the
    /// token when given: the answer's HTTP status and JSON body.
    private static func addSubscriber(
        _ body: JSONValue, token: String?, _ context: FlowContext
    ) async throws -> (Int, JSONValue) {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.accept] = "application/vnd.referralhero.v1"
        if let token { fields[.authorization] = token }
        let (response, answer) = try await context.transport.send(
            HTTPRequest(
                method: .post, scheme: nil, authority: nil,
                path: "/lists/\(ReferralHeroFlowSession.campaign)/subscribers", headerFields: fields),
            body: HTTPBody(body.data()), baseURL: context.baseURL, operationID: "addSubscriber")
        var data = Data()
        if let answer { data = try await Data(collecting: answer, upTo: 1 << 20) }
        return (response.status.code, try JSONValue(parsing: data))
    }
}
