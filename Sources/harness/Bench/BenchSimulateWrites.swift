import Foundation

/// The write rates of `bench serve`'s simulate figures (`harness bench growth` times the same calls in process): the
/// two documented writes a device farm sends most, ReferralHero's Add Subscriber (a new e-mail each time) and
/// Engage's event submission (a new event each time), from one keep-alive connection and from 64, each on a fresh
/// `harness serve --mode simulate` (the read cache as served: writes never use it).
enum BenchSimulateWrites {
    static let connections = [1, 64]

    /// Measures each write at each connection count `rounds` times and prints the medians.
    static func measure(binary: URL, load: BenchLoad, rounds: Int, root: URL) async throws {
        guard load.wrk != nil else { return }
        print(
            "  simulate, write rates (each request adds a record), wrk -t1 -c1 and -t2 -c64 "
                + "(target >= 5,000/s from one connection, >= 15,000/s from 64):")
        for (label, write) in [
            ("ReferralHero Add Subscriber", Write.addSubscriber), ("Engage event submission", .event),
        ] {
            var line = "    \(label):"
            for count in connections {
                var runs: [BenchLoad.Result] = []
                for round in 0..<rounds {
                    let server = try await BenchServer.start(binary: binary, arguments: ["--mode", "simulate"])
                    defer { server.stop() }
                    let script = root.appendingPathComponent("simulate-writes.lua")
                    try Data(try self.script(write, port: server.port, run: round).utf8).write(to: script)
                    if let result = try load.run(port: server.port, path: "/", connections: count, script: script) {
                        runs.append(result)
                    }
                }
                guard let (_, summary) = BenchLoad.Result.median(runs) else { continue }
                line += " \(count) connection\(count == 1 ? "" : "s") \(summary);"
            }
            print(String(line.dropLast()))
        }
    }

    enum Write {
        case addSubscriber
        case event
    }

    /// The wrk script sending `write` again and again, each request with an e-mail or event of its own.
    static func script(_ write: Write, port: Int, run: Int) throws -> String {
        let request: String
        switch write {
        case .addSubscriber:
            request = """
                  local email = "write" .. tid .. "-" .. counter .. "@example.com"
                  return wrk.format("POST", "\(BenchSimulateMix.referralHero)/subscribers",
                    {["Content-Type"] = "application/json",
                     ["Authorization"] = "Bearer \(BenchSimulateMix.referralHeroToken)"},
                    '{"email":"' .. email .. '","domain":"https://example.com","timestamp":"1767225600"}')
                """
        case .event:
            let token = try BenchSimulateMix.engageToken(port: port)
            request = """
                  local device = "device-" .. tid .. "-" .. counter
                  return wrk.format("POST", "/engage/rest/events/submission",
                    {["Content-Type"] = "application/json", ["Authorization"] = "Bearer \(token)"},
                    '{"events":[{"eventTypeCode":12,"eventTimestamp":"2026-01-01T00:00:00.000Z",' ..
                    '"attributes":[{"name":"Device Id","value":"' .. device .. '"}]}]}')
                """
        }
        return """
            \(BenchSimulateMix.threadSetup(run: run))
            function request()
              counter = counter + 1
            \(request)
            end

            """
    }
}
