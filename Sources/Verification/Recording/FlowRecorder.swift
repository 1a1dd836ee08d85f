public import CassetteKit
public import FlowCatalog
public import Foundation
import JSONCore
import Logging
public import MockServer

/// What recording one flow did.
public struct RecordResult: Sendable, Hashable {
    /// `vendor/name`.
    public var flow: String
    /// The cassette written, relative to the cassettes root (`engage/setup-recipient.har`).
    public var cassette: String
    public var entries: Int
    /// Why nothing was written, when the flow failed.
    public var error: String?
    /// How the cassette written differs from the one it replaced (nil when there was none, or on failure).
    public var changes: CassetteDiff?

    init(flow: String, cassette: String, entries: Int, error: String? = nil, changes: CassetteDiff? = nil) {
        self.flow = flow
        self.cassette = cassette
        self.entries = entries
        self.error = error
        self.changes = changes
    }
}

/// Records flows into `Cassettes/<vendor>/<name>.har`: against the vendor's simulator served on an ephemeral
/// loopback port (real HTTP through MockServer's `UpstreamTransport` wrapped in CassetteKit's `RecordingTransport`), or
/// against a live upstream.
///
/// Recordings are reproducible: the flow sees the fixed base URL ``FlowRecorder/placeholderBaseURL(for:)``
/// (the ephemeral port is never written), a fixed clock and seeded identifiers; entries are stamped with the
/// flow's clock, timings are zeroed and the response `Date` header is dropped. Re-recording an unchanged flow
/// writes a byte-identical file.
public struct FlowRecorder: Sendable {
    public var simulators: [any Simulator]
    public var cassettesRoot: URL
    public var flowTimeout: Duration
    /// Fields the diffs against stored cassettes ignore, per vendor: the `x-volatile` declarations of `Schemas/`
    /// (``ContractKit/VolatileFields``), so a live server's clock is not drift.
    public var volatile: [String: [FieldRule]] = [:]
    /// How many flows are recorded at once (each against a simulator server of its own while it runs, see
    /// `RecordingServers`); results keep the flows' order.
    public var jobs: Int

    public init(simulators: [any Simulator], cassettesRoot: URL, flowTimeout: Duration = .seconds(30), jobs: Int = 1) {
        self.simulators = simulators
        self.cassettesRoot = cassettesRoot
        self.flowTimeout = flowTimeout
        self.jobs = max(1, jobs)
    }

    /// `http://simulator.local/<vendor>`: the base URL flows are recorded and replayed with.
    public static func placeholderBaseURL(for vendor: String) -> URL {
        URL(string: "http://simulator.local/\(vendor)")!
    }

    /// The `_harness` extension member holding the base URL a cassette was recorded with.
    static let baseURLKey = "baseURL"

    /// Records the flows, ``jobs`` at once, and returns their results in the flows' order; a flow that fails is
    /// reported and leaves its old cassette untouched.
    public func record(_ flows: [Flow], upstream: URL? = nil) async -> [RecordResult] {
        await RecordingServers.using(simulators) { servers in
            // A flow's cassette is compared and written while its job records the next flow.
            await FlowJobs.map(
                flows, jobs: jobs,
                start: { flow -> Result<Cassette, any Error> in
                    do {
                        return .success(try await recordedCassette(flow, upstream: upstream, servers: servers))
                    } catch {
                        return .failure(error)
                    }
                },
                finish: { flow, recorded in
                    let cassette = "\(flow.vendor)/\(flow.name).har"
                    do {
                        let (entries, changes) = try await store(try recorded.get(), for: flow)
                        return RecordResult(flow: flow.id, cassette: cassette, entries: entries, changes: changes)
                    } catch {
                        return RecordResult(
                            flow: flow.id, cassette: cassette, entries: 0, error: FlowFailure.describe(error))
                    }
                })
        }
    }

    /// Records one flow and returns how many interactions its cassette holds.
    public func record(_ flow: Flow, upstream: URL? = nil) async throws -> Int {
        try await RecordingServers.using(simulators) { servers in
            try await store(try await recordedCassette(flow, upstream: upstream, servers: servers), for: flow).entries
        }
    }

    /// Writes `cassette`, recorded for `flow`, into its file and returns the entry count and how the cassette
    /// changed (nil when there was none before).
    func store(_ cassette: Cassette, for flow: Flow) async throws -> (entries: Int, changes: CassetteDiff?) {
        // Checked like any stored name: nothing outside the root.
        let file = try CassetteStore(root: cassettesRoot).url(for: flow.id)
        // A stored cassette that no longer reads is simply replaced.
        let changes = (try? Cassette(contentsOf: file)).flatMap { stored in
            try? CassetteDiff(
                old: stored, new: cassette, oldName: file.path, newName: "recorded",
                volatile: volatile[flow.vendor] ?? [])
        }
        // Written and flushed off the cooperative pool: a job waiting on the disk leaves the pool's threads to the
        // other jobs.
        try await DiskWork.run { try cassette.write(to: file) }
        return (cassette.entries.count, changes)
    }

    /// Records one flow in memory and returns its cassette, normalised as it would be stored; the cassettes root
    /// is not touched.
    public func recordedCassette(_ flow: Flow, upstream: URL? = nil) async throws -> Cassette {
        try await RecordingServers.using(simulators) { servers in
            try await recordedCassette(flow, upstream: upstream, servers: servers)
        }
    }

