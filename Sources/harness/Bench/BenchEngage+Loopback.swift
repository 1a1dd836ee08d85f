import ArgumentParser
import CassetteKit
import EngageSDK
import Foundation
import JSONCore
import Logging
import MockServer

extension Harness.Bench.BenchEngage {
    /// Starts the mock server in process on an ephemeral loopback port, stores `count` events in a fresh SDK
    /// pointed at its Engage simulator, and times `postEventCache()` over real HTTP (token request included).
    /// The server logs through `logger` (warnings and up unless `--verbose`), so its start-up and shutdown
    /// lines do not mix with the figures.
    func loopbackFlushTime(count: Int, logger: Logger) async throws -> Measurement {
        var serverLogger = Logger(label: "harness.serve")
        serverLogger.logLevel = logger.logLevel
        let server = try MockServer(
            configuration: MockServerConfiguration(port: 0, maxBodySize: 64 << 20), logger: serverLogger)
        let endpoints = try await server.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-loopback-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            var config = try EngageConfig.defaults()
            config.set(.number(JSONNumber(count + 1)), "ubfEventCacheSize", in: "General")
            let engage = try Engage(
                Engage.Options(
                    credentials: EngageCredentials(
                        clientID: "sim-client-id", clientSecret: "sim-client-secret", refreshToken: "sim-refresh-token"),
                    host: endpoints.baseURL(for: "engage").absoluteString, listID: "23949",
                    transport: UpstreamTransport(timeout: .seconds(60)),
                    storage: .file(folder.appendingPathComponent("events.sqlite")), config: config))
            // Universal Behaviors wait for a mobile user id; the bench's user has one from the start.
            try await engage.identity.setMobileUserID("bench-mobile-user")
            let builder = try await engage.ubf.builder()
            let now = Date()
            try await engage.store.append(
                (0..<count).map { builder.namedEvent("loopback \($0)", at: now, campaign: "Bench") }, status: .notPosted
            )
            var report = UBFPostReport()
            let measured = try await Measurement.of { report = try await engage.ubf.postEventCache() }
            let stored = try await server.simulators.respondToAdmin(
                vendor: "engage", .init(method: "GET", url: "/events"))
            let storedCount = String(decoding: stored.body, as: UTF8.self).contains("\"count\":\(count)")
            guard report.posted.count == count, report.error == nil, storedCount else {
                throw ValidationError(
                    "flushed \(report.posted.count) of \(count) over loopback (simulator stored all: \(storedCount)): "
                        + (report.error.map(String.init(describing:)) ?? ""))
            }
            try await server.stop()
            return measured
        } catch {
            try? await server.stop()
            throw error
        }
    }
}
