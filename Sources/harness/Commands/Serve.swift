import ArgumentParser
import ContractKit
import Foundation
import Logging
import MockServer

extension Harness {
    /// `harness serve`: the mock server for offline development, replay and recording.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve vendor simulators, cassette replay or a recording proxy on one loopback port.",
            discussion: """
                Vendors share the port under path prefixes (/engage, /referralhero, …); --vendor NAME serves one \
                vendor at the root. The admin API lives under /__harness/. Faults: the X-Harness-Fault header \
                (e.g. latency=200ms,status=503) or admin rules. Stop with Ctrl-C: requests in flight finish and \
                recordings are flushed.
                """)

        @OptionGroup var global: GlobalOptions

        @Option(help: "The address to listen on; anything but loopback needs --admin-token for the admin API.")
        var host = "127.0.0.1"

        @Option(help: "The port (0 picks a free one).")
        var port = 8080

        @Option(help: "simulate, replay, record or spy.")
        var mode = "simulate"

        @Option(help: "The cassette folder, holding <vendor>/<flow>.har.")
        var cassettes = "Cassettes"

        @Option(
            help: "The cassette to record into (<vendor>/<flow>), unless a request names one in X-Harness-Cassette.")
        var cassette: String?

        @Option(help: "The real vendor origin to proxy to in record and spy modes (https://api.example.com).")
        var upstream: String?

        @Option(
            help: ArgumentHelp(
                "Where the simulators keep their state: a SQLite file, or postgres://user:password@host:port/database "
                    + "to share it with every instance started on that database (default: $HARNESS_STATE, else in "
                    + "memory)."))
        var state: String?

        @Option(help: "Serve only this vendor, at the root.")
        var vendor: String?

        @Option(
            help: ArgumentHelp(
                "The bearer token the admin API requires (needed when --host is not loopback); off loopback the "
                    + "record proxy requires it too, in X-Harness-Token."))
        var adminToken: String?

        @Option(help: "Log format on standard error: text or json.")
        var logFormat: LogFormat = .text

        @Option(help: "Refuse request bodies above this many bytes with 413.")
        var maxBodySize = 10 * 1024 * 1024

        @Option(help: "The status of a replay miss.")
        var missStatus = 404

        @Flag(help: "Log and skip cassettes that cannot be read instead of refusing to start (exit 2).")
        var skipBrokenCassettes = false

        @Flag(
            help: ArgumentHelp(
                "Run the simulator for every read call, instead of giving a GET the answer it computed before while "
                    + "no write and no new second has changed it."))
        var noReadCache = false

        @Option(help: "How many requests the journal (GET /__harness/journal) keeps; older ones are dropped.")
        var journalSize = RequestJournal.defaultCapacity

        @Option(help: "How many bytes of headers and bodies the journal keeps; older entries are dropped.")
        var journalBytes = RequestJournal.defaultByteCapacity

        @Option(help: "The Schemas folder the live contract check reads.")
        var schemas = "Schemas"

        @Flag(help: "Turn the live contract check off (no verdicts, no X-Harness-Contract header).")
        var noLiveCheck = false

        @Flag(
            help: ArgumentHelp(
                "Answer a request that breaks its vendor's contract with a 422 harness error naming each violation "
                    + "instead of the simulator's (or the cassette's, or the upstream's) answer."))
        var strictContract = false

        func validate() throws {
            try OptionRange.count(journalBytes, "--journal-bytes", in: 0...(1 << 40))
            if strictContract, noLiveCheck {
                throw ValidationError("--strict-contract needs the live check; drop --no-live-check")
            }
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
            try OptionRange.count(maxBodySize, "--max-body-size", in: 1...(1 << 30))
            try OptionRange.count(journalSize, "--journal-size", in: 1...10_000_000)
            guard (100...599).contains(missStatus) else { throw ValidationError("--miss-status must be 100...599") }
            guard ServerMode(rawValue: mode) != nil else {
                throw ValidationError(
                    "--mode must be one of \(ServerMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }

        func run() async throws {
            let logger = global.bootstrap(format: logFormat, quietLevel: .notice)
            var configuration = MockServerConfiguration(
                host: host, port: port, mode: ServerMode(rawValue: mode) ?? .simulate,
                cassettesDirectory: URL(fileURLWithPath: cassettes, isDirectory: true),
                cassette: cassette, statePath: stateLocation, vendor: vendor, adminToken: adminToken,
                maxBodySize: maxBodySize,
                missStatus: missStatus)
            // Simulate mode answers reads concurrently; a replay server keeps the quicker in-memory store to start.
            configuration.concurrentReads = configuration.mode == .simulate
            configuration.cachesSimulatorReads = configuration.mode == .simulate && !noReadCache
            configuration.journalCapacity = journalSize
            configuration.refusesBrokenCassettes = !skipBrokenCassettes
            configuration.journalByteCapacity = journalBytes
            configuration.strictContract = strictContract
            if !noLiveCheck {
                configuration.contractCheck = try Self.liveCheck(
                    schemas: schemas, explicit: schemas != "Schemas", logger: logger)
            }
            if let upstream {
                guard let url = URL(string: upstream) else {
                    throw ValidationError("--upstream \(upstream) is not a URL")
                }
                configuration.upstream = url
            }
            let settings = configuration
            let server = try await MockServer.open(configuration: configuration, logger: logger)
            try await server.run { endpoints in
                Self.announce(endpoints, configuration: settings, mode: server.mode)
            }
        }

        /// `--state`, else `HARNESS_STATE`; nil (state in memory) when neither is set.
        var stateLocation: String? {
            if let state { return state }
            guard let variable = ProcessInfo.processInfo.environment["HARNESS_STATE"], !variable.isEmpty else {
                return nil
            }
            return variable
        }

        /// The live contract check against `schemas`; nil (with a notice) when the default folder is absent, an
        /// error when a named one cannot be read.
        static func liveCheck(schemas: String, explicit: Bool, logger: Logger) throws -> ContractCheck? {
            let folder = URL(fileURLWithPath: schemas, isDirectory: true)
            guard explicit || FileManager.default.fileExists(atPath: folder.path) else {
                logger.notice("live contract check off: no Schemas/ folder here (pass --schemas DIR)")
                return nil
            }
            do {
                return ContractCheck(registry: try SchemaRegistry(folder: folder))
            } catch {
                throw ValidationError("--schemas \(schemas): \(error) (or pass --no-live-check)")
            }
        }

        /// Prints where each vendor and the admin API answer.
        static func announce(_ endpoints: MockServerEndpoints, configuration: MockServerConfiguration, mode: ServerMode)
        {
            var lines = ["harness serve: \(mode) mode on \(endpoints.origin.absoluteString)"]
            if endpoints.vendors.isEmpty {
                lines.append("  no vendor yet: no simulator is registered and no cassette is loaded")
            }
            let width = max(endpoints.vendors.map(\.count).max() ?? 0, 5) + 2
            for vendor in endpoints.vendors {
                lines.append(
                    "  " + vendor.padding(toLength: width, withPad: " ", startingAt: 0)
                        + endpoints.baseURL(for: vendor).absoluteString)
            }
            if configuration.adminEnabled {
                lines.append(
                    "  " + "admin".padding(toLength: width, withPad: " ", startingAt: 0)
                        + endpoints.adminURL.absoluteString)
            } else {
                lines.append(
                    "  admin API off: \(configuration.host) is not loopback; pass --admin-token T to enable it")
            }
            FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
    }
}
