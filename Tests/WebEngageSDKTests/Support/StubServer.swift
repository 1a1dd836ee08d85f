import Foundation
import HTTPTypes
import HarnessTesting
import JSONCore
import OpenAPIRuntime
import WebEngageSDK

/// A scripted WebEngage server: answers by `METHOD /path` (without the query), records every request, and can
/// move a clock on while answering (a slow render) or run an action (the app unregistering mid-fetch).
final class StubServer: ClientTransport, Sendable {
    struct Reply: Sendable {
        var status: Int
        var body: Data
        var delay = 0
    }

    struct Sent: Sendable {
        var method: String
        var path: String
        var headers: HTTPFields
        var body: Data
    }

    private let replies = Locked<[String: Reply]>([:])
    private let sent = Locked<[Sent]>([])
    private let actions = Locked<[String: @Sendable () -> Void]>([:])
    private let hanging = Locked<Set<String>>([])
    private let cancelledRequests = Locked<[String]>([])
    private let hangs = Locked<(count: Int, waiters: [CheckedContinuation<Void, Never>])>((0, []))
    let clock: ManualClock

    init(clock: ManualClock = ManualClock()) {
        self.clock = clock
    }

    func reply(_ method: String, _ path: String, status: Int = 200, json: String, delay: Int = 0) {
        replies.withLock { $0["\(method) \(path)"] = Reply(status: status, body: Data(json.utf8), delay: delay) }
    }

    func reply(_ method: String, _ path: String, status: Int, body: Data) {
        replies.withLock { $0["\(method) \(path)"] = Reply(status: status, body: body) }
    }

    /// Runs `action` once, when `METHOD path` is answered.
    func whenAnswering(_ method: String, _ path: String, _ action: @escaping @Sendable () -> Void) {
        actions.withLock { $0["\(method) \(path)"] = action }
    }

    /// `METHOD path` never answers: its request waits until its task is cancelled.
    func neverAnswer(_ method: String, _ path: String) {
        hanging.withLock { _ = $0.insert("\(method) \(path)") }
    }

    /// Returns once a request that never answers has arrived.
    func waitForUnansweredRequest() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let arrived = hangs.withLock { hangs -> Bool in
                if hangs.count == 0 { hangs.waiters.append(waiter) }
                return hangs.count > 0
            }
            if arrived { waiter.resume() }
        }
    }

    /// The `METHOD path` of every request that never answered and was cancelled, in order.
    var cancelled: [String] { cancelledRequests.withLock { $0 } }

    var requests: [Sent] { sent.withLock { $0 } }

    func paths(_ method: String? = nil) -> [String] {
        requests.filter { method == nil || $0.method == method }.map(\.path)
    }

    /// The uploaded events, as `(name, system_data, event_data)`.
    var events: [(name: String, system: JSONValue, data: JSONValue)] {
        requests.filter { $0.path.hasSuffix("/events") }.flatMap { request -> [(String, JSONValue, JSONValue)] in
            let batch = (try? JSONValue(parsing: request.body))?["events"]?.arrayValue ?? []
            return batch.map {
                ($0["event_name"]?.stringValue ?? "", $0["system_data"] ?? .null, $0["event_data"] ?? .null)
            }
        }
    }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let data = body == nil ? Data() : try await Data(collecting: body!, upTo: 1 << 20)
        let path = request.path ?? ""
        let bare = String(path.split(separator: "?", maxSplits: 1).first ?? "")
        sent.withLock {
            $0.append(Sent(method: request.method.rawValue, path: path, headers: request.headerFields, body: data))
        }
        let key = "\(request.method.rawValue) \(bare)"
        if hanging.withLock({ $0.contains(key) }) {
            // Suspends until cancelled: no answer ever comes.
            let (stream, continuation) = AsyncStream<Never>.makeStream()
            let waiters = hangs.withLock { hangs in
                hangs.count += 1
                defer { hangs.waiters = [] }
                return hangs.waiters
            }
            for waiter in waiters { waiter.resume() }
            for await _ in stream {}
            continuation.finish()
            cancelledRequests.withLock { $0.append(key) }
            throw CancellationError()
        }
        let reply =
            replies.withLock { $0[key] }
            ?? (bare.hasSuffix("/events")
                ? Reply(status: 200, body: Data(#"{"status":"success","accepted":1}"#.utf8))
                : Reply(status: 404, body: Data(#"{"error":{"code":"not_found","message":"no stub"}}"#.utf8)))
        clock.advance(by: .milliseconds(reply.delay))
        let action = actions.withLock { $0.removeValue(forKey: key) }
        action?()
        return (HTTPResponse(status: .init(code: reply.status)), HTTPBody(reply.body))
    }
}

/// A callback object that logs every call by name, as an app's view controller would receive them.
final class CallbackLog: WEPlaceholderCallback, WECampaignCallback {
    private let entries = Locked<[String]>([])
    private let received = Locked<[WECampaignData]>([])
    private let errors = Locked<[WebEngageError]>([])
    let stopsRendering: Bool
    let handlesClicks: Bool

    init(stopsRendering: Bool = false, handlesClicks: Bool = false) {
        self.stopsRendering = stopsRendering
        self.handlesClicks = handlesClicks
    }

    var calls: [String] { entries.withLock { $0 } }
    var data: [WECampaignData] { received.withLock { $0 } }
    var exceptions: [WebEngageError] { errors.withLock { $0 } }

    private func log(_ entry: String) { entries.withLock { $0.append(entry) } }

    func onDataReceived(_ data: WECampaignData) {
        received.withLock { $0.append(data) }
        log("onDataReceived \(data.targetViewId)")
    }

    func onRendered(data: WECampaignData) { log("onRendered \(data.targetViewId)") }

    func onPlaceholderException(_ campaignId: String?, _ targetViewId: String, _ exception: any Error) {
        if let error = exception as? WebEngageError { errors.withLock { $0.append(error) } }
        log("onPlaceholderException \(targetViewId) \((exception as? WebEngageError)?.key ?? "?")")
    }

    func onCampaignPrepared(_ data: WECampaignData) -> WECampaignData {
        log("onCampaignPrepared \(data.targetViewId)")
        if stopsRendering { data.stopRendering() }
        return data
    }

    func onCampaignShown(data: WECampaignData) { log("onCampaignShown \(data.targetViewId)") }

    func onCampaignClicked(actionId: String, deepLink: String, data: WECampaignData) -> Bool {
        log("onCampaignClicked \(actionId) \(deepLink)")
        return handlesClicks
    }

    func onCampaignException(_ campaignId: String?, _ targetViewId: String, _ exception: any Error) {
        log("onCampaignException \(targetViewId) \((exception as? WebEngageError)?.key ?? "?")")
    }
}
