import ArgumentParser
import Foundation
import MockServer

extension Harness.Bench {
    /// `harness bench serve`: start-up time, memory, replay throughput on one URL and on a mixed workload against
    /// nginx serving the same bytes, and simulate-mode read throughput.
    struct BenchServe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract:
                "harness serve: start-up ms and RSS with 50 and 10,000 interactions, replay req/s and p99 (one URL, "
                + "and a mixed workload against nginx), simulate-mode read req/s.",
            discussion: """
                Generates the cassettes into a temporary folder and starts `harness serve --mode replay` on each \
                set once to write the derived index beside the cassettes, then once per round, timing those \
                from process start to the first 200 from /__harness/health and to the first replayed answer, and \
                reading the server's RSS. With wrk installed (apt-get install -y wrk) it measures, for \
                --seconds each: one URL (wrk -t2 -c32); the mixed workload (50 distinct interactions, every third \
                a POST whose JSON body only matches semantically, requested in a cycle) on both sets and, with \
                nginx installed (apt-get install -y nginx), nginx serving the same response bytes from files in \
                the same run, right after each 50-interaction replay run so a busy spell falls on both, and their \
                ratio; and simulate mode: the ReferralHero leaderboard with its token \
                (a read-only call) at 64 connections, as served (repeated reads from the read cache) and with \
                --no-read-cache (the simulator answering every read), then the five vendors' documented calls \
                in a cycle of twelve with five writes, each write adding a record (both ways again), and the write \
                rates of ReferralHero's Add Subscriber and Engage's event submission alone, each request a new \
                subscriber or event, from one keep-alive connection and from 64. With \
                --rounds N each figure is the median of \
                N runs, each round serving both sets in turn. \
                Replay start-up: one cassette of --interactions (about 2 KB each), timed from spawning the \
                server to the first 200 answering a recorded request, then 8 s of wrk right after over every \
                interaction of it (p99), and the RSS (--startup-only measures just this). \
                Without wrk it prints the commands instead.
                With --state postgres://user@host:port/database it measures only the simulate mix, each round \
                twice in turn: one embedded instance (harness serve --mode simulate, its own SQLite, the read \
                cache as served), then three instances of harness serve --mode simulate --state URL behind nginx \
                (the configuration of harness balancer-config), seeded and loaded through nginx at 64 connections; \
                it prints req/s and p99 of both (medians over --rounds) and the ratio shared / embedded. The read \
                cache is off on a shared store. The database's simulator state is reset (POST /__harness/reset) \
                before each round, for every instance using it: name a database of its own.
                """)

        @Option(help: "Seconds of wrk load per figure.")
        var seconds = 10

        @Option(help: "Interactions in the large set.")
        var interactions = 10_000

        @Option(
            help: """
                Times each figure is measured, each replay and simulate round on a fresh server start; the median \
                (the upper middle of an even count) is printed, with the range. Figures move between server starts; \
                an odd count of 3 or more makes the ratios steadier.
                """)
        var rounds = 1

        @Option(help: "The harness binary to start (default: this one), to measure another build in the same run.")
        var server: String?

        @Flag(help: "Measure only the replay start-up figure (one cassette of --interactions).")
        var startupOnly = false

        @Flag(
            help: """
                Only the simulate-mode figures (the leaderboard, and the five vendors' calls with writes), without \
                the replay and nginx ones.
                """)
        var simulateOnly = false

        @Option(
            help: """
                A PostgreSQL store (postgres://user@host:port/database): measure the simulate mix on one embedded \
                instance against three sharing this store behind nginx. Its simulator state is reset every round.
                """)
        var state: String?

        func validate() throws {
            try OptionRange.count(seconds, "--seconds", in: 1...3600)
            try OptionRange.count(interactions, "--interactions", in: BenchCassettes.mixedCount...10_000_000)
            try OptionRange.count(rounds, "--rounds", in: 1...100)
            if let state {
                // A SQLite file or another scheme is refused here too, naming the option without the password.
                do throws(MockServerError) {
                    try PostgresStateStore.check(url: state)
                    guard PostgresStateStore.isBuiltIn else {
                        throw MockServerError.stateStoreNotBuilt(location: PostgresStateStore.location(of: state))
                    }
                } catch {
                    throw ValidationError(error.description)
                }
                if startupOnly { throw ValidationError("--state measures the simulate mix; drop --startup-only") }
            }
        }

        func run() async throws {
            let binary =
                server.map { URL(fileURLWithPath: $0) }
                ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            let root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "harness-bench-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            if startupOnly {
                print("bench serve: \(binary.path), \(ProcessInfo.processInfo.activeProcessorCount) cores")
                return try await BenchStartup.measure(
                    binary: binary, wrk: BenchProcess.find("wrk"), interactions: interactions, rounds: rounds,
                    root: root)
            }
            let load = BenchLoad(wrk: BenchProcess.find("wrk"), seconds: seconds)
            if let state {
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                print(
                    "bench serve: \(binary.path), \(ProcessInfo.processInfo.activeProcessorCount) cores, simulate mix, "
                        + "one embedded instance against \(BenchSharedMix.instances) on "
                        + "\(PostgresStateStore.location(of: state)) behind nginx")
                return try await BenchSharedMix.measure(
                    binary: binary, load: load, state: state, rounds: rounds, root: root)
            }
            if simulateOnly {
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                print(
                    "bench serve: \(binary.path), \(ProcessInfo.processInfo.activeProcessorCount) cores, simulate only")
                return try await measureSimulate(binary: binary, load: load, root: root)
            }
            let small = root.appendingPathComponent("small")
            let large = root.appendingPathComponent("large")
            try BenchCassettes.write(interactions: BenchCassettes.mixedCount, into: small)
            try BenchCassettes.write(interactions: interactions, into: large)
            let script = root.appendingPathComponent("mixed.lua")
            try Data(BenchCassettes.wrkScript().utf8).write(to: script)
            print(
                "bench serve: \(binary.path), \(ProcessInfo.processInfo.activeProcessorCount) cores, wrk sharing them")

            // nginx serves the mixed workload right after each 50-interaction replay run (see the rounds below).
            let nginx = try await startNginx(load: load, root: root)
            defer { nginx?.stop() }
            var nginxRuns: [BenchLoad.Result] = []
            var pairs: [(replay: Double, nginx: Double)] = []

            print("  replay, one URL (GET \(BenchCassettes.target), 1 KB JSON), wrk -t2 -c32:")
            let sets = [("50", small), (Figures.grouped(Double(interactions)), large)]
            // The first start over new cassettes also writes the derived index; later starts read it.
            var cold: [Double] = []
            for (_, folder) in sets {
                let server = try await BenchServer.start(binary: binary, cassettes: folder)
                server.stop()
                cold.append(server.readyMilliseconds)
            }
            // Each round serves both sets in turn (and nginx after the first), so a busy spell of the shared machine
            // falls on every side of the comparisons.
            var measured = Array(repeating: SetRuns(), count: sets.count)
            for _ in 0..<rounds {
                for (index, (_, folder)) in sets.enumerated() {
                    let server = try await BenchServer.start(binary: binary, cassettes: folder)
                    defer { server.stop() }
                    measured[index].ready.append(server.readyMilliseconds)
                    measured[index].answered.append(
                        server.readyMilliseconds + (try BenchServer.firstReplay(port: server.port)))
                    if let result = try load.run(port: server.port, path: BenchCassettes.target) {
                        measured[index].single.append(result)
                    }
                    measured[index].resident.append(BenchProcess.residentMegabytes(pid: server.pid) ?? 0)
                    if let result = try load.run(port: server.port, path: "/", script: script) {
                        measured[index].mixed.append(result)
                        if index == 0, let nginx,
                            let reference = try load.run(port: nginx.port, path: "/", script: script)
                        {
                            nginxRuns.append(reference)
                            pairs.append((result.requestsPerSecond, reference.requestsPerSecond))
                        }
                    }
                }
            }
            var single: [Double] = []
            var mixed: [Double] = []
            var mixedLines: [String] = []
            for ((label, _), (runs, coldStart)) in zip(sets, zip(measured, cold)) {
                var line =
                    "    \(label) interactions: ready in \(Figures.grouped(Figures.median(runs.ready))) ms "
                    + "(first replayed answer \(Figures.grouped(Figures.median(runs.answered))) ms; target <= 100; "
                    + "first start over new cassettes \(Figures.grouped(coldStart)) ms)"
                if let (result, summary) = BenchLoad.Result.median(runs.single) {
                    single.append(result.requestsPerSecond)
                    line += ", \(summary)"
                }
                line += ", RSS \(Figures.grouped(Figures.median(runs.resident))) MB"
                print(line)
                if let (result, summary) = BenchLoad.Result.median(runs.mixed) {
                    mixed.append(result.requestsPerSecond)
                    mixedLines.append("    replay, \(label) interactions: \(summary)")
                }
            }
            if single.count == 2 { print("    \(interactions) vs 50: \(Self.slower(single)) (target <= 10%)") }

            print(
                "  mixed workload: \(BenchCassettes.mixedCount) interactions in a cycle, every third a POST whose "
                    + "JSON body matches only semantically, wrk -t2 -c32:")
            for line in mixedLines { print(line) }
            if mixed.count == 2 { print("    \(interactions) vs 50: \(Self.slower(mixed)) (target <= 10%)") }
            if let (_, summary) = BenchLoad.Result.median(nginxRuns), let replay = mixed.first {
                print("    nginx, the same bytes from files: \(summary)")
                let reference = Figures.median(nginxRuns.map(\.requestsPerSecond))
                let each = pairs.map { $0.replay / $0.nginx }
                let range =
                    each.count > 1
                    ? String(format: "; round by round %.2fx-%.2fx", each.min() ?? 0, each.max() ?? 0) : ""
                print(
                    "    replay / nginx: \(String(format: "%.2f", replay / reference))x\(range) "
                        + "(target >= 0.8x, p99 <= 5 ms)")
            }
            try await BenchStartup.measure(
                binary: binary, wrk: load.wrk, interactions: interactions, rounds: rounds, root: root)
            try await BenchLiveCheck.measure(binary: binary, load: load, cassettes: small, root: root, rounds: rounds)
            try await measureSimulate(binary: binary, load: load, root: root)
        }

        /// The simulate-mode figures: the leaderboard alone, then the five vendors' calls with writes.
        private func measureSimulate(binary: URL, load: BenchLoad, root: URL) async throws {
            try await BenchSimulate.measure(binary: binary, load: load, rounds: rounds)
            try await BenchSimulateMix.measure(binary: binary, load: load, rounds: rounds, root: root)
            try await BenchSimulateWrites.measure(binary: binary, load: load, rounds: rounds, root: root)
            if load.wrk == nil { print("  wrk is not installed (apt-get install -y wrk): no throughput figures") }
        }

        /// What the rounds measured for one set of cassettes.
        struct SetRuns {
            var ready: [Double] = []
            var answered: [Double] = []
            var resident: [Double] = []
            var single: [BenchLoad.Result] = []
            var mixed: [BenchLoad.Result] = []
        }

        /// nginx serving the mixed workload's bytes from files, or nil (and a line saying why) when nginx or wrk is
        /// missing.
        private func startNginx(load: BenchLoad, root: URL) async throws -> BenchNginx? {
            guard load.wrk != nil else { return nil }
            guard let nginx = BenchNginx.executable else {
                print("    nginx: not installed (apt-get install -y nginx), no reference figure")
                return nil
            }
            let files = root.appendingPathComponent("static")
            let folder = root.appendingPathComponent("nginx")
            try BenchCassettes.writeStatic(into: files)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return try await BenchNginx.start(nginx, root: files, folder: folder)
        }

        /// How much slower the second rate is than the first, or how much faster ("3.4% faster").
        static func slower(_ rates: [Double]) -> String {
            let slower = (1 - rates[1] / rates[0]) * 100
            return String(format: slower < 0 ? "%.1f%% faster" : "%.1f%% slower", abs(slower))
        }
    }
}
