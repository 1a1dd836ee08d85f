import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import WebEngageSDK

/// The WebEngage answers the samples need: screen `screen_name` with property 1002 (Text, with a button) and
/// screen `screen` with property 1 (Custom), and the event upload; every request is recorded.
final class SampleServer: ClientTransport, Sendable {
    private let sent = Mutex<[String]>([])

    var paths: [String] { sent.withLock { $0 } }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let path = request.path ?? ""
        sent.withLock { $0.append(path) }
        let json: String
        if path.contains("/inline-properties?screen=screen_name") {
            json =
                #"{"properties":[{"p_id":"1002","targetView":"1002","variationId":"v2","campaign":{"notificationEncId":"c2"}}]}"#
        } else if path.contains("/inline-properties") {
            json =
                #"{"properties":[{"p_id":"1","targetView":"1","variationId":"v1","campaign":{"notificationEncId":"c1"}}]}"#
        } else if path.contains("APP_PERSONALIZATION-v2") {
            json =
                #"{"templateData":{"pt":"static","config":{"ctnt":{"lt":"1af576a4","text":"Hi","actionId":"a1","deepLink":"https://example.com/a"}}}}"#
        } else if path.contains("APP_PERSONALIZATION-v1") {
            json =
                #"{"templateData":{"pt":"static","config":{"ctnt":{"lt":"~20cc49da","cstm":[{"key":"title","value":"Hello"}]}}}}"#
        } else {
            json = #"{"status":"success","accepted":1}"#
        }
        return (HTTPResponse(status: .ok), HTTPBody(json))
    }

    /// Points the shared SDKs at a fresh server, in manual work mode.
    static func configureShared() -> SampleServer {
        let server = SampleServer()
        WebEngage.sharedInstance().configure(
            WebEngageConfiguration(
                licenseCode: "~10a5cb78d", baseURL: URL(string: "https://we.example")!, luid: "luid-samples"),
            transport: server)
        WEPersonalization.shared.workMode = .manual
        return server
    }
}
