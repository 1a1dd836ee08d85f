import AdaptySDK
import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime

/// The headless web view: it loads the onboarding's page script (`<config_url>messages.json`, the simulator's
/// readable form of what the page posts) through the flow's transport, with the `Accept-Language` the SDK's web
/// view sends, and hands each message to the controller's `postEvent` handler in order.
enum AdaptyOnboardingPage {
    /// Loads the script of `configuration`'s page; the messages as the page posts them.
    static func messages(
        _ configuration: AdaptyUI.OnboardingConfiguration, context: FlowContext
    ) async throws -> [JSONValue] {
        let page = configuration.pageURL.absoluteString
        let base = context.baseURL.absoluteString
        let baseURL: URL
        var path: String
        if page.hasPrefix(base) {
            baseURL = context.baseURL
            path = String(page.dropFirst(base.count))
        } else {
            let parts = RequestURLParts(page)
            baseURL = URL(string: parts.origin) ?? context.baseURL
            path = parts.path
        }
        if !path.hasSuffix("/") { path += "/" }
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        fields[.acceptLanguage] = configuration.acceptLanguage
        let request = HTTPRequest(
            method: .get, scheme: nil, authority: nil, path: path + "messages.json", headerFields: fields)
        let (response, body) = try await context.transport.send(
            request, body: nil, baseURL: baseURL, operationID: "onboarding page")
        var data = Data()
        if let body { data = try await Data(collecting: body, upTo: 1 << 20) }
        guard response.status.code == 200 else {
            throw AdaptyUIError.webKit("the onboarding page answered HTTP \(response.status.code)")
        }
        guard let messages = (try? JSONValue(parsing: data))?["messages"]?.arrayValue else {
            throw AdaptyUIError.webKit("the onboarding page script is not a message list")
        }
        return messages
    }

    /// Loads the page and posts its messages to `controller`, as the web view's `postEvent` handler would.
    static func play(
        _ configuration: AdaptyUI.OnboardingConfiguration, into controller: AdaptyOnboardingController,
        context: FlowContext
    ) async throws {
        for message in try await messages(configuration, context: context) {
            controller.postEvent(message.data(.sortedKeys))
        }
    }
}

/// A URL split into its origin (`http://host:port`) and path, without Foundation's URL rules for odd input.
private struct RequestURLParts {
    var origin: String
    var path: String

    init(_ text: String) {
        guard let scheme = text.range(of: "://") else {
            origin = ""
            path = text
            return
        }
        let rest = text[scheme.upperBound...]
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        origin = String(text[..<slash])
        path = slash == rest.endIndex ? "/" : String(rest[slash...])
    }
}

/// The delegate of a flow's onboarding controllers: every call as a JSON entry of the journal, and the
/// open-paywall journey of the document (dismiss the onboarding, fetch the action's placement, build the
/// paywall view, present it) when an `Adapty` instance and a stage are given.
final class AdaptyFlowOnboardingDelegate: AdaptyOnboardingControllerDelegate, AdaptyPaywallControllerDelegate {
    let journal: AdaptyFlowJournal
    private let journey: (adapty: Adapty, stage: AdaptyUIStage)?
    private let pending = Locked<[AdaptyOnboardingsOpenPaywallAction]>([])

    init(journal: AdaptyFlowJournal, journey: (adapty: Adapty, stage: AdaptyUIStage)? = nil) {
        self.journal = journal
        self.journey = journey
    }

    /// The open-paywall actions received, to be followed by ``openPaywalls(_:)``.
    var paywallActions: [AdaptyOnboardingsOpenPaywallAction] { pending.withLock { $0 } }

    static func meta(_ meta: AdaptyOnboardingsMetaParams) -> JSONValue {
        [
            "onboarding_id": .string(meta.onboardingId), "screen_cid": .string(meta.screenClientId),
            "screen_index": .number(JSONNumber(meta.screenIndex)),
            "total_screens": .number(JSONNumber(meta.screensTotal)),
        ]
    }

    func onboardingController(
        _ controller: AdaptyOnboardingController, didFinishLoading action: OnboardingsDidFinishLoadingAction
    ) {
        journal.note("didFinishLoading", ["meta": Self.meta(action.meta)])
    }

    func onboardingController(
        _ controller: AdaptyOnboardingController, onCloseAction action: AdaptyOnboardingsCloseAction
    ) {
        journal.note("onCloseAction", ["action_id": .string(action.actionId), "meta": Self.meta(action.meta)])
        controller.dismiss(animated: true)
    }

    func onboardingController(
        _ controller: AdaptyOnboardingController, onPaywallAction action: AdaptyOnboardingsOpenPaywallAction
    ) {
        journal.note("onPaywallAction", ["action_id": .string(action.actionId), "meta": Self.meta(action.meta)])
        pending.withLock { $0.append(action) }
    }

    func onboardingController(
        _ controller: AdaptyOnboardingController, onCustomAction action: AdaptyOnboardingsCustomAction
    ) {
        journal.note("onCustomAction", ["action_id": .string(action.actionId), "meta": Self.meta(action.meta)])
    }

    func onboardingController(
        _ controller: AdaptyOnboardingController, onStateUpdatedAction action: AdaptyOnboardingsStateUpdatedAction
    ) {
        journal.note(
            "onStateUpdatedAction",
            [
                "element_id": .string(action.elementId), "params": Self.params(action.params),
                "meta": Self.meta(action.meta),
            ])
    }

    func onboardingController(
        _ controller: AdaptyOnboardingController, onAnalyticsEvent event: AdaptyOnboardingsAnalyticsEvent
    ) {
        var entry: JSONValue = ["event": .string(event.name), "meta": Self.meta(event.meta)]
        switch event {
        case .screenCompleted(_, let elementId, let reply):
            _ = entry.set(elementId.map(JSONValue.string) ?? .null, at: JSONPointer(tokens: ["element_id"]))
            _ = entry.set(reply.map(JSONValue.string) ?? .null, at: JSONPointer(tokens: ["reply"]))
        case .unknown:
            _ = entry.set(true, at: JSONPointer(tokens: ["unknown"]))
        default:
            break
        }
        journal.note("onAnalyticsEvent", entry)
    }

    func onboardingController(_ controller: AdaptyOnboardingController, didFailWithError error: AdaptyUIError) {
        journal.note("didFailWithError", ["code": .number(JSONNumber(error.code))])
    }

    static func params(_ params: AdaptyOnboardingsStateUpdatedParams) -> JSONValue {
        func option(_ option: AdaptyOnboardingsSelectParams) -> JSONValue {
            ["id": .string(option.id), "value": .string(option.value), "label": .string(option.label)]
        }
        switch params {
        case .select(let value): return ["select": option(value)]
        case .multiSelect(let values): return ["multi_select": .array(values.map(option))]
        case .input(.text(let text)): return ["input": ["text": .string(text)]]
        case .input(.email(let text)): return ["input": ["email": .string(text)]]
        case .input(.number(let number)): return ["input": ["number": .number(JSONNumber(number))]]
        case .datePicker(let date):
            return [
                "date_picker": [
                    "day": date.day.map { .number(JSONNumber($0)) } ?? .null,
                    "month": date.month.map { .number(JSONNumber($0)) } ?? .null,
                    "year": date.year.map { .number(JSONNumber($0)) } ?? .null,
                ]
            ]
        }
    }

    func paywallControllerDidAppear(_ controller: AdaptyPaywallController) {
        journal.note("paywallControllerDidAppear", ["paywall": AdaptyFlowSession.summary(controller.paywall)])
    }
}
