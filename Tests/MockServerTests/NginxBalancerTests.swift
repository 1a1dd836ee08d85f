import MockServer
import Testing

@Suite("nginx balancer configuration")
struct NginxBalancerTests {
    @Test(
        "Addresses from the command line: HOST:PORT or PORT; anything else is refused, naming the text",
        arguments: [
            ("8081", "127.0.0.1:8081"), ("127.0.0.1:8081", "127.0.0.1:8081"), ("localhost:1", "localhost:1"),
            ("[::1]:65535", "[::1]:65535"), (":8081", "127.0.0.1:8081"), ("mock-1.internal:80", "mock-1.internal:80"),
        ])
    func endpoints(_ text: String, _ expected: String) throws {
        #expect(try NginxBalancer.Endpoint(parsing: text).description == expected)
    }

    @Test(
        "Hostile addresses never trap and never reach the configuration",
        arguments: [
            "", ":", "0", "65536", "-1", "+80", "99999999999999999999999", "1:2:3", "a b:1", "x;y:1", "h{:1", "h}:1",
            "$host:1", "[::1]", "[]:1", "[::1;]:1", "١٢٣", "host:８０", String(repeating: "a", count: 300) + ":1",
            "host:80\n", "\u{0}:80", "ä.example:80",
        ])
    func hostileEndpoints(_ text: String) {
        #expect(throws: BalancerError.endpoint(text)) { try NginxBalancer.Endpoint(parsing: text) }
    }

    @Test("Folders nginx would read as syntax, no instance, and counts out of range are refused")
    func hostileSettings() throws {
        let one = [try NginxBalancer.Endpoint(port: 8081)]
        let listen = try NginxBalancer.Endpoint(port: 8080)
        for folder in ["relative", "/tmp/a b", "/tmp/a;b", "/tmp/{", "/tmp/$x", "/tmp/'", "/tmp/\n", "/tmp/#"] {
            #expect(throws: BalancerError.folder(folder)) {
                try NginxBalancer(listen: listen, instances: one, folder: folder)
            }
        }
        #expect(throws: BalancerError.noInstance) { try NginxBalancer(listen: listen, instances: [], folder: "/tmp") }
        #expect(throws: BalancerError.tries(-1)) {
            try NginxBalancer(listen: listen, instances: one, folder: "/tmp", tries: -1)
        }
        #expect(throws: BalancerError.workers(0)) {
            try NginxBalancer(listen: listen, instances: one, folder: "/tmp", workers: 0)
        }
    }

    @Test("The configuration: every instance upstream, retries on the next instance, the answering one named")
    func configuration() throws {
        let balancer = try NginxBalancer(
            listen: .init(parsing: "127.0.0.1:8080"),
            instances: ["8081", "8082", "[::1]:8083"].map(NginxBalancer.Endpoint.init(parsing:)),
            folder: "/tmp/harness-balancer", workers: 1)
        let text = balancer.configuration
        for line in [
            "server 127.0.0.1:8081 max_fails=1 fail_timeout=2s;", "server 127.0.0.1:8082 max_fails=1 fail_timeout=2s;",
            "server [::1]:8083 max_fails=1 fail_timeout=2s;", "listen 127.0.0.1:8080;", "worker_processes 1;",
            "proxy_next_upstream error timeout http_502 non_idempotent;", "proxy_next_upstream_tries 0;",
            "add_header X-Harness-Instance $upstream_addr always;", "pid /tmp/harness-balancer/nginx.pid;",
        ] {
            #expect(text.contains(line), "\(line)")
        }
    }
}
