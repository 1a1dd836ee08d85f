import CassetteKit
import ContractKit
import FlowCatalog
import Foundation
import HTTPTypes
import JSONCore
import MockServer
import OpenAPIRuntime

/// The provider check: the cassette's requests, sent in order to a fresh simulator (after its reset and the
/// flow's `simulatorSetup`) or to a live upstream (`--against URL`), get the recorded responses: status,
/// `Content-Type`, body semantically (JSON-equal, XML canonical-equal, else bytes), volatile fields ignored. The
/// simulator's store is in memory, or the run's PostgreSQL database (``ProviderStateStore``, `--state`).
enum ProviderCheck {
    /// - Parameters:
    ///   - state: the PostgreSQL store the simulator keeps its state in instead of a fresh in-memory one; the
    ///     replay, from the reset on, waits for its vendor's turn there. Not used with `against`.
    ///   - vendorVolatile: the vendor's `x-volatile` fields from `Schemas/` (server clocks, counters).
    static func run(
        _ flow: Flow, cassette: Cassette, file: String, simulators: [any Simulator], against: URL?,
        state: ProviderStateStore? = nil, vendorVolatile: [FieldRule] = []
    ) async throws -> [String] {
        guard against == nil, let state else {
            return try await replay(
                flow, cassette: cassette, file: file, simulators: simulators, against: against, state: nil,
                vendorVolatile: vendorVolatile)
        }
        return try await state.turns.run(flow.vendor) {
            try await replay(
                flow, cassette: cassette, file: file, simulators: simulators, against: nil, state: state,
                vendorVolatile: vendorVolatile)
        }
    }

    private static func replay(
        _ flow: Flow, cassette: Cassette, file: String, simulators: [any Simulator], against: URL?,
        state: ProviderStateStore?, vendorVolatile: [FieldRule]
    ) async throws -> [String] {
        let volatile = flow.volatile + cassette.harness.volatile + vendorVolatile
        let baseURL = ConsumerCheck.recordedBaseURL(of: cassette, vendor: flow.vendor)
        let recordedTime = RecordedTime()
        // Compiled once for the whole cassette; nil when a volatile field does not compile.
        let comparison = try? BodyComparison(volatile: volatile)
        let send: @Sendable (CassetteRequest) async throws -> CassetteResponse
        let target: String
        if let against {
            target = against.absoluteString
            let transport = UpstreamTransport()
            send = { request in
                try await transport.send(request, baseURL: against, operationID: "provider-check")
            }
        } else {
            let mine = simulators.filter { $0.vendor == flow.vendor }
            guard !mine.isEmpty else { throw FlowFailure.noSimulator(vendor: flow.vendor) }
            target = "the \(flow.vendor) simulator"
            let host =
                try state?.host(for: mine, now: { recordedTime.now })
                ?? SimulatorHost(simulators: mine, now: { recordedTime.now })
            try await host.reset(vendor: flow.vendor)
            try await FlowSetup.send(flow, to: host)
            send = { request in try await host.respond(vendor: flow.vendor, to: request) }
        }
        var binding = CredentialBinding(
            credentials: simulators.filter { $0.vendor == flow.vendor }.flatMap(\.testCredentials),
            live: against != nil)
        var failures: [String] = []
        for (index, entry) in cassette.entries.enumerated() {
            guard let request = entry.request.cassetteRequest, let expected = entry.response.cassetteResponse else {
                failures.append("\(file) entry \(index): its request or response body is not valid base64")
                continue
            }
            if let time = RFC3339.date(from: entry.startedDateTime) { recordedTime.set(time) }
            let relative = CassetteRequest(
                method: request.method, url: Self.relative(request.url, to: baseURL), headers: request.headers,
                body: request.body)
            let actual: CassetteResponse
            do {
                actual = try await send(binding.bind(relative))
            } catch {
                failures.append(
                    "\(file) entry \(index) (\(request.method) \(relative.url)): \(target) failed: "
                        + FlowFailure.describe(error))
                break
            }
            binding.learn(recorded: expected, received: actual)
            let differences = ResponseComparison.differences(expected: expected, actual: actual, comparison: comparison)
            if !differences.isEmpty {
                failures.append(
                    "\(file) entry \(index) (\(request.method) \(relative.url)): \(target) answers differently\n"
                        + differences.map { "  \($0)" }.joined(separator: "\n"))
            }
        }
        if !failures.isEmpty {
            failures.append(
                against == nil
                    ? "fix the simulator; if the vendor's API really changed, re-record: swift run harness record "
                        + flow.id
                    : "the live API drifted from the cassette; check the vendor's changelog, then re-record: "
                        + "swift run harness record \(flow.id) --upstream \(target)")
        }
        return failures
    }

    /// `http://simulator.local/engage/XMLAPI?a=1` relative to `http://simulator.local/engage` → `/XMLAPI?a=1`.
    static func relative(_ url: String, to baseURL: URL) -> String {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        if url.hasPrefix(base) {
            let rest = String(url.dropFirst(base.count))
            return rest.hasPrefix("/") ? rest : "/" + rest
        }
        let parts = RequestURL(url)
        return parts.path + (parts.query.map { "?" + $0 } ?? "")
    }
}

/// Compares a recorded response with the one received, the way request matching compares requests.
enum ResponseComparison {
    static func differences(
        expected: CassetteResponse, actual: CassetteResponse, comparison: BodyComparison?
    ) -> [String] {
        var found: [String] = []
        if expected.status != actual.status {
            found.append("status: expected \(expected.status), got \(actual.status)")
        }
        let expectedType = expected.headers["Content-Type"].map(MediaType.essence)
        let actualType = actual.headers["Content-Type"].map(MediaType.essence)
        if expectedType != actualType {
            found.append("header Content-Type: expected \(expectedType ?? "none"), got \(actualType ?? "none")")
        }
        if expected.decodedBody.isEmpty && actual.decodedBody.isEmpty { return found }
        guard let comparison else {
            return found + ["body: the volatile fields do not compile"]
        }
        let differences = comparison.differences(
            expected: expected.decodedBody, expectedType: expected.headers["Content-Type"], actual: actual.decodedBody,
            actualType: actual.headers["Content-Type"])
        return found + differences.map { "\($0.field): expected \($0.expected), got \($0.actual)" }
    }
}

/// The wall time the simulator reads (its `now` closure) during a provider replay: each entry's recorded time. Not
/// a clock: nothing sleeps on it, the replay sets it before each request.
final class RecordedTime: Sendable {
    private let time = Locked(FlowContext.epoch)

    var now: Date { time.withLock { $0 } }

    func set(_ date: Date) { time.withLock { $0 = date } }
}
