public import ContractKit
public import Foundation

/// How `harness serve` (or a test) runs the mock server.
public struct MockServerConfiguration: Sendable {
    /// The address to listen on; 127.0.0.1 by default. Any other needs ``adminToken`` or the admin API is off.
    public var host: String
    /// The port; 0 picks a free one (tests).
    public var port: Int
    /// What answers requests: the simulators, the cassettes, or the upstream through the recording proxy.
    public var mode: ServerMode
    /// The cassette folder (`Cassettes/`), holding `<vendor>/<flow>.har`.
    public var cassettesDirectory: URL?
    /// The cassette recorded into when a request names none in `X-Harness-Cassette` (`<vendor>/<flow>`).
    public var cassette: String?
    /// The real vendor origin record and spy modes proxy to (`https://api.example.com`).
    public var upstream: URL?
    /// The simulators' SQLite file; nil keeps state in memory.
    public var statePath: String?
    /// Serve only this vendor, at the root instead of under `/<vendor>`.
    public var vendor: String?
    /// The token admin requests must carry (`Authorization: Bearer <token>`); required off loopback.
    public var adminToken: String?
    /// Request bodies above this many bytes are refused with 413.
    public var maxBodySize: Int
    /// The status of a replay miss.
    public var missStatus: Int
    /// Seeds the fault choices of requests whose fault gives no `seed=`.
    public var faultSeed: UInt64
    /// How long an upstream exchange may take in record and spy modes.
    public var upstreamTimeout: Duration
    /// Whether the simulators' store answers read calls at once (a SQLite WAL pool) instead
    /// of one after another; `harness serve` turns it on.
    public var concurrentReads = false
    /// Whether a simulator's `GET` answer that depends only on the request and the store is given again, on the
    /// connection's event loop, until a write or (for an answer that read the time) the next second changes it;
    /// `harness serve` turns it on in simulate mode. Useful with ``concurrentReads``, without which every call writes.
    public var cachesSimulatorReads = false
    /// How many requests the journal (`GET /__harness/journal`) keeps, newest last; older ones are dropped, so a
    /// server under load for hours holds a bounded journal. At least 1.
    public var journalCapacity = RequestJournal.defaultCapacity
    /// How many bytes of headers and bodies the journal keeps; the oldest entries are dropped beyond it.
    public var journalByteCapacity = RequestJournal.defaultByteCapacity
    /// The live contract check: every exchange, in every mode, checked against its vendor's contract, the verdict
    /// journaled and sent in `X-Harness-Contract`; nil turns it off (`harness serve --no-live-check`).
    public var contractCheck: ContractCheck?
    /// Whether a request breaking its vendor's contract is answered with a harness error naming each violation
    /// (422) instead of the simulator's, the cassette's or the upstream's answer (`--strict-contract`). Needs
    /// ``contractCheck``.
    public var strictContract = false
    /// Whether a cassette that cannot be read stops the server from starting
    /// (``MockServerError/unreadableCassettes(_:)``) instead of being logged and skipped; `harness serve` turns it
    /// on unless `--skip-broken-cassettes`.
    public var refusesBrokenCassettes = false

    /// A configuration from its parts; the defaults simulate every vendor on 127.0.0.1:8080 with state in memory.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, mode: ServerMode = .simulate, cassettesDirectory: URL? = nil,
        cassette: String? = nil, upstream: URL? = nil, statePath: String? = nil, vendor: String? = nil,
        adminToken: String? = nil, maxBodySize: Int = 10 * 1024 * 1024, missStatus: Int = 404, faultSeed: UInt64 = 0,
        upstreamTimeout: Duration = .seconds(30)
    ) {
        self.host = host
        self.port = port
        self.mode = mode
        self.cassettesDirectory = cassettesDirectory
        self.cassette = cassette
        self.upstream = upstream
        self.statePath = statePath
        self.vendor = vendor
        self.adminToken = adminToken
        self.maxBodySize = maxBodySize
        self.missStatus = missStatus
        self.faultSeed = faultSeed
        self.upstreamTimeout = upstreamTimeout
    }

    /// Whether ``host`` is a loopback address.
    public var bindsLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Whether the admin API answers: on loopback, or anywhere with a token.
    public var adminEnabled: Bool { bindsLoopback || !(adminToken ?? "").isEmpty }

    /// Checks what can be checked before binding.
    public func validate() throws(MockServerError) {
        if mode.proxies, upstream == nil { throw .missingUpstream(mode: mode) }
        if let upstream {
            guard let scheme = upstream.scheme?.lowercased(), scheme == "http" || scheme == "https",
                upstream.host != nil, upstream.path.isEmpty || upstream.path == "/"
            else { throw .invalidUpstream(upstream.absoluteString) }
        }
        if let cassette { _ = try CassetteName(cassette, vendor: vendor) }
    }
}