    /// ``recordedCassette(_:upstream:)`` through one of `servers` (unless `upstream` is given).
    func recordedCassette(_ flow: Flow, upstream: URL?, servers: RecordingServers) async throws -> Cassette {
        let clock = FlowClock()
        // Read back below, then saved under the cassettes root: no file is needed meanwhile.
        let store = CassetteStore.inMemory()
        let recorder = try await CassetteRecorder(
            cassette: flow.id, store: store, mode: .all,
            options: ReplayOptions(volatile: flow.volatile, redaction: Self.redaction(for: flow.vendor, simulators)),
            settings: HarnessExtension(flow: flow.id, vendor: flow.vendor, volatile: flow.volatile),
            now: { clock.date })
        let baseURL: URL
        let outcome: JSONValue
        if let upstream {
            baseURL = upstream
            let transport = RecordingTransport(upstream: UpstreamTransport(), recorder: recorder)
            outcome = try await FlowRunner.run(
                flow, transport: transport, baseURL: baseURL, clock: clock, timeout: flowTimeout)
        } else {
            guard simulators.contains(where: { $0.vendor == flow.vendor }) else {
                throw FlowFailure.noSimulator(vendor: flow.vendor)
            }
            let lease = try await servers.take(telling: clock, resetting: flow.vendor)
            // Closed when the flow ends, so that nothing the flow left running reaches the next flow's server.
            let real = RebasingTransport(
                target: lease.endpoints.baseURL(for: flow.vendor), upstream: UpstreamTransport())
            do {
                try await FlowSetup.send(flow, to: lease.server.simulators)
                baseURL = Self.placeholderBaseURL(for: flow.vendor)
                let transport = RecordingTransport(upstream: real, recorder: recorder)
                outcome = try await FlowRunner.run(
                    flow, transport: transport, baseURL: baseURL, clock: clock, timeout: flowTimeout)
            } catch {
                real.close()
                await servers.discard(lease)
                throw error
            }
            real.close()
            servers.giveBack(lease)
        }
        try await recorder.finish()
        let cassette = try await store.load(flow.id) ?? Cassette(flow: flow.id, vendor: flow.vendor)
        return Self.normalised(cassette, flow: flow, outcome: outcome, baseURL: baseURL)
    }

    /// The default redaction, with the vendor simulator's test credentials written as named placeholders
    /// (`<redacted:referralhero.token>`) that the provider check binds back.
    static func redaction(for vendor: String, _ simulators: [any Simulator]) -> RedactionRules {
        let credentials = simulators.filter { $0.vendor == vendor }.flatMap(\.testCredentials)
        return RedactionRules.default.naming(
            Dictionary(credentials.map { ($0.value, $0.placeholderName) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The recorded cassette made reproducible and labelled with the flow.
    static func normalised(_ recorded: Cassette, flow: Flow, outcome: JSONValue, baseURL: URL) -> Cassette {
        var cassette = recorded
        for index in cassette.log.entries.indices {
            cassette.log.entries[index].time = 0
            cassette.log.entries[index].timings = HAR.Timings()
            cassette.log.entries[index].serverIPAddress = nil
            cassette.log.entries[index].connection = nil
            cassette.log.entries[index].response.headers.removeAll { $0.name.lowercased() == "date" }
            var harness = cassette.log.entries[index].harness ?? HarnessExtension()
            harness.order = index
            cassette.log.entries[index].harness = harness
        }
        var harness = cassette.harness
        harness.flow = flow.id
        harness.vendor = flow.vendor
        harness.volatile = flow.volatile
        harness.outcome = outcome
        harness.extensions["documentation"] = .string(flow.documentation)
        harness.extensions["kind"] = .string(flow.kind.rawValue)
        harness.extensions["summary"] = .string(flow.summary)
        harness.extensions[baseURLKey] = .string(baseURL.absoluteString)
        cassette.harness = harness
        return cassette
    }
}

/// Sends a flow's `simulatorSetup` admin requests.
enum FlowSetup {
    static func send(_ flow: Flow, to host: SimulatorHost) async throws {
        for (index, request) in flow.simulatorSetup.enumerated() {
            let response = try await host.respondToAdmin(vendor: flow.vendor, request)
            guard response.status < 400 else {
                throw FlowFailure.setupFailed(
                    flow: flow.id, step: index, request: request.summary, status: response.status,
                    body: String(decoding: response.decodedBody.prefix(300), as: UTF8.self))
            }
        }
    }
}

/// Failures of the engine itself, worded for the report.
public enum FlowFailure: Error, Sendable, CustomStringConvertible {
    case noSimulator(vendor: String)
    case setupFailed(flow: String, step: Int, request: String, status: Int, body: String)

    public var description: String {
        switch self {
        case .noSimulator(let vendor):
            "no simulator is registered for vendor '\(vendor)' (MockServer SimulatorRegistry.all); record against a "
                + "live server with --upstream URL"
        case .setupFailed(let flow, let step, let request, let status, let body):
            "simulator setup step \(step) of \(flow) (\(request)) answered \(status): \(body)"
        }
    }

    /// An error as one readable line or block: flow failures, cassette errors and SDK errors alike.
    static func describe(_ error: any Error) -> String {
        String(describing: error)
    }
}
