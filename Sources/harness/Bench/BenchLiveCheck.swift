import Foundation

/// The live contract check's figure of `bench serve`: replay hits on one URL of a vendor with a contract, with the
/// check on and with `--no-live-check`, alternating server starts in one run so a busy spell falls on both.
enum BenchLiveCheck {
    /// A contract for the bench vendor, so each replayed exchange is checked (operation, status, JSON Schema).
    static let contract = """
        openapi: 3.1.0
        info:
          title: bench
          version: 1.0.0
        servers:
          - url: http://simulator.local/bench
        paths:
          /items/{id}:
            get:
              parameters:
                - name: id
                  in: path
                  required: true
                  schema:
                    type: string
              responses:
                '200':
                  description: an item
                  content:
                    application/json:
                      schema:
                        type: object

        """

    /// Writes the bench contract under `root`, then measures replay of ``BenchCassettes/target`` with the check on
    /// and off, `rounds` times each, printing both medians and the cost.
    static func measure(binary: URL, load: BenchLoad, cassettes: URL, root: URL, rounds: Int) async throws {
        let schemas = root.appendingPathComponent("schemas")
        let folder = schemas.appendingPathComponent("bench")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(contract.utf8).write(to: folder.appendingPathComponent("bench.openapi.yaml"))
        print("  live contract check, replay GET \(BenchCassettes.target) (bench contract), wrk -t2 -c32:")
        let base = ["--mode", "replay", "--cassettes", cassettes.path, "--schemas", schemas.path]
        var on: [BenchLoad.Result] = []
        var off: [BenchLoad.Result] = []
        for _ in 0..<rounds {
            for (arguments, into) in [(base, 0), (base + ["--no-live-check"], 1)] {
                let server = try await BenchServer.start(binary: binary, arguments: arguments)
                defer { server.stop() }
                guard let result = try load.run(port: server.port, path: BenchCassettes.target) else { continue }
                if into == 0 { on.append(result) } else { off.append(result) }
            }
        }
        guard let (checked, onSummary) = BenchLoad.Result.median(on),
            let (unchecked, offSummary) = BenchLoad.Result.median(off)
        else { return }
        print("    check on  (default):    \(onSummary)")
        print("    check off (--no-live-check): \(offSummary)")
        print(
            "    on vs off: \(Harness.Bench.BenchServe.slower([unchecked.requestsPerSecond, checked.requestsPerSecond]))"
                + " (target <= 15% slower)")
    }
}
