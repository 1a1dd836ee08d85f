public import Foundation
import JSONCore
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
    /// The flow's folder for its files (SQLite event stores, subscriber-id files).
    public let folder: FlowFolder

    /// The flow's folder, made on first use: a flow that keeps no files costs no file-system call.
    public var workingDirectory: URL { folder.made() }

    /// A context whose working directory is `workingDirectory`, a folder the caller made and removes.
    public init(
        transport: any ClientTransport,
        baseURL: URL,
        clock: FlowClock = FlowClock(),
        identifiers: FlowIdentifiers = FlowIdentifiers(),
        workingDirectory: URL
    ) {
        self.init(
            transport: transport, baseURL: baseURL, clock: clock, identifiers: identifiers,
            folder: FlowFolder(existing: workingDirectory))
    }

    /// A context whose working directory is `folder`, made when the flow first asks for it.
    public init(
        transport: any ClientTransport,
        baseURL: URL,
        clock: FlowClock = FlowClock(),
        identifiers: FlowIdentifiers = FlowIdentifiers(),
        folder: FlowFolder
    ) {
        self.transport = transport
        self.baseURL = baseURL
        self.clock = clock
        self.identifiers = identifiers
        self.folder = folder
    }

    /// 2026-01-01T00:00:00Z, where every flow's clock starts.
    public static let epoch = Date(timeIntervalSince1970: 1_767_225_600)
}

/// A flow's working directory, made the first time the flow asks for it. Most flows keep no files; making and
/// removing a folder for each of them cost a `mkdir` and a removal per flow, both under the temporary folder's
/// lock, which parallel checks then queued on.
public final class FlowFolder: Sendable {
    /// Where the folder is (or will be).
    public let url: URL
    private let state: Locked<State>

    private enum State {
        case notMade, madeHere, given
    }

    /// A folder at `url`, made on first use and removed by ``removeIfMade()``.
    public init(url: URL) {
        self.url = url
        state = Locked(.notMade)
    }

    /// A folder the caller has made already and removes itself.
    public init(existing url: URL) {
        self.url = url
        state = Locked(.given)
    }

    /// A folder under the temporary directory, named `<prefix><UUID>`, made on first use.
    public static func temporary(prefix: String) -> FlowFolder {
        FlowFolder(
            url: FileManager.default.temporaryDirectory.appendingPathComponent(
                "\(prefix)\(UUID().uuidString)", isDirectory: true))
    }

    /// Whether the folder exists: made here, or given made.
    public var exists: Bool { state.withLock { $0 != .notMade } }

    /// The folder's URL, made first if it is not yet. A folder that cannot be made is not reported here: the
    /// flow's first file in it then fails with an error naming its path. The next call tries again.
    public func made() -> URL {
        state.withLock { state in
            if state == .notMade,
                (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)) != nil
            {
                state = .madeHere
            }
        }
        return url
    }

    /// Removes the folder with everything in it if ``made()`` made it; a folder given made is left to its
    /// owner, and one never asked for costs nothing.
    public func removeIfMade() {
        state.withLock { state in
            guard state == .madeHere else { return }
            try? FileManager.default.removeItem(at: url)
            state = .notMade
        }
    }
}
