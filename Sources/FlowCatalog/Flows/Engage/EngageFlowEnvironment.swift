import CassetteKit
import EngageSDK
import Foundation
import JSONCore
import OpenAPIRuntime

/// The flows' outcome type.
typealias Outcome = JSONValue

/// Builds the EngageSDK a flow drives: the context's transport, base URL, clock and identifiers, a fixed device
/// and the simulator's default credentials and list, so that recording a flow twice gives the same requests.
enum EngageFlowEnvironment {
    static let listID = "23949"
    static let auditTableID = "29392"
    static let credentials = EngageCredentials(
        clientID: "sim-client-id", clientSecret: "sim-client-secret", refreshToken: "sim-refresh-token")
    static let device = DeviceInfo(
        deviceName: "iPhone", deviceVersion: "iPhone17,1", osName: "iOS", osVersion: "26.0",
        appName: "Engage Flows", appVersion: "1.0")

    static func engage(
        _ context: FlowContext, credentials: EngageCredentials = credentials, config: EngageConfig? = nil,
        plugins: [UBFAugmentationPlugin] = [], delegate: (any EngageDelegate)? = nil,
        transport: (any ClientTransport)? = nil
    ) throws -> Engage {
        let clock = context.clock
        let identifiers = context.identifiers
        return try Engage(
            .init(
                credentials: credentials, host: context.baseURL.absoluteString, listID: listID,
                transport: transport ?? context.transport,
                storage: .file(context.workingDirectory.appendingPathComponent("engage-events.sqlite")),
                config: config,
                clock: clock, now: { clock.date },
                identifiers: .custom { identifiers.next().uuidString }, device: device,
                augmentationPlugins: plugins, delegate: delegate))
    }

    /// The mobile user id the event flows' app stores before tracking (the README's `EngageConfig storeMobileUserId:`
    /// after identifying its user): Universal Behaviors waits for it.
    static let mobileUserID = "flow-user-0001"

    /// ``engage(_:credentials:config:plugins:delegate:transport:)`` for an app that has identified its user:
    /// ``mobileUserID`` is stored (locally, no request) before the flow tracks anything.
    static func identifiedEngage(
        _ context: FlowContext, config: EngageConfig? = nil, plugins: [UBFAugmentationPlugin] = [],
        delegate: (any EngageDelegate)? = nil, transport: (any ClientTransport)? = nil
    ) async throws -> Engage {
        let engage = try engage(context, config: config, plugins: plugins, delegate: delegate, transport: transport)
        try await engage.identity.setMobileUserID(mobileUserID)
        return engage
    }

    /// The configuration with the audit table on (§6.2 step 4) and merge columns as configured.
    static func auditConfig(mergeColumns: Bool = true) throws -> EngageConfig {
        var config = try EngageConfig.defaults()
        config.set(.bool(true), "mergeHistoryInAuditRecordTable", in: "AuditRecord")
        config.set(.string(auditTableID), "auditRecordListId", in: "AuditRecord")
        config.set(.bool(mergeColumns), "mergeHistoryInMarketingDatabase", in: "Recipient")
        return config
    }

    // MARK: - Simulator setup (admin requests, relative to /__harness/vendors/engage)

    /// Fixes the simulator's clock at the flow epoch, then applies `settings`.
    static func settings(_ settings: [(String, Outcome)] = []) -> CassetteRequest {
        var object = JSONObject([("now", .string("2026-01-01T00:00:00Z"))])
        for (key, value) in settings { object[key] = value }
        return admin("PUT", "/settings", .object(object))
    }

    static func addColumn(_ name: String) -> CassetteRequest {
        admin("POST", "/lists/\(listID)/columns", ["name": .string(name), "type": 0])
    }

    static func addRecipient(_ columns: [(String, String)]) -> CassetteRequest {
        admin(
            "POST", "/lists/\(listID)/recipients",
            ["columns": .object(JSONObject(columns.map { ($0.0, Outcome.string($0.1)) }))])
    }

    static func admin(_ method: String, _ path: String, _ body: Outcome) -> CassetteRequest {
        CassetteRequest(
            method: method, url: path, headers: ["Content-Type": "application/json"], body: body.data([.sortedKeys]))
    }

    // MARK: - Outcomes

    static func outcome(_ result: XMLAPIResult) -> Outcome {
        var object = JSONObject([("success", .bool(result.isSuccess))])
        if let id = result.recipientID { object["recipientId"] = .string(id) }
        if let errorID = result.errorID { object["errorId"] = .number(JSONNumber(errorID)) }
        if let fault = result.faultString, !result.isSuccess { object["faultString"] = .string(fault) }
        if !result.columns.isEmpty {
            object["columns"] = .object(JSONObject(result.columns.map { ($0.name, Outcome.string($0.value)) }))
        }
        if !result.failures.isEmpty {
            object["failures"] = .array(result.failures.map { .string("\($0.failureType): \($0.details)") })
        }
        return .object(object)
    }

    static func outcome(_ error: any Error) -> Outcome {
        ["error": .string(String(describing: error))]
    }

    static func outcome(_ result: CheckIdentityResult) -> Outcome {
        [
            "recipientId": .string(result.recipientID),
            "mergedRecipientId": result.mergedRecipientID.map(Outcome.string) ?? .null,
            "mobileUserId": .string(result.mobileUserID),
        ]
    }

    static func outcome(_ report: UBFPostReport) -> Outcome {
        [
            "requests": .number(JSONNumber(report.requests)), "posted": .array(report.posted.map(Outcome.string)),
            "willRetry": .array(report.willRetry.map(Outcome.string)),
            "failed": .array(report.failed.map(Outcome.string)),
            "error": report.error.map { .string(String(describing: $0)) } ?? .null,
        ]
    }

    /// Every stored event: its type code and status, in the order stored.
    static func storedEvents(_ engage: Engage) async throws -> Outcome {
        .array(
            try await engage.store.events().map {
                [
                    "eventTypeCode": .number(JSONNumber($0.eventTypeCode)), "status": .string($0.status.description),
                    "failures": .number(JSONNumber($0.failureCount)),
                ]
            })
    }

    /// The delegate notifications an app sees, in short form (`stored HOLD`, `augmented EXPIRED`, `posted 2`).
    static func notifications(_ recorder: EngageNotificationRecorder) async -> Outcome {
        .array(
            await recorder.notifications.compactMap { notification -> Outcome? in
                switch notification {
                case .eventStored(_, let status): .string("stored \(status)")
                case .eventAugmented(_, let status): .string("augmented \(status)")
                case .eventsPosted(let ids): .string("posted \(ids.count)")
                case .eventsPostFailed(let ids, _): .string("post failed \(ids.count)")
                case .currentCampaignChanged(let name, let expiresAt):
                    .string("campaign \(name) until \(expiresAt.formatted(.iso8601))")
                case .tokenRefreshed, .tokenRequestFailed, .mobileUserIDSet, .recipientIDSet, .sessionStarted,
                    .sessionEnded:
                    nil
                }
            })
    }

    /// Runs `body`, turning a thrown error into the outcome the app sees.
    static func capturing(_ body: () async throws -> Outcome) async -> Outcome {
        do { return try await body() } catch { return outcome(error) }
    }
}
