import AdaptySDK
import CassetteKit
import ContractKit
import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime

/// What an Adapty flow runs with: `Adapty` instances (one per app install) on the flow's transport, with the
/// simulator's host layout under the flow's base URL, the flow's clock and seeded identifiers; and a journal of
/// what the app observed, which is the flow's outcome.
struct AdaptyFlowSession: Sendable {
    /// The simulator's demo app key (`public_live_…`).
    static let apiKey = "public_live_Adapty5im.DemoKey2026xSimulator"

    let context: FlowContext
    let journal = AdaptyFlowJournal()

    /// A fresh app install: its own profile store (the profile id is generated from the flow's identifiers on
    /// first use), session id and device id.
    func app(
        apiKey: String = Self.apiKey, customerUserId: String? = nil, transport: (any ClientTransport)? = nil,
        sleep: (@Sendable (TimeInterval) async throws -> Void)? = nil
    ) -> Adapty {
        let install = journal.nextInstall()
        let clock = context.clock
        let identifiers = context.identifiers
        return Adapty(
            configuration: AdaptyConfiguration(
                apiKey: apiKey, customerUserId: customerUserId, hosts: .simulator(context.baseURL),
                device: AdaptyDeviceInfo(deviceId: String(format: "00000000-0000-4000-8000-00000000d%03d", install))),
            transport: transport ?? context.transport, profileStore: AdaptyInMemoryProfileStore(),
            now: { clock.date }, makeUUID: { identifiers.next() },
            sessionId: String(format: "00000000-0000-4000-8000-00000000e%03d", install),
            sleep: sleep ?? { try await Task.sleep(for: .seconds($0)) })
    }

    /// Runs one SDK call and notes its result (summarised) or its error under `step`.
    func step(_ step: String, _ call: () async throws -> JSONValue) async {
        do {
            journal.note(step, ["result": try await call()])
        } catch let error as AdaptyError {
            journal.note(step, ["error": Self.summary(error)])
        } catch let error as AdaptyUIError {
            journal.note(
                step, ["ui_error": ["code": .number(JSONNumber(error.code)), "message": .string(error.description)]])
        } catch {
            journal.note(step, ["unexpected": .string(String(describing: error))])
        }
    }

    static func summary(_ error: AdaptyError) -> JSONValue {
        var summary: JSONValue = [
            "adapty_code": .number(JSONNumber(error.adaptyErrorCode.rawValue)),
            "code": .string(error.adaptyErrorCode.description),
        ]
        switch error {
        case .badRequest(_, let status, let serverCode), .serverError(_, let status, let serverCode, _):
            _ = summary.set(.number(JSONNumber(status)), at: JSONPointer(tokens: ["http_status"]))
            _ = summary.set(serverCode.map(JSONValue.string) ?? .null, at: JSONPointer(tokens: ["server_code"]))
        default:
            break
        }
        return summary
    }

    static func summary(_ paywall: AdaptyPaywall) -> JSONValue {
        [
            "placement_id": .string(paywall.placementId), "variation_id": .string(paywall.variationId),
            "name": .string(paywall.name), "ab_test_name": .string(paywall.placement.abTestName),
            "remote_config": paywall.remoteConfig?.dictionary ?? .null,
            "products": .array(
                paywall.products.map {
                    [
                        "vendor_product_id": .string($0.vendorProductId),
                        "product_type": $0.productType.map { .string($0.rawValue) } ?? .null,
                    ]
                }),
            "has_view_configuration": .bool(paywall.hasViewConfiguration),
        ]
    }

    static func summary(_ onboarding: AdaptyOnboarding) -> JSONValue {
        [
            "placement_id": .string(onboarding.placementId), "variation_id": .string(onboarding.variationId),
            "onboarding_id": .string(onboarding.id), "name": .string(onboarding.name),
            "config_url": .string(onboarding.configURL.absoluteString),
        ]
    }

    static func summary(_ profile: AdaptyProfile) -> JSONValue {
        [
            "profile_id": .string(profile.profileId), "segment_hash": .string(profile.segmentHash),
            "customer_user_id": profile.customerUserId.map(JSONValue.string) ?? .null,
            "custom_attributes": profile.customAttributes,
            "access_levels": .array(profile.accessLevels.keys.sorted().map(JSONValue.string)),
        ]
    }
}

/// The flow's outcome: every step in order, each `{"step": …, …}`.
final class AdaptyFlowJournal: Sendable {
    private let entries = Locked<[JSONValue]>([])
    private let installs = Locked(0)

    /// Numbers the flow's app installs from 1.
    func nextInstall() -> Int {
        installs.withLock { count -> Int in
            count += 1
            return count
        }
    }

    var outcome: JSONValue { .array(entries.withLock { $0 }) }

    func note(_ step: String, _ value: JSONValue) {
        var entry: JSONValue = ["step": .string(step)]
        for (key, member) in value.objectValue ?? JSONObject() {
            _ = entry.set(member, at: JSONPointer(tokens: [key]))
        }
        entries.withLock { $0.append(entry) }
    }
}

/// The admin requests flows send to the simulator before they run (`Flow.simulatorSetup`).
enum AdaptySetup {
    /// The next `times` requests to `host` whose path contains `path` get this answer.
    static func fault(
        host: String = "main", path: String = "", status: Int, headers: [String: String] = [:], body: String = "",
        times: Int = 1
    ) -> CassetteRequest {
        let value: JSONValue = [
            "host": .string(host), "path_contains": .string(path), "status": .number(JSONNumber(status)),
            "headers": .object(JSONObject(headers.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            "body": .string(body), "times": .number(JSONNumber(times)),
        ]
        return request("POST", "/faults", value)
    }

    /// The body of a simulated outage.
    static let unavailable = #"{"errors":[{"code":"SERVICE_UNAVAILABLE"}]}"#

    /// The messages the onboarding `id`'s page posts.
    static func script(_ messages: [JSONValue], onboarding id: String = "onboarding_123") -> CassetteRequest {
        request("PUT", "/onboardings/\(id)/script", ["messages": .array(messages)])
    }

    static func request(_ method: String, _ path: String, _ body: JSONValue) -> CassetteRequest {
        CassetteRequest(
            method: method, url: path, headers: ["Content-Type": "application/json"], body: body.data(.sortedKeys))
    }
}

extension Flow {
    /// An Adapty flow: `documentation` cites the vendor document and section, `steps` drive `Adapty` instances
    /// of an ``AdaptyFlowSession``, and the outcome is its journal.
    static func adapty(
        _ name: String, _ documentation: String, kind: Kind = .flow, summary: String, setup: [CassetteRequest] = [],
        facts: [Fact] = [], steps: @escaping @Sendable (AdaptyFlowSession) async throws -> Void
    ) -> Flow {
        Flow(
            vendor: "adapty", name: name, documentation: documentation, kind: kind, summary: summary,
            simulatorSetup: setup, facts: facts
        ) { context in
            let session = AdaptyFlowSession(context: context)
            try await steps(session)
            return session.journal.outcome
        }
    }
}
