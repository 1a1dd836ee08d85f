import ArgumentParser
import MockServer

extension Harness {
    /// `harness balancer-config`: the nginx configuration for several `harness serve` instances behind one address.
    struct BalancerConfig: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "balancer-config",
            abstract: "Print the nginx configuration that balances over several harness serve instances.",
            discussion: """
                Round robin, each request on its own pick; a request an instance cannot answer (refused, reset, \
                timed out, 502) is retried on the next, POSTs included; X-Harness-Instance names the instance that \
                answered. The instances share one state only on a shared store (harness serve --state \
                postgres://…). Example:
                  harness balancer-config --listen 8080 --instance 8081 --instance 8082 --instance 8083 \
                --folder /tmp/harness-balancer > /tmp/harness-balancer/nginx.conf
                  nginx -c /tmp/harness-balancer/nginx.conf
                """)

        @Option(help: "Where nginx listens: PORT (on 127.0.0.1) or HOST:PORT.")
        var listen = "127.0.0.1:8080"

        @Option(help: "A harness serve instance, PORT (on 127.0.0.1) or HOST:PORT; repeat for each.")
        var instance: [String] = []

        @Option(help: "An absolute folder for nginx's pid file, error log and request buffers (it must exist).")
        var folder = "/tmp/harness-balancer"

        @Option(help: "Instances one request may be tried on; 0 for all.")
        var tries = 0

        @Option(help: "nginx worker processes (default: one per core).")
        var workers: Int?

        func run() throws {
            do {
                let balancer = try NginxBalancer(
                    listen: try NginxBalancer.Endpoint(parsing: listen),
                    instances: try instance.map { text throws(BalancerError) in
                        try NginxBalancer.Endpoint(parsing: text)
                    }, folder: folder, tries: tries, workers: workers)
                print(balancer.configuration, terminator: "")
            } catch {
                printError("error: \(error)")
                throw ExitCode(2)
            }
        }
    }
}
