import Foundation
import HTTPTypes
import HarnessTesting
import JSONCore
import OpenAPIRuntime
import WalkMeSDK

/// A scripted WalkMe server for SDK tests: answers by the last path segment, records every request, and can be
/// switched offline.
final class FakeWalkMe: ClientTransport {
    struct Answer: Sendable {
        var status: Int
        var body: Data
        var headers: [String: String] = [:]

        static func json(_ status: Int, _ text: String) -> Answer {
            Answer(status: status, body: Data(text.utf8), headers: ["Content-Type": "application/json"])
        }
    }

    struct Sent: Sendable {
        var method: String
        var path: String
        var headers: [String: String]
        var body: JSONValue?
    }

    private let answers: Locked<[String: [Answer]]>
    private let log = Locked<[Sent]>([])
    private let baseLog = Locked<[String]>([])
    let offline = Locked(false)

    /// `answers` by last path segment (`settings.json`, `data.json`, `token`, `events`); a list is used in order,
    /// its last answer repeating.
    init(_ answers: [String: [Answer]]) {
        self.answers = Locked(answers)
    }

    /// The settings and data file fixtures, and an events endpoint accepting everything.
    static func standard(settings: String = "settings", data: String = "data") throws -> FakeWalkMe {
        FakeWalkMe([
            "settings.json": [.json(200, try Fixture.text(settings))],
            "data.json": [.json(200, try Fixture.text(data))],
            "events": [.json(202, #"{"accepted":1}"#)],
            "token": [.json(200, #"{"access_token":"t-1","token_type":"Bearer","expires_in":60}"#)],
        ])
    }

    var sent: [Sent] { log.withLock { $0 } }
    /// The base URL of each call, as the SDK passed it.
    var bases: [String] { baseLog.withLock { $0 } }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if offline.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
        baseLog.withLock { $0.append(baseURL.absoluteString) }
        var data: Data?
        if let body { data = try await Data(collecting: body, upTo: 1 << 20) }
        var headers: [String: String] = [:]
        for field in request.headerFields { headers[field.name.rawName] = field.value }
        let path = request.path ?? ""
        log.withLock {
            $0.append(
                Sent(
                    method: request.method.rawValue, path: path, headers: headers,
                    body: data.flatMap { try? JSONValue(parsing: $0) }))
        }
        let name = String(path.split(separator: "?").first?.split(separator: "/").last ?? "")
        let answer = answers.withLock { table -> Answer in
            guard var list = table[name], let first = list.first else {
                return .json(404, #"{"error":"not_found","message":"no such endpoint"}"#)
            }
            if list.count > 1 { list.removeFirst() }
            table[name] = list
            return first
        }
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
        }
        return (HTTPResponse(status: .init(code: answer.status), headerFields: fields), HTTPBody(answer.body))
    }
}

enum Fixture {
    /// `Tests/WalkMeSDKTests/Fixtures/<name>.json`.
    static func text(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name).json")
        return try String(contentsOf: url, encoding: .utf8)
    }
}

/// Records every campaign callback.
final class RecordingDelegate: NSObject, WMCampaignInfoDelegate {
    private let log = Locked<[String]>([])
    private let infos = Locked<[WMCampaignInfo]>([])

    var events: [String] { log.withLock { $0 } }
    var dismissed: [WMCampaignInfo] { infos.withLock { $0 } }

    func campaignDidDismiss(_ campaignInfo: WMCampaignInfo) {
        log.withLock { $0.append("dismiss \(campaignInfo.campaignId) \(campaignInfo.campaginCta)") }
        infos.withLock { $0.append(campaignInfo) }
    }

    func campaignWillShow(_ campaignInfo: WMCampaignInfo) {
        log.withLock { $0.append("show \(campaignInfo.campaignId)") }
    }

    func campaign(
        _ campaignInfo: WMCampaignInfo, didPerformAction actionType: String, withArgs args: [String: JSONValue],
        andCompletion completion: @escaping @Sendable () -> Void
    ) {
        log.withLock { $0.append("action \(actionType) \(args.values.compactMap(\.stringValue).joined())") }
        completion()
    }
}

struct Harness {
    let transport: FakeWalkMe
    let clock = ManualClock()
    let store: WMInMemoryContentStore
    let delegate = RecordingDelegate()
    let walkMe: WalkMe

    static let device = WMDeviceInfo(
        deviceId: "device-1", deviceModel: "iPhone15,2", systemVersion: "17.4", orientation: .landscapeRight,
        appName: "Acme", appVersion: "3.2.0", locale: "fr_FR", timezone: "Europe/Paris", network: .cellular,
        isPushEnabled: false)

    init(_ transport: FakeWalkMe, store: WMInMemoryContentStore = WMInMemoryContentStore()) {
        self.transport = transport
        self.store = store
        let clock = clock
        let counter = Locked(0)
        walkMe = WalkMe(
            environment: WalkMeEnvironment(
                transport: transport, baseURL: URL(string: "https://walkme.test/base")!, now: { clock.date },
                makeIdentifier: {
                    "session-"
                        + String(
                            counter.withLock { value -> Int in
                                value += 1
                                return value
                            })
                }, store: store, device: .fixed(Self.device)))
        walkMe.setCampaignInfoDelegate(delegate)
    }

    static let options = WMStartOptions(key: "f3a9c2e47b1d4e0a", secret: "s3cret")
}
