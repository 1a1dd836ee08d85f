import FlowCatalog
import Foundation
import JSONCore
import Logging
import MockServer

/// The simulator servers of one recording, kept started from flow to flow: a flow takes an idle one (or a new one
/// when every server is busy, so there are at most as many as flows recorded at once), resets it, records through
/// it and gives it back.
///
/// Starting a server for each flow bound a new ephemeral port each time. Every flow's connections then left
/// sockets in `TIME_WAIT`, and with thousands of them the kernel's search for a free port took a quarter of
/// `harness bench verify`'s record time, under a lock that parallel flows queued on.
///
/// A flow sees the same server state it saw on a fresh server: its vendor's simulator is reset before each flow (as
/// it was on a fresh server), and the server's clock is the flow's own (``ServerTime``). A server a flow failed or
/// timed out on is stopped, never given to another flow, since a flow that hangs may still send requests.
final class RecordingServers: Sendable {
    /// A server lent to one flow.
    struct Lease: Sendable {
        let server: MockServer
        let endpoints: MockServerEndpoints
        let time: ServerTime
    }

    private let simulators: [any Simulator]
    private let idle = Locked<[Lease]>([])
    private let running = Locked<[ObjectIdentifier: MockServer]>([:])

    init(simulators: [any Simulator]) {
        self.simulators = simulators
    }

    /// `body`'s value, with servers for `simulators` that are all stopped once `body` returns or throws. SQLite is
    /// prepared first (``SQLiteProcess``), before any flow opens it.
    static func using<Value>(
        _ simulators: [any Simulator], _ body: (RecordingServers) async throws -> Value
    ) async rethrows -> Value {
        SQLiteProcess.prepare()
        let servers = RecordingServers(simulators: simulators)
        do {
            let value = try await body(servers)
            await servers.stopAll()
            return value
        } catch {
            await servers.stopAll()
            throw error
        }
    }

    /// An idle server (else a new one on an ephemeral port) telling `clock`'s time, with `vendor`'s simulator reset.
    /// A flow only talks to its own vendor, so the other simulators are as a fresh server has them.
    func take(telling clock: FlowClock, resetting vendor: String) async throws -> Lease {
        let lease: Lease
        if let idle = idle.withLock({ $0.popLast() }) {
            lease = idle
        } else {
            let time = ServerTime()
            var logger = Logger(label: "harness.record")
            logger.logLevel = .warning
            let server = try MockServer(
                configuration: MockServerConfiguration(port: 0), simulators: simulators, logger: logger,
                now: { time.date })
            running.withLock { $0[ObjectIdentifier(server)] = server }
            let endpoints = try await server.start()
            lease = Lease(server: server, endpoints: endpoints, time: time)
        }
        lease.time.tell(clock)
        do {
            try await lease.server.reset(vendor: vendor)
        } catch {
            await discard(lease)
            throw error
        }
        return lease
    }

    /// Gives back the server of a flow that finished.
    func giveBack(_ lease: Lease) {
        lease.time.tell(nil)
        idle.withLock { $0.append(lease) }
    }

    /// Stops the server of a flow that failed or timed out.
    func discard(_ lease: Lease) async {
        running.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(lease.server)) }
        try? await lease.server.stop()
    }

    /// Stops every server; the recording is over.
    func stopAll() async {
        let servers = running.withLock { running in
            defer { running = [:] }
            return Array(running.values)
        }
        idle.withLock { $0 = [] }
        for server in servers { try? await server.stop() }
    }
}

/// The time a lent server's journal and simulators see: the clock of the flow it is lent to, else the flows' epoch.
final class ServerTime: Sendable {
    private let clock = Locked<FlowClock?>(nil)

    func tell(_ clock: FlowClock?) {
        self.clock.withLock { $0 = clock }
    }

    var date: Date { clock.withLock { $0?.date } ?? FlowContext.epoch }
}
