import ArgumentParser
import Foundation

extension Harness.Bench {
    /// `harness bench soak`: a long run at many connections against `harness serve` in simulate mode (stateful,
    /// two vendors, reads and writes) and in replay mode, watching errors, memory and file descriptors.
    struct BenchSoak: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "soak",
            abstract: "harness serve under --seconds of load at --connections: errors, req/s, p99, RSS and fd drift.",
            discussion: """
                Starts `harness serve --mode simulate` and loads it with wrk (apt-get install -y wrk) in a cycle of \
                ReferralHero leaderboard reads, ReferralHero sign-ups (200 e-mails, so the state stays bounded) \
                and WalkMe settings reads, each with the simulator's demo credentials; then `harness serve --mode \
                replay` over the mixed workload of `bench serve`. Each runs a 5-second warm-up, then --seconds of \
                load; RSS and open file descriptors (Linux /proc) are read after the warm-up and at the end. Targets: \
                0 errors, RSS at the end within 10% of RSS after the warm-up, no file-descriptor growth.

                With --writes: only simulate mode, on the mixed write workload of `bench serve` (the five vendors' \
                documented calls, 5 writes in every 12 requests, each write a new record), with the state in a \
                SQLite file: a 30-second warm-up, then --seconds of load (600 for the 10-minute soak). Targets: 0 \
                errors, RSS and open files within 10% of their values after the warm-up, one stored row per \
                answered write, and no other table growing.
                """)

        @Option(help: "Seconds of load after the warm-up.")
        var seconds = 60

        @Option(help: "Concurrent connections.")
        var connections = 64

        @Option(help: "The harness binary to start (default: this one).")
        var server: String?

        @Flag(help: "Soak simulate mode on the mixed write workload and count what its stores hold.")
        var writes = false

        func validate() throws {
            try OptionRange.count(seconds, "--seconds", in: 1...86_400)
            try OptionRange.count(connections, "--connections", in: 1...10_000)
        }

        func run() async throws {
            let binary =
                server.map { URL(fileURLWithPath: $0) }
                ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            guard let wrk = BenchProcess.find("wrk") else {
                print("bench soak: wrk is not installed (apt-get install -y wrk); nothing measured")
                return
            }
            let root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "harness-soak-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            if writes {
                print(
                    "bench soak --writes: \(binary.path), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
                        + "wrk -t2 -c\(connections) sharing them")
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                let holds = try await BenchSoakWrites.run(
                    binary: binary, wrk: wrk, seconds: seconds, connections: connections, root: root)
                print(holds ? "  every soak target holds" : "  a soak target was missed")
                return
            }
            let cassettes = root.appendingPathComponent("replay")
            try BenchCassettes.write(interactions: BenchCassettes.mixedCount, into: cassettes)
            let simulateScript = root.appendingPathComponent("simulate.lua")
            try Data(Self.simulateScript.utf8).write(to: simulateScript)
            let replayScript = root.appendingPathComponent("replay.lua")
            try Data(BenchCassettes.wrkScript().utf8).write(to: replayScript)
            print(
                "bench soak: \(binary.path), \(ProcessInfo.processInfo.activeProcessorCount) cores, wrk -t2 "
                    + "-c\(connections) sharing them, 5 s warm-up then \(seconds) s")
            var failed = false
            for (label, arguments, script) in [
                (
                    "simulate (ReferralHero reads and sign-ups, WalkMe settings)", ["--mode", "simulate"],
                    simulateScript
                ),
                (
                    "replay (mixed workload, 50 interactions)", ["--mode", "replay", "--cassettes", cassettes.path],
                    replayScript
                ),
            ] {
                let server = try await BenchServer.start(binary: binary, arguments: arguments)
                defer { server.stop() }
                print("  \(label):")
                let warmUp = BenchLoad(wrk: wrk, seconds: 5)
                _ = try warmUp.run(port: server.port, path: "/", connections: connections, script: script)
                // Readings a second after each load, once the server has closed wrk's connections.
                try await Task.sleep(for: .seconds(1))
                let rssBefore = BenchProcess.residentMegabytes(pid: server.pid)
                let fdsBefore = Self.openFiles(pid: server.pid)
                let load = BenchLoad(wrk: wrk, seconds: seconds)
                guard let result = try load.run(port: server.port, path: "/", connections: connections, script: script)
                else { continue }
                try await Task.sleep(for: .seconds(1))
                let rssAfter = BenchProcess.residentMegabytes(pid: server.pid)
                let fdsAfter = Self.openFiles(pid: server.pid)
                print("    \(result.summary)")
                if let rssBefore, let rssAfter {
                    let drift = (rssAfter - rssBefore) / rssBefore * 100
                    print(
                        "    RSS \(String(format: "%.1f MB", rssBefore)) after warm-up, \(String(format: "%.1f MB", rssAfter)) at the "
                            + "end (\(String(format: "%+.1f", drift))%; target within 10%)")
                    failed = failed || drift > 10
                }
                if let fdsBefore, let fdsAfter {
                    print("    open files: \(fdsBefore) after warm-up, \(fdsAfter) at the end (target: no growth)")
                    failed = failed || fdsAfter > fdsBefore
                }
                failed = failed || result.errors > 0
            }
            print(failed ? "  a soak target was missed" : "  every soak target holds")
        }

        /// The number of open file descriptors of `pid` (Linux /proc), or nil elsewhere.
        static func openFiles(pid: Int32) -> Int? {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
        }

        /// wrk's request cycle for simulate mode: each request carries its vendor's demo credentials.
        static let simulateScript = """
            local leaderboard = wrk.format("GET", "/referralhero/lists/MF83c9616aa3/leaderboard",
              {["Host"] = "127.0.0.1", ["Authorization"] = "rh-sim-token", ["Accept"] = "application/vnd.referralhero.v1"})
            local settings = wrk.format("GET",
              "/walkme/sdk/v1/apps/f3a9c2e47b1d4e0a/settings.json?platform=ios&sdkVer=1.6.0&type=10",
              {["Host"] = "127.0.0.1", ["Authorization"] = "Basic ZjNhOWMyZTQ3YjFkNGUwYTp3bS1kZW1vLXNlY3JldA=="})
            local index = 0
            function request()
              index = index + 1
              local kind = index % 3
              if kind == 0 then return leaderboard end
              if kind == 1 then return settings end
              local body = '{"email":"soak' .. (index % 200) .. '@example.com","domain":"https://example.com"}'
              return wrk.format("POST", "/referralhero/lists/MF83c9616aa3/subscribers",
                {["Host"] = "127.0.0.1", ["Authorization"] = "rh-sim-token",
                 ["Accept"] = "application/vnd.referralhero.v1", ["Content-Type"] = "application/json"}, body)
            end

            """
    }
}
