import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A `harness serve` child process started for a benchmark.
struct BenchServer {
    let process: Process
    let port: Int
    let readyMilliseconds: Double

    var pid: Int32 { process.processIdentifier }

    /// Starts `harness serve --mode replay` over `cassettes`; see ``start(binary:arguments:)``.
    static func start(binary: URL, cassettes: URL) async throws -> BenchServer {
        try await start(binary: binary, arguments: ["--mode", "replay", "--cassettes", cassettes.path])
    }

    /// Starts `harness serve` with `arguments` on a free port and waits for the first 200 from /__harness/health,
    /// timing it from just before the process starts. `environment` overrides variables of this process's
    /// environment for the server (`HARNESS_STATE: ""` keeps its state in memory whatever this process has). With
    /// `log`, the server's standard error goes to that file, and its last line ends the error of a server that does
    /// not become ready.
    static func start(
        binary: URL, arguments: [String], environment: [String: String] = [:], log: URL? = nil
    ) async throws -> BenchServer {
        let port = try BenchProcess.freePort()
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve"] + arguments + ["--port", String(port)]
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if let log {
            guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
                throw BenchError("cannot create \(log.path)")
            }
            process.standardError = try FileHandle(forWritingTo: log)
        }
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        while (try? BenchProcess.get(port: port, path: "/__harness/health")) != 200 {
            guard process.isRunning, start.duration(to: clock.now) < .seconds(30) else {
                process.terminate()
                process.waitUntilExit()
                let last =
                    log.flatMap { try? String(contentsOf: $0, encoding: .utf8) }?
                    .split(separator: "\n").last.map { ": " + $0 } ?? ""
                throw BenchError("harness serve did not become ready on port \(port)\(last)")
            }
            try await Task.sleep(for: .microseconds(500))
        }
        return BenchServer(
            process: process, port: port, readyMilliseconds: start.duration(to: clock.now).seconds * 1000)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    /// Milliseconds to the first replayed answer of ``BenchCassettes/target`` on a server just ready.
    static func firstReplay(port: Int) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let status = try BenchProcess.request(port: port, method: "GET", path: BenchCassettes.target)
        guard status == 200 else { throw BenchError("GET \(BenchCassettes.target) answered \(status), not 200") }
        return start.duration(to: clock.now).seconds * 1000
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum BenchProcess {
    /// The executable `name` on the PATH.
    static func find(
        _ name: String, in path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    )
        -> URL?
    {
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A port the kernel reports free.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket() failed") }
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw BenchError("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The status of `GET path` on 127.0.0.1:port.
    static func get(port: Int, path: String) throws -> Int {
        try request(port: port, method: "GET", path: path)
    }

    /// The status of one request on 127.0.0.1:port, through a plain socket (no client library in the timing).
    static func request(
        port: Int, method: String, path: String, headers: [String: String] = [:], body: String = ""
    ) throws -> Int {
        try exchange(port: port, method: method, path: path, headers: headers, body: body, readingBody: false).status
    }

    /// The status and body of one request on 127.0.0.1:port (`Connection: close`, read to the end), for setting a
    /// measurement up.
    static func exchange(
        port: Int, method: String, path: String, headers: [String: String] = [:], body: String = "",
        readingBody: Bool = true
    ) throws -> (status: Int, body: String) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket() failed") }
        defer { close(fd) }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw BenchError("connection refused") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method != "GET" { head += "Content-Length: \(body.utf8.count)\r\n" }
        let request = Array((head + "\r\n" + body).utf8)
        guard send(fd, request, request.count, 0) == request.count else { throw BenchError("send failed") }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(fd, &buffer, readingBody ? buffer.count : 64, 0)
            guard count > 0 else { break }
            received += buffer.prefix(count)
            if !readingBody && received.count >= 12 { break }
        }
        guard received.count >= 12 else { throw BenchError("no response") }
        let status = Int(String(decoding: received[9..<12], as: UTF8.self)) ?? 0
        let text = String(decoding: received, as: UTF8.self)
        let answer = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return (status, answer)
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// The resident set size of `pid` in MB (Linux /proc), or nil elsewhere; `field` `VmHWM` gives its peak.
    static func residentMegabytes(pid: Int32, field: String = "VmRSS") -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes / 1024
    }
}
