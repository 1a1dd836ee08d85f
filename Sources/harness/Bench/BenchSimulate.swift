import Foundation

/// The simulate-mode figure of `bench serve`: the ReferralHero leaderboard, a read-only call, with its token.
enum BenchSimulate {
    static let campaign = "MF83c9616aa3"
    static let token = "rh-sim-token"
    static let subscribers = 10

    /// Starts `harness serve --mode simulate`, adds subscribers to the default campaign, and loads the leaderboard
    /// at 64 connections; `rounds` times, each on a fresh server, printing the median. Measured twice: as served
    /// (repeated reads come from the read cache until a write) and with `--no-read-cache` (the simulator answers
    /// every read), the figure of a workload whose writes keep ending kept answers.
    static func measure(binary: URL, load: BenchLoad, rounds: Int = 1) async throws {
        let path = "/referralhero/lists/\(campaign)/leaderboard"
        print(
            "  simulate, GET \(path) (ReferralHero leaderboard, \(subscribers) subscribers, with its token), "
                + "wrk -t2 -c64:")
        for (label, arguments, target) in [
            ("as served (read cache)", [], "   (target >= 10,000 req/s, p99 <= 10 ms)"),
            ("--no-read-cache       ", ["--no-read-cache"], ""),
        ] {
            var runs: [BenchLoad.Result] = []
            for _ in 0..<rounds {
                if let result = try await measureOnce(binary: binary, arguments: arguments, load: load) {
                    runs.append(result)
                }
            }
            guard let (_, summary) = BenchLoad.Result.median(runs) else { return }
            print("    \(label) \(summary)\(target)")
        }
    }

    private static func measureOnce(
        binary: URL, arguments: [String], load: BenchLoad
    ) async throws -> BenchLoad.Result? {
        let server = try await BenchServer.start(binary: binary, arguments: ["--mode", "simulate"] + arguments)
        defer { server.stop() }
        let base = "/referralhero/lists/\(campaign)"
        let headers = ["Content-Type": "application/json", "Authorization": "Bearer \(token)"]
        for number in 0..<subscribers {
            let body = """
                {"email":"person\(number)@example.com","name":"Person \(number)","domain":"https://example.com",\
                "timestamp":"1767225600"}
                """
            let status = try BenchProcess.request(
                port: server.port, method: "POST", path: base + "/subscribers", headers: headers, body: body)
            guard status == 200 else { throw BenchError("adding subscriber \(number) answered \(status)") }
        }
        let path = base + "/leaderboard"
        let status = try BenchProcess.request(port: server.port, method: "GET", path: path, headers: headers)
        guard status == 200 else { throw BenchError("GET \(path) answered \(status)") }
        return try load.run(
            port: server.port, path: path, connections: 64, headers: ["Authorization: Bearer \(token)"])
    }
}
