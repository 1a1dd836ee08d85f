import Foundation
import HarnessTesting
import JSONCore
import MockServer
import Testing

@testable import harness

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A team's mock as the README sets it up: `harness serve` instances (real processes on real ports, simulate mode)
/// behind nginx configured by `harness balancer-config`, their state in one PostgreSQL database or, for the
/// comparison, each in its own SQLite store.
final class TeamCluster: Sendable {
    /// nginx on the PATH or where Debian's packages put it, or nil when it is not installed.
    static let nginx: URL? = BenchNginx.executable

    let folder: URL
    /// The `harness serve` processes, in the order of the balancer's upstream block.
    let instances: [Process]
    let balancer: BenchNginx
    let port: Int

    private init(folder: URL, instances: [Process], balancer: BenchNginx, port: Int) {
        self.folder = folder
        self.instances = instances
        self.balancer = balancer
        self.port = port
    }

    /// Starts `count` instances (`--state state` when given, else each on its own SQLite store, whatever
    /// `HARNESS_STATE` says) and nginx with one worker, so that consecutive requests go to consecutive instances.
    static func start(count: Int = 3, state: String?, in folder: URL) async throws -> TeamCluster {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        var servers: [BenchServer] = []
        do {
            for _ in 0..<count {
                servers.append(
                    try await BenchServer.start(
                        binary: binary,
                        arguments: ["--mode", "simulate", "--no-live-check"] + (state.map { ["--state", $0] } ?? []),
                        environment: ["HARNESS_STATE": ""]))
            }
            let port = try BenchProcess.freePort()
            let configuration = try NginxBalancer(
                listen: .init(port: port), instances: servers.map { try .init(port: $0.port) },
                folder: folder.path, workers: 1
            ).configuration
            let nginx: URL = try #require(Self.nginx, "nginx is installed")
            let balancer = try await BenchNginx.start(
                nginx, configuration: configuration, port: port, folder: folder, ready: "/__harness/health")
            return TeamCluster(folder: folder, instances: servers.map(\.process), balancer: balancer, port: port)
        } catch {
            for server in servers { server.stop() }
            throw error
        }
    }

    /// Stops nginx and every instance still running.
    func stop() {
        if balancer.process.isRunning { balancer.stop() }
        for process in instances where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Kills instance `index` with SIGKILL and waits for it.
    func kill(instance index: Int) async {
        let process = instances[index]
        sigkill(process.processIdentifier)
        await onOwnThread { process.waitUntilExit() }
    }

    /// One answer through the balancer, with the instance that gave it.
    struct Answer: Sendable {
        let status: Int
        let body: Data
        let instance: String
        let retryAfter: String?

        var json: JSONValue { (try? JSONValue(parsing: body)) ?? .null }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends one request through the balancer.
    func call(
        _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil,
        timeout: TimeInterval = 30
    ) async throws -> Answer {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)\(path)")))
        request.httpMethod = method
        request.timeoutInterval = timeout
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body { request.httpBody = Data(body.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return Answer(
            status: http.statusCode, body: data,
            instance: http.value(forHTTPHeaderField: "X-Harness-Instance") ?? "none",
            retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
    }
}

/// Sends SIGKILL to `pid` (a free function: `TeamCluster.kill(instance:)` shadows `kill`).
private func sigkill(_ pid: Int32) {
    kill(pid, SIGKILL)
}
