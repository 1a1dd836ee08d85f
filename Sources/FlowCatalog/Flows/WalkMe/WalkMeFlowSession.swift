import CassetteKit
import ContractKit
import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime
import WalkMeSDK

/// What a WalkMe flow runs with: `WalkMe` instances (one per app launch) on the flow's transport, base URL, clock
/// and identifiers, with a fixed device, all reporting to one recorder whose entries are the flow's outcome.
struct WalkMeFlowSession: Sendable {
    /// The simulator's demo app (its admin API can add others).
    static let appKey = "f3a9c2e47b1d4e0a"
    static let secret = "wm-demo-secret"
    static let device = WMDeviceInfo(
        deviceId: "6d1f0c2a-0000-4000-8000-00000000d001", deviceModel: "iPhone15,2", systemVersion: "17.4",
        orientation: .portrait, appName: "Acme", appVersion: "3.2.0", locale: "en_US", timezone: "Europe/Paris",
        network: .wifi, isPushEnabled: true)

    let context: FlowContext
    let recorder: WalkMeOutcomeRecorder

    init(context: FlowContext, analytics: Bool) {
        self.context = context
        recorder = WalkMeOutcomeRecorder(analytics: analytics)
    }

    /// An app launch: the given store (shared between launches of one install), reporting to the recorder.
    func app(
        store: WMInMemoryContentStore = WMInMemoryContentStore(), offline: Bool = false,
        device: WMDeviceInfo = Self.device
    ) -> WalkMe {
        let clock = context.clock
        let identifiers = context.identifiers
        let walkMe = WalkMe(
            environment: WalkMeEnvironment(
                transport: NetworkSwitch(context.transport, online: !offline), baseURL: context.baseURL,
                now: { clock.date }, makeIdentifier: { identifiers.next().uuidString.lowercased() }, store: store,
                device: .fixed(device)))
        walkMe.setCampaignInfoDelegate(recorder)
        walkMe.setAnalyticsDelegate(recorder)
        return walkMe
    }

    /// Starts `walkMe` with the demo app's key and secret, recording the result or the error.
    func start(
        _ walkMe: WalkMe, key: String = appKey, secret: String = secret, selfHostedURL: URL? = nil
    ) async {
        await step("start") { () async throws(WalkMeError) -> JSONValue in
            Self.summary(
                try await walkMe.start(options: WMStartOptions(key: key, secret: secret, selfHostedURL: selfHostedURL)))
        }
    }

    /// Runs one SDK call, recording what it returned or the error it threw.
    func step(_ name: String, _ call: () async throws(WalkMeError) -> JSONValue) async {
        do {
            let result = try await call()
            recorder.append(["step": .string(name), "result": result])
        } catch {
            recorder.append(["step": .string(name), "error": .string(error.description)])
        }
    }

    /// The presented campaign, as the app would draw it.
    func presented(_ walkMe: WalkMe) async {
        let view = await walkMe.presentedCampaign
        recorder.append([
            "step": "presented",
            "result": view.map {
                [
                    "campaignId": .string($0.campaignId), "type": .string($0.type), "title": .string($0.title),
                    "ctas": .array($0.ctas.map { .string($0.id) }),
                    "questions": .array($0.questions.map { .string($0.id) }),
                ]
            } ?? .null,
        ])
    }

    static func summary(_ result: WMStartResult) -> JSONValue {
        [
            "sessionId": .string(result.sessionId), "contentSource": .string(result.contentSource.rawValue),
            "dataFileVersion": .number(JSONNumber(result.dataFileVersion)),
            "campaignIds": .array(result.campaignIds.map(JSONValue.string)),
            "tokenRefusals": .array(result.tokenRefusals.map(JSONValue.string)),
        ]
    }
}

/// The delegates of a flow's `WalkMe` instances and the steps' results, in order.
final class WalkMeOutcomeRecorder: NSObject, WMCampaignInfoDelegate, WMAnalyticsDelegate {
    private let entries = Locked<[JSONValue]>([])
    private let analytics: Bool

    init(analytics: Bool) {
        self.analytics = analytics
    }

    var outcome: JSONValue { .array(entries.withLock { $0 }) }

    func append(_ entry: JSONValue) {
        entries.withLock { $0.append(entry) }
    }

    func campaignDidDismiss(_ campaignInfo: WMCampaignInfo) {
        append(["callback": "campaignDidDismiss", "info": campaignInfo.json])
    }

    func campaignWillShow(_ campaignInfo: WMCampaignInfo) {
        append(["callback": "campaignWillShow", "campaignId": .string(campaignInfo.campaignId)])
    }

    func campaign(
        _ campaignInfo: WMCampaignInfo, didPerformAction actionType: String, withArgs args: [String: JSONValue],
        andCompletion completion: @escaping @Sendable () -> Void
    ) {
        append([
            "callback": "didPerformAction", "campaignId": .string(campaignInfo.campaignId),
            "action": .string(actionType), "args": .object(JSONObject(args.sorted { $0.key < $1.key })),
        ])
        completion()
    }

    func didSendAnalyticsEvent(ofType type: WMStatsEventType, withPayload payload: [String: JSONValue]) {
        guard analytics else { return }
        append([
            "analytics": .string(type.wireName), "payload": .object(JSONObject(payload.sorted { $0.key < $1.key })),
        ])
    }
}

/// The admin requests flows send to the simulator before they run (`Flow.simulatorSetup`).
enum WalkMeSetup {
    /// Changes the demo app's settings (`{"killSwitch":true}`, `{"dataFileAuth":"token"}`…).
    static func app(_ body: String) -> CassetteRequest {
        CassetteRequest(
            method: "PUT", url: "/apps/\(WalkMeFlowSession.appKey)", headers: ["Content-Type": "application/json"],
            body: Data(body.utf8))
    }
}

extension Flow {
    /// The callbacks page every flow cites.
    static let walkMePage = "WalkMe, Mobile: What Are iOS Campaign Callbacks and How Are They Used? (SDK 1.6.0+)"

    /// A WalkMe flow: `documentation` names the page's section, `facts` what the flow's code path relies on beyond
    /// the page (the content protocol), `steps` drive `WalkMe` launches of a ``WalkMeFlowSession``, and the outcome
    /// is its recorder's entries.
    static func walkMe(
        _ name: String, _ documentation: String, facts: [Fact] = [], kind: Kind = .flow, summary: String,
        analytics: Bool = false,
        setup: [CassetteRequest] = [], steps: @escaping @Sendable (WalkMeFlowSession) async throws -> Void
    ) -> Flow {
        Flow(
            vendor: "walkme", name: name, documentation: "\(walkMePage), \(documentation)", kind: kind,
            summary: summary, simulatorSetup: setup, facts: facts
        ) { context in
            let session = WalkMeFlowSession(context: context, analytics: analytics)
            try await steps(session)
            return session.recorder.outcome
        }
    }
}
