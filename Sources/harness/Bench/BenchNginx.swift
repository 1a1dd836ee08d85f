import Foundation

/// nginx started in the foreground by a benchmark on a free port: the reference `bench serve` compares replay with
/// (the mixed workload's response bytes from files), or the balancer in front of several `harness serve` instances.
struct BenchNginx {
    let process: Process
    let port: Int

    /// nginx on the PATH, else in /usr/sbin or /usr/local/sbin (where packages put it); nil when not installed.
    static var executable: URL? {
        BenchProcess.find("nginx") ?? BenchProcess.find("nginx", in: "/usr/sbin:/usr/local/sbin")
    }

    /// Starts nginx over `root` (the files of ``BenchCassettes/writeStatic(into:)``) with its configuration and
    /// logs in `folder`; POSTs to a file are answered with the file, as GETs are.
    static func start(_ nginx: URL, root: URL, folder: URL) async throws -> BenchNginx {
        let port = try BenchProcess.freePort()
        let configuration = """
            daemon off;
            worker_processes auto;
            pid \(folder.path)/nginx.pid;
            error_log \(folder.path)/error.log error;
            events { worker_connections 1024; }
            http {
                access_log off;
                client_body_temp_path \(folder.path)/body;
                proxy_temp_path \(folder.path)/proxy;
                fastcgi_temp_path \(folder.path)/fastcgi;
                uwsgi_temp_path \(folder.path)/uwsgi;
                scgi_temp_path \(folder.path)/scgi;
                types { }
                default_type application/json;
                keepalive_requests 1000000;
                server {
                    listen 127.0.0.1:\(port);
                    root \(root.path);
                    location / { error_page 405 =200 $uri; }
                }
            }

            """
        return try await start(
            nginx, configuration: configuration, port: port, folder: folder, ready: BenchCassettes.target)
    }

    /// Starts nginx in the foreground with `configuration` (written to `folder`/nginx.conf; it logs its errors to
    /// `folder`/error.log) and waits up to 10 s for GET `ready` on `port` to answer 200.
    static func start(
        _ nginx: URL, configuration: String, port: Int, folder: URL, ready: String
    ) async throws -> BenchNginx {
        let file = folder.appendingPathComponent("nginx.conf")
        try Data(configuration.utf8).write(to: file)
        let process = Process()
        process.executableURL = nginx
        process.arguments = ["-c", file.path, "-p", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let clock = ContinuousClock()
        let start = clock.now
        while (try? BenchProcess.request(port: port, method: "GET", path: ready)) != 200 {
            guard process.isRunning, start.duration(to: clock.now) < .seconds(10) else {
                process.terminate()
                process.waitUntilExit()
                let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
                throw BenchError("nginx did not start on port \(port): \(log)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return BenchNginx(process: process, port: port)
    }

    /// Stops nginx (SIGTERM to the master, which stops its workers) and waits for it.
    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
