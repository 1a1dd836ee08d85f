/// The nginx configuration that puts several `harness serve` instances behind one address: round robin over the
/// instances, each request on its own pick (so consecutive calls of one client land on different instances), a
/// request the chosen instance could not answer (refused, reset, timed out, 502) retried on the next one, POSTs
/// included, and the answering instance named in an `X-Harness-Instance` header.
///
/// Printed by `harness balancer-config` and started by `harness bench serve --state postgres://…`. The instances
/// keep one state only when they share a store (`--state postgres://…`); on their own SQLite files each answers
/// from its own.
///
/// Retrying a POST means a write whose instance died after storing it and before answering is sent again to
/// another instance, which then answers as the vendor does for a repeated write (ReferralHero: the subscriber
/// already exists). No acknowledged write is lost; a write can be acknowledged as a duplicate.
public struct NginxBalancer: Sendable, Equatable {
    /// The address nginx listens on.
    public var listen: Endpoint
    /// The `harness serve` instances, in the order of the upstream block.
    public var instances: [Endpoint]
    /// The folder for nginx's pid file, error log and request-body buffers.
    public var folder: String
    /// How many instances a request may be tried on (nginx's `proxy_next_upstream_tries`); 0 means all of them.
    public var tries: Int
    /// nginx worker processes; nil for one per core (`auto`). Each worker keeps its own round robin, so only one
    /// worker sends consecutive requests to consecutive instances strictly.
    public var workers: Int?

    /// A balancer over `instances`; throws naming the setting that is out of range.
    public init(
        listen: Endpoint, instances: [Endpoint], folder: String, tries: Int = 0, workers: Int? = nil
    ) throws(BalancerError) {
        guard !instances.isEmpty else { throw .noInstance }
        guard Self.isPlainPath(folder) else { throw .folder(folder) }
        guard (0...1000).contains(tries) else { throw .tries(tries) }
        if let workers, !(1...1024).contains(workers) { throw .workers(workers) }
        self.listen = listen
        self.instances = instances
        self.folder = folder
        self.tries = tries
        self.workers = workers
    }

    /// The configuration for `nginx -c FILE`: in the foreground (`daemon off`), logging errors only, every path
    /// under ``folder``.
    public var configuration: String {
        let upstreams = instances.map { "        server \($0) max_fails=1 fail_timeout=2s;" }.joined(separator: "\n")
        return """
            # harness balancer-config: \(instances.count) harness serve instances behind \(listen).
            # Start: nginx -c THIS_FILE (in the foreground; Ctrl-C stops it). Reload after an edit: nginx -s reload -c THIS_FILE
            daemon off;
            worker_processes \(workers.map(String.init) ?? "auto");
            pid \(folder)/nginx.pid;
            error_log \(folder)/error.log error;
            events { worker_connections 4096; }
            http {
                access_log off;
                client_body_temp_path \(folder)/body;
                proxy_temp_path \(folder)/proxy;
                fastcgi_temp_path \(folder)/fastcgi;
                uwsgi_temp_path \(folder)/uwsgi;
                scgi_temp_path \(folder)/scgi;
                # The instances enforce their own body limit (413) and timeouts.
                client_max_body_size 0;
                keepalive_requests 1000000;
                upstream harness {
            \(upstreams)
                    keepalive 64;
                }
                server {
                    listen \(listen);
                    location / {
                        proxy_pass http://harness;
                        proxy_http_version 1.1;
                        proxy_set_header Connection "";
                        proxy_set_header Host $http_host;
                        # Server-sent events (the inspector's live journal) pass through unbuffered.
                        proxy_buffering off;
                        proxy_connect_timeout 2s;
                        proxy_read_timeout 60s;
                        proxy_next_upstream error timeout http_502 non_idempotent;
                        proxy_next_upstream_tries \(tries);
                        add_header X-Harness-Instance $upstream_addr always;
                    }
                }
            }

            """
    }

    /// A folder nginx can take unquoted: absolute, without spaces, quotes, semicolons, braces or `$`.
    static func isPlainPath(_ path: String) -> Bool {
        path.hasPrefix("/")
            && !path.unicodeScalars.contains { scalar in
                scalar.value < 0x21 || scalar.value == 0x7F || "\"';{}$#\\".unicodeScalars.contains(scalar)
            }
    }

    /// A host and port: `127.0.0.1:8081`, `localhost:8081`, `[::1]:8081`, or a bare port for 127.0.0.1.
    public struct Endpoint: Sendable, Equatable, CustomStringConvertible {
        /// A host name, an IPv4 address, or an IPv6 address in brackets.
        public let host: String
        /// The port, 1 to 65535.
        public let port: Int

        /// `host:port`; throws when the host holds anything but a name or address, or the port is out of range.
        public init(host: String = "127.0.0.1", port: Int) throws(BalancerError) {
            guard (1...65535).contains(port) else { throw .endpoint("\(host):\(port)") }
            guard Self.isHost(host) else { throw .endpoint("\(host):\(port)") }
            self.host = host
            self.port = port
        }

        /// Parses `HOST:PORT` or `PORT`; throws naming the text otherwise.
        public init(parsing text: String) throws(BalancerError) {
            let parts: (host: Substring, port: Substring)
            if let colon = text.lastIndex(of: ":") {
                parts = (text[..<colon], text[text.index(after: colon)...])
            } else {
                parts = ("127.0.0.1", Substring(text))
            }
            guard !parts.port.isEmpty, parts.port.utf8.count <= 5, parts.port.allSatisfy({ $0.isASCII && $0.isNumber }),
                let port = Int(parts.port)
            else { throw .endpoint(text) }
            do {
                try self.init(host: parts.host.isEmpty ? "127.0.0.1" : String(parts.host), port: port)
            } catch {
                throw .endpoint(text)
            }
        }

        /// `host:port`, as nginx takes it.
        public var description: String { "\(host):\(port)" }

        /// Letters, digits, `.`, `-` (a name or IPv4 address), or an IPv6 address in brackets.
        static func isHost(_ host: String) -> Bool {
            guard !host.isEmpty, host.utf8.count <= 253 else { return false }
            if host.hasPrefix("[") {
                return host.hasSuffix("]") && host.count > 2
                    && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
            }
            return host.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" }
        }
    }
}

/// What is wrong with a balancer's settings.
public enum BalancerError: Error, Equatable, CustomStringConvertible {
    /// No instance was given.
    case noInstance
    /// An address that is not `HOST:PORT`.
    case endpoint(String)
    /// A folder nginx cannot take unquoted.
    case folder(String)
    /// A try count out of range.
    case tries(Int)
    /// A worker count out of range.
    case workers(Int)

    /// The problem and the setting that would fix it.
    public var description: String {
        switch self {
        case .noInstance: "no instance to balance over: give at least one --instance HOST:PORT"
        case .endpoint(let text):
            "\(text.debugDescription) is not HOST:PORT (a host name or IP address and a port from 1 to 65535)"
        case .folder(let path):
            "\(path.debugDescription) is not a plain absolute folder (no spaces, quotes, ';', '{', '}', '$', '#')"
        case .tries(let tries): "--tries takes a number from 0 to 1000; got \(tries)"
        case .workers(let workers): "--workers takes a number from 1 to 1024; got \(workers)"
        }
    }
}
