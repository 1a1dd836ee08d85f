import CassetteKit
import ContractKit
import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime
import WebEngageSDK

/// What a WebEngage flow runs with: a core SDK and a personalization SDK (manual work mode, so the flow decides
/// when the network is reached) on the flow's transport, clock and base URL, the simulator's demo license and a
/// fixed device user; app screens whose callbacks write one log, which with the views' content and the links the
/// SDK opened is the flow's outcome.
final class WebEngageFlowSession: Sendable {
    /// The simulator's demo license code and the device user of every flow.
    static let license = "~10a5cb78d"
    static let luid = "luid-00000001"

    let context: FlowContext
    let log = WebEngageLog()
    let core: WebEngage
    let sdk: WEPersonalization
    let transport: WebEngageLatencyTransport
    private let views = Locked<[WEInlineView]>([])
    /// The app's screens, kept alive for the whole flow (the SDK holds callbacks weakly, as on iOS).
    private let screens = Locked<[WebEngageAppScreen]>([])

    init(context: FlowContext) {
        self.context = context
        let clock = context.clock
        let timer = WebEngageFlowTimer(flowClock: clock)
        transport = WebEngageLatencyTransport(base: context.transport, clock: timer)
        core = WebEngage(
            configuration: WebEngageConfiguration(
                licenseCode: Self.license, baseURL: context.baseURL, luid: Self.luid),
            transport: transport, clock: timer, now: { clock.date })
        let log = log
        sdk = WEPersonalization(
            webEngage: core, linkOpener: .custom { url in log.append(["opened": .string(url.absoluteString)]) },
            mode: .manual)
        sdk.initialise()
    }

    /// An app screen (view controller) named `name` that logs every callback it gets.
    func screen(_ name: String, stopsRendering: Bool = false, handlesClicks: Bool = false) -> WebEngageAppScreen {
        let screen = WebEngageAppScreen(
            name: name, log: log, stopsRendering: stopsRendering, handlesClicks: handlesClicks)
        screens.withLock { $0.append(screen) }
        return screen
    }

    /// A `WEInlineView` for `tag`, on screen.
    func view(_ tag: Int) -> WEInlineView {
        let view = WEInlineView(tag: tag, personalization: sdk)
        view.WEGExpHeight = 180
        view.attach()
        views.withLock { $0.append(view) }
        return view
    }

    /// A view for a table cell, not loaded yet.
    func cellView() -> WEInlineView {
        let view = WEInlineView(personalization: sdk)
        views.withLock { $0.append(view) }
        return view
    }

    /// Tags the screen (`navigatingToScreen(withName:)`).
    func navigate(_ screen: String) {
        log.append(["navigated": .string(screen)])
        core.analytics.navigatingToScreen(withName: screen)
    }

    /// Runs the queued work (fetches, callbacks, uploads) to the end.
    func settle() async {
        await sdk.waitUntilIdle()
    }

    /// The log, then what each view shows.
    var outcome: JSONValue {
        let shown = views.withLock { views in
            views.map { view -> JSONValue in
                ["tag": .number(JSONNumber(view.tag)), "displayed": Self.summary(view.displayed)]
            }
        }
        return ["log": log.entries, "views": .array(shown)]
    }

    static func summary(_ displayed: WEInlineView.Displayed) -> JSONValue {
        switch displayed {
        case .nothing: "nothing"
        case .campaign(let data): ["campaign": .string(data.campaignId)]
        case .defaultContent(let content): ["default": content.json]
        }
    }
}

/// The flow's outcome log, in order.
final class WebEngageLog: Sendable {
    private let items = Locked<[JSONValue]>([])

    func append(_ entry: JSONValue) {
        items.withLock { $0.append(entry) }
    }

    var entries: JSONValue { .array(items.withLock { $0 }) }
}

/// An app screen implementing both callbacks, as the page's view controllers do.
final class WebEngageAppScreen: WEPlaceholderCallback, WECampaignCallback {
    let name: String
    let log: WebEngageLog
    let stopsRendering: Bool
    let handlesClicks: Bool
    /// What the screen does with Custom data (track an impression, a click…).
    let onCustomData = Locked<(@Sendable (WECampaignData) -> Void)?>(nil)

    init(name: String, log: WebEngageLog, stopsRendering: Bool, handlesClicks: Bool) {
        self.name = name
        self.log = log
        self.stopsRendering = stopsRendering
        self.handlesClicks = handlesClicks
    }

    private func record(_ callback: String, _ fields: JSONObject) {
        var entry = JSONObject([("callback", .string(callback)), ("screen", .string(name))])
        for (key, value) in fields { entry[key] = value }
        log.append(.object(entry))
    }

    private static func brief(_ data: WECampaignData) -> JSONObject {
        JSONObject([("campaignId", .string(data.campaignId)), ("targetViewId", .string(data.targetViewId))])
    }

