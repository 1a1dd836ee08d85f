public import Foundation
public import OpenAPIRuntime

/// What a flow runs with. Everything that varies between runs is injected here, so that recording the same flow
/// twice gives the same cassette.
public struct FlowContext: Sendable {
    /// The transport every SDK call of the flow goes through (recording, replaying, or plain).
    public var transport: any ClientTransport
    /// The vendor's base URL, e.g. `http://127.0.0.1:8080/engage` against the simulator; SDKs are configured
    /// with it as their host or server URL.
    public var baseURL: URL
    /// A fixed, advancing clock: starts at ``FlowContext/epoch`` and moves only when the flow advances it.
    public var clock: FlowClock
    /// Deterministic identifiers (UUIDs) for SDKs that generate them.
    public var identifiers: FlowIdentifiers
    /// A fresh folder for the flow's files (SQLite event stores, subscriber-id files), removed afterwards.
    public var workingDirectory: URL

    public init(
        transport: any ClientTransport,
        baseURL: URL,
        clock: FlowClock = FlowClock(),
        identifiers: FlowIdentifiers = FlowIdentifiers(),
        workingDirectory: URL
    ) {
        self.transport = transport
        self.baseURL = baseURL
        self.clock = clock
        self.identifiers = identifiers
        self.workingDirectory = workingDirectory
    }

    /// 2026-01-01T00:00:00Z, where every flow's clock starts.
    public static let epoch = Date(timeIntervalSince1970: 1_767_225_600)
}
