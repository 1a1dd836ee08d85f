import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `harness record` and `harness serve --mode record` killed with SIGKILL at seeded random moments: afterwards
/// every cassette parses and is a complete version, and what a killed run leaves behind (hidden temporary files)
/// never trips the next run and is cleaned up by it. `harness record` keeps each flow's recording in memory until
/// it writes the cassette, so a killed run leaves no scratch folder in the temporary directory either.
///
/// `HARNESS_KILL_RUNS` sets the number of kills per command (default 5; the proof is
/// `HARNESS_KILL_RUNS=100 swift test --filter KillTests`), `HARNESS_KILL_SEED` the seed of the kill moments.
@Suite("SIGKILL during recording", .serialized)
struct KillTests {
    static var runs: Int { KillRuns.count(default: 5) }

    static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe) {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, output)
    }

    /// Kills `process` and returns whether it was still running (the kill landed mid-run).
    @discardableResult
    static func killAndWait(_ process: Process) async -> Bool {
        let running = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        await onOwnThread { process.waitUntilExit() }
        return running && process.terminationReason == .uncaughtSignal
    }

    /// Every file under `folder`, relative, sorted.
    static func files(in folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                names.append(name)
            }
        }
        return names.sorted()
    }

    @Test("harness record killed at random moments leaves every cassette whole; the next run cleans up")
    func killedRecord() async throws {
        let stored = try RepositoryRoot.cassettes().appendingPathComponent("referralhero")
        try await withTemporaryDirectory { folder in
            let cassettes = folder.appending("Cassettes")
            let scratch = folder.appending("tmp")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: stored, to: cassettes.appendingPathComponent("referralhero"))
            let originals = try Dictionary(
                uniqueKeysWithValues: Self.files(in: stored).map {
                    ($0, try Data(contentsOf: stored.appendingPathComponent($0)))
                })
            let arguments = ["record", "--vendor", "referralhero", "--all", "--cassettes", cassettes.path]
            let environment = ["TMPDIR": scratch.path]
            // Kill moments fall within the time one whole run takes, measured first; a run that ends before its kill
            // halves that span. So the kills land while it records however fast recording is, and on a machine
            // that other tests keep busy or stop keeping busy.
            let clock = ContinuousClock()
            let started = clock.now
            let (whole, _) = try Self.start(arguments, environment: environment)
            await onOwnThread { whole.waitUntilExit() }
            #expect(whole.terminationStatus == 0, "the uninterrupted run records every flow")
            var span = max(10, Int(started.duration(to: clock.now) / .milliseconds(1)))
            var moments = SeededGenerator(seed: KillRuns.seed)
            var midRun = 0
            var run = 0
            while midRun < Self.runs && run < Self.runs * 10 {
                run += 1
                let (process, _) = try Self.start(arguments, environment: environment)
                try await Task.sleep(for: .milliseconds(Int.random(in: 0..<span, using: &moments)))
                if await Self.killAndWait(process) { midRun += 1 } else { span = max(10, span / 2) }
                let folderNow = cassettes.appendingPathComponent("referralhero")
                for name in Self.files(in: folderNow) {
                    if name.hasPrefix(".") {
                        #expect(name.hasSuffix(".tmp"), "run \(run): an unexpected file \(name)")
                        continue
                    }
                    let data = try Data(contentsOf: folderNow.appendingPathComponent(name))
                    #expect((try? Cassette(data: data, source: name)) != nil, "run \(run): \(name) does not parse")
                    // Recording is deterministic, so the old and the new complete version are the same bytes.
                    #expect(data == originals[name], "run \(run): \(name) is neither the old nor the new version")
                }
                #expect(Set(Self.files(in: folderNow).filter { !$0.hasPrefix(".") }) == Set(originals.keys))
            }
            #expect(midRun == Self.runs, "only \(midRun) of \(run) kills landed while recording")
            let finished = try await ChildProcess.run(
                try #require(HarnessBinary.url()), arguments, environment: environment)
            #expect(finished.status == 0, "\(finished.standardError)")
            #expect(Self.files(in: cassettes).allSatisfy { !$0.hasSuffix(".tmp") }, "temporary files were removed")
            #expect(
                (try FileManager.default.contentsOfDirectory(atPath: scratch.path)).allSatisfy {
                    !$0.hasPrefix("harness-record-")
                }, "the killed runs left no scratch folder")
        }
    }

    /// Reads `process`'s standard output until it announces its origin (`… mode on http://127.0.0.1:PORT`).
    static func origin(of output: Pipe) async throws -> URL {
        let reader = output.fileHandleForReading
        let text = await onOwnThread { () -> String in
            var text = ""
            while !text.contains("\n") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
        let word = text.split(separator: "\n").first?.split(separator: " ").last.map(String.init) ?? ""
        return try #require(URL(string: word), "no origin in \(text)")
    }

    @Test("harness serve --mode record killed while recording leaves a whole cassette, the old or the new one")
    func killedRecordProxy() async throws {
        try await withTemporaryDirectory { folder in
            let cassettes = folder.appending("Cassettes")
            let (upstream, upstreamOutput) = try Self.start([
                "serve", "--mode", "simulate", "--vendor", "referralhero", "--port", "0",
            ])
            defer { kill(upstream.processIdentifier, SIGKILL) }
            let upstreamOrigin = try await Self.origin(of: upstreamOutput)
            let file = cassettes.appendingPathComponent("referralhero/killed.har")
            var moments = SeededGenerator(seed: KillRuns.seed)
            var previous = 0
            var midRun = 0
            for run in 0..<Self.runs {
                let (proxy, output) = try Self.start([
                    "serve", "--mode", "record", "--upstream", upstreamOrigin.absoluteString, "--cassette",
                    "referralhero/killed", "--cassettes", cassettes.path, "--port", "0",
                ])
                let origin = try await Self.origin(of: output)
                let path = "/referralhero/lists/MF83c9616aa3/leaderboard"
                let headers = ["Authorization": "rh-sim-token", "Accept": "application/vnd.referralhero.v1"]
                let stop = Locked(false)
                let port = UInt16(origin.port ?? 0)
                let traffic = Task {
                    await onOwnThread {
                        // Plain blocking sockets with 2-second timeouts: a request cut off by the kill fails at once
                        // instead of waiting for URLSession's own timeout.
                        while !stop.withLock({ $0 }), RawHTTP.get(port: port, path: path, headers: headers) != nil {}
                    }
                }
                try await Task.sleep(for: .milliseconds(Int.random(in: 50..<850, using: &moments)))
                if await Self.killAndWait(proxy) { midRun += 1 }
                stop.withLock { $0 = true }
                await traffic.value
                guard FileManager.default.fileExists(atPath: file.path) else { continue }
                let cassette = try? Cassette(contentsOf: file)
                #expect(cassette != nil, "run \(run): the cassette does not parse after the kill")
                // A new session replaces the cassette: after the kill it is the old one or the new one, each whole,
                // every interaction with its complete answer.
                let entries = cassette?.entries ?? []
                #expect(!entries.isEmpty, "run \(run): an empty cassette")
                #expect(
                    entries.allSatisfy { $0.response.status == 200 && $0.request.url.hasSuffix("/leaderboard") },
                    "run \(run): a torn interaction")
                previous = max(previous, entries.count)
                for name in Self.files(in: cassettes) {
                    let base = name.split(separator: "/").last.map(String.init) ?? name
                    #expect(
                        ["killed.har", ".harness-index"].contains(base) || base.hasSuffix(".tmp"),
                        "run \(run): an unexpected file \(name)")
                }
            }
            #expect(midRun == Self.runs, "every kill landed while the proxy was serving")
            #expect(previous > 0, "the proxy recorded interactions before the kills")
        }
    }
}

/// A minimal HTTP/1.1 client over a blocking loopback socket, for traffic that must fail fast when its server dies.
enum RawHTTP {
    /// GETs `path` from `127.0.0.1:port` and returns the status, or nil when the connection fails or times out.
    static func get(port: UInt16, path: String, headers: [String: String]) -> Int? {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let fd = socket(AF_INET, stream, 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        let sent = request.utf8CString.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, 0) }
        guard sent > 0 else { return nil }
        var response = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            response += buffer[0..<count]
        }
        let head = String(decoding: response.prefix(12), as: UTF8.self)
        let parts = head.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}