    func onDataReceived(_ data: WECampaignData) {
        record("onDataReceived", JSONObject([("data", .string(data.toJSONString()))]))
        if data.content.layout == .custom || !data.shouldRender {
            onCustomData.withLock { $0 }?(data)
        }
    }

    func onRendered(data: WECampaignData) { record("onRendered", Self.brief(data)) }

    func onPlaceholderException(_ campaignId: String?, _ targetViewId: String, _ exception: any Error) {
        record("onPlaceholderException", Self.exception(campaignId, targetViewId, exception))
    }

    func onCampaignPrepared(_ data: WECampaignData) -> WECampaignData {
        record("onCampaignPrepared", Self.brief(data))
        if stopsRendering { data.stopRendering() }
        return data
    }

    func onCampaignShown(data: WECampaignData) { record("onCampaignShown", Self.brief(data)) }

    func onCampaignClicked(actionId: String, deepLink: String, data: WECampaignData) -> Bool {
        var fields = Self.brief(data)
        fields["actionId"] = .string(actionId)
        fields["deepLink"] = .string(deepLink)
        fields["returns"] = .bool(handlesClicks)
        record("onCampaignClicked", fields)
        return handlesClicks
    }

    func onCampaignException(_ campaignId: String?, _ targetViewId: String, _ exception: any Error) {
        record("onCampaignException", Self.exception(campaignId, targetViewId, exception))
    }

    private static func exception(_ campaignId: String?, _ targetViewId: String, _ error: any Error) -> JSONObject {
        JSONObject([
            ("campaignId", campaignId.map(JSONValue.string) ?? .null), ("targetViewId", .string(targetViewId)),
            ("exception", .string((error as? WebEngageError)?.key ?? "\(error)")),
        ])
    }
}

/// The flow's transport: a template answer's `X-Simulated-Render-Delay-Ms` moves the flow clock on by that much (the
/// simulator's render delay, so `timeout` is deterministic: the SDK's deadline passes as the answer lands), and an app action can run the moment a template
/// answer arrives (unregistering while the campaign is being fetched).
struct WebEngageLatencyTransport: ClientTransport {
    let base: any ClientTransport
    let clock: WebEngageFlowTimer
    let onTemplateAnswer = WebEngageHook()

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await base.send(
            request, body: body, baseURL: baseURL, operationID: operationID)
        if let name = HTTPField.Name("X-Simulated-Render-Delay-Ms"),
            let delay = response.headerFields[name].flatMap({ Int($0) })
        {
            clock.advance(by: Double(delay) / 1000)
        }
        if operationID == "fetchTemplate" { onTemplateAnswer.fire() }
        return (response, responseBody)
    }
}

/// A one-shot action.
final class WebEngageHook: Sendable {
    private let action = Locked<(@Sendable () -> Void)?>(nil)

    func set(_ action: @escaping @Sendable () -> Void) {
        self.action.withLock { $0 = action }
    }

    func fire() {
        let pending = action.withLock { action in
            defer { action = nil }
            return action
        }
        pending?()
    }
}

/// The admin requests flows send to the simulator before they run (`Flow.simulatorSetup`).
enum WebEngageSetup {
    static func property(_ screen: String, _ id: String, _ fields: String) -> CassetteRequest {
        request("PUT", "/screens/\(screen)/properties/\(id)", fields)
    }

    static func variation(_ id: String, _ fields: String) -> CassetteRequest {
        request("PUT", "/variations/\(id)", fields)
    }

    static func failingResource(_ name: String) -> CassetteRequest {
        request("PUT", "/resources/\(name)", #"{"failing":true}"#)
    }

    /// Default content for a home property: a Text block saying `text`.
    static func defaultContent(_ screen: String, _ id: String, text: String) -> CassetteRequest {
        property(
            screen, id,
            #"{"default_content":{"parser_type":"static","target_view":"\#(id)","content":{"lt":"1af576a4","text":"\#(text)"}}}"#
        )
    }

    private static func request(_ method: String, _ path: String, _ body: String) -> CassetteRequest {
        CassetteRequest(method: method, url: path, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
}

extension Flow {
    /// A WebEngage flow: `section` of the App In-line Content page, `steps` drive a ``WebEngageFlowSession``.
    static func webEngage(
        _ name: String, _ section: String, kind: Kind = .flow, summary: String, setup: [CassetteRequest] = [],
        facts: [Fact] = [], steps: @escaping @Sendable (WebEngageFlowSession) async throws -> Void
    ) -> Flow {
        Flow(
            vendor: "webengage", name: name, documentation: "WebEngage, App In-line Content (iOS), \(section)",
            kind: kind, summary: summary, simulatorSetup: setup,
            facts: [
                .assumed(
                    "the screen's property configuration call and the event upload (the page names no endpoint)")
            ] + facts
        ) { context in
            let session = WebEngageFlowSession(context: context)
            try await steps(session)
            await session.settle()
            return session.outcome
        }
    }
}
