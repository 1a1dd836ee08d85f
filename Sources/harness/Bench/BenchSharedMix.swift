import Foundation
import MockServer

/// `bench serve --state postgres://…`: the mixed simulate workload of ``BenchSimulateMix`` on one embedded instance
/// (its own SQLite, the read cache as served) against three instances sharing the PostgreSQL store behind nginx
/// (``NginxBalancer``), in the same run, each round measuring both in turn, and the ratio of the two.
enum BenchSharedMix {
    static let instances = 3
    static let connections = 64

    /// What the rounds measured on each side.
    struct Runs {
        var embedded: [BenchLoad.Result] = []
        var shared: [BenchLoad.Result] = []
    }

    /// Runs the comparison `rounds` times, each side on fresh server starts, and prints both figures and their
    /// ratio; `state` is the store's URL (checked by the command), whose simulator state is reset every round.
    static func measure(binary: URL, load: BenchLoad, state: String, rounds: Int, root: URL) async throws {
        guard load.wrk != nil else {
            print("  wrk is not installed (apt-get install -y wrk): no throughput figures")
            return
        }
        guard let nginx = BenchNginx.executable else {
            print("  nginx is not installed (apt-get install -y nginx): no balancer, no shared-store figure")
            return
        }
        print(
            "  simulate, mixed workload: the five vendors' documented calls, \(BenchSimulateMix.writesPerCycle) "
                + "writes in every \(BenchSimulateMix.cycle) requests, wrk -t2 -c\(connections); "
                + "the shared state reset before each round:")
        // One instance started and stopped first: a store it cannot use fails the run at once, with its reason,
        // and the migrations have run before three instances start together.
        let check = try await BenchServer.start(
            binary: binary, arguments: ["--mode", "simulate", "--state", state],
            log: root.appendingPathComponent("check.log"))
        check.stop()
        var runs = Runs()
        for round in 0..<rounds {
            if let result = try await embedded(binary: binary, load: load, root: root) {
                runs.embedded.append(result)
            }
            let folder = root.appendingPathComponent("balancer-\(round)")
            if let result = try await shared(
                binary: binary, nginx: nginx, load: load, state: state, folder: folder, root: root)
            {
                runs.shared.append(result)
            }
        }
        for line in report(runs) { print(line) }
    }

    /// The lines of the figures: each side's median and range, then the ratio shared / embedded.
    static func report(_ runs: Runs) -> [String] {
        var lines: [String] = []
        let embedded = BenchLoad.Result.median(runs.embedded)
        let shared = BenchLoad.Result.median(runs.shared)
        for (label, figure) in [
            ("embedded, 1 instance (its own SQLite, read cache)", embedded),
            ("shared, \(instances) instances behind nginx (PostgreSQL, no read cache)", shared),
        ] {
            guard let (_, summary) = figure else { continue }
            lines.append("    \(label.padding(toLength: 66, withPad: " ", startingAt: 0)) \(summary)")
        }
        guard embedded != nil, shared != nil else { return lines }
        let rate = Figures.median(runs.shared.map(\.requestsPerSecond))
        let reference = Figures.median(runs.embedded.map(\.requestsPerSecond))
        var line = "    shared / embedded: " + String(format: "%.2fx req/s", reference > 0 ? rate / reference : 0)
        let pairs = zip(runs.shared, runs.embedded).map { $0.requestsPerSecond / max($1.requestsPerSecond, 1) }
        if pairs.count > 1 {
            line += String(format: " (round by round %.2fx-%.2fx)", pairs.min() ?? 0, pairs.max() ?? 0)
        }
        let sharedP99 = runs.shared.compactMap(\.p99Milliseconds)
        let embeddedP99 = runs.embedded.compactMap(\.p99Milliseconds)
        if !sharedP99.isEmpty, !embeddedP99.isEmpty {
            let (top, bottom) = (Figures.median(sharedP99), Figures.median(embeddedP99))
            line +=
                String(format: "; p99 %.2fx", bottom > 0 ? top / bottom : 0)
                + " (median p99 \(milliseconds(top)) against \(milliseconds(bottom)))"
        }
        lines.append(line)
        lines.append(
            "    (the read cache is off on a shared store: every read of the \(instances) instances runs its "
                + "simulator on PostgreSQL)")
        return lines
    }

    /// `1,160 ms` from 100 ms up, `4.25 ms` below.
    static func milliseconds(_ value: Double) -> String {
        value >= 100 ? Figures.grouped(value) + " ms" : String(format: "%.2f ms", value)
    }

    /// One embedded `harness serve --mode simulate` (its state in a SQLite file of its own, whatever
    /// `HARNESS_STATE` says), seeded and loaded directly.
    private static func embedded(binary: URL, load: BenchLoad, root: URL) async throws -> BenchLoad.Result? {
        let server = try await BenchServer.start(
            binary: binary, arguments: ["--mode", "simulate"], environment: ["HARNESS_STATE": ""])
        defer { server.stop() }
        let script = root.appendingPathComponent("embedded-mix.lua")
        try Data(try BenchSimulateMix.script(port: server.port).utf8).write(to: script)
        return try load.run(port: server.port, path: "/", connections: connections, script: script)
    }

    /// Three `harness serve --mode simulate --state URL` behind nginx: the shared state reset and seeded through
    /// nginx, then loaded through it. Every process started here is stopped on the way out, errors included.
    private static func shared(
        binary: URL, nginx: URL, load: BenchLoad, state: String, folder: URL, root: URL
    ) async throws -> BenchLoad.Result? {
        var servers: [BenchServer] = []
        defer { for server in servers { server.stop() } }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for number in 0..<instances {
            servers.append(
                try await BenchServer.start(
                    binary: binary, arguments: ["--mode", "simulate", "--state", state],
                    log: folder.appendingPathComponent("instance-\(number).log")))
        }
        let port = try BenchProcess.freePort()
        let balancer = try NginxBalancer(
            listen: try NginxBalancer.Endpoint(port: port),
            instances: try servers.map { server throws(BalancerError) in
                try NginxBalancer.Endpoint(port: server.port)
            }, folder: folder.path)
        let front = try await BenchNginx.start(
            nginx, configuration: balancer.configuration, port: port, folder: folder, ready: "/__harness/health")
        defer { front.stop() }
        let reset = try BenchProcess.request(port: port, method: "POST", path: "/__harness/reset")
        guard (200..<300).contains(reset) else { throw BenchError("POST /__harness/reset answered \(reset)") }
        let script = root.appendingPathComponent("shared-mix.lua")
        try Data(try BenchSimulateMix.script(port: port).utf8).write(to: script)
        return try load.run(port: port, path: "/", connections: connections, script: script)
    }
}
