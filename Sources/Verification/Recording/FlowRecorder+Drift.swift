public import CassetteKit
public import FlowCatalog
public import Foundation

/// What re-recording one flow in memory showed about its stored cassette.
public struct DriftResult: Sendable, Hashable {
    /// `vendor/name`.
    public var flow: String
    /// The stored cassette, relative to the cassettes root (`engage/setup-recipient.har`).
    public var cassette: String
    /// How the fresh recording differs from the stored cassette (nil when it could not be compared).
    public var diff: CassetteDiff?
    /// Why the flow could not be checked: recording failed, or there is no readable stored cassette.
    public var error: String?

    public init(flow: String, cassette: String, diff: CassetteDiff?, error: String? = nil) {
        self.flow = flow
        self.cassette = cassette
        self.diff = diff
        self.error = error
    }

    /// Whether the flow needs attention: it drifted or could not be checked.
    public var drifted: Bool { error != nil || !(diff?.isEmpty ?? true) }
}

extension FlowRecorder {
    /// Records each flow in memory (against the simulator, or `upstream`), ``jobs`` at once, and compares the
    /// result with its stored cassette, which is left untouched; results keep the flows' order.
    public func check(_ flows: [Flow], upstream: URL? = nil) async -> [DriftResult] {
        await RecordingServers.using(simulators) { servers in
            await FlowJobs.map(flows, jobs: jobs) { flow in await check(flow, upstream: upstream, servers: servers) }
        }
    }

    /// Records `flow` in memory and compares the result with its stored cassette.
    public func check(_ flow: Flow, upstream: URL? = nil) async -> DriftResult {
        await RecordingServers.using(simulators) { servers in await check(flow, upstream: upstream, servers: servers) }
    }

    private func check(_ flow: Flow, upstream: URL?, servers: RecordingServers) async -> DriftResult {
        let name = "\(flow.vendor)/\(flow.name).har"
        let file = flow.cassetteURL(in: cassettesRoot)
        let stored: Cassette
        do {
            stored = try Cassette(contentsOf: file)
        } catch {
            return DriftResult(
                flow: flow.id, cassette: name, diff: nil,
                error: "no stored cassette to compare with (\(error.description)); record it: "
                    + "swift run harness record \(flow.id)")
        }
        do {
            let recorded = try await recordedCassette(flow, upstream: upstream, servers: servers)
            let diff = try CassetteDiff(
                old: stored, new: recorded, oldName: file.path, newName: "recorded",
                volatile: volatile[flow.vendor] ?? [])
            return DriftResult(flow: flow.id, cassette: name, diff: diff)
        } catch {
            return DriftResult(
                flow: flow.id, cassette: name, diff: nil, error: "not recorded: \(FlowFailure.describe(error))")
        }
    }
}
