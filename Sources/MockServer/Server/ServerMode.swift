/// What the server does with a request under a vendor prefix.
public enum ServerMode: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// The vendor's simulator answers (stateful, in-memory or `--state PATH`).
    case simulate
    /// Cassettes answer; a request with no recorded match gets a JSON error naming the nearest one.
    case replay
    /// Every request is proxied to `--upstream` and the exchange written, redacted, into a cassette.
    case record
    /// Cassettes answer what they can; the rest is proxied and recorded.
    case spy

    /// The mode as `--mode` spells it: `simulate`, `replay`, `record`, `spy`.
    public var description: String { rawValue }

    /// Whether the mode proxies to the upstream.
    public var proxies: Bool { self == .record || self == .spy }

    /// Whether the mode answers from cassettes.
    public var replays: Bool { self == .replay || self == .spy }
}
