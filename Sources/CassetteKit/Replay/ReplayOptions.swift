/// How a cassette is replayed.
public struct ReplayOptions: Sendable {
    /// Which parts of a request must agree.
    public var matcher: RequestMatcher
    /// When every recorded response to a request was replayed, replay the last one again instead of failing.
    /// Off by default: identical requests (retries, polling) get their recorded responses in order.
    public var allowsRepeats: Bool
    /// Volatile fields besides those the cassette declares in `_harness.volatile`.
    public var volatile: [FieldRule]
    /// The secrets compared in redacted form (the cassette's `_harness.redact` rules are added).
    public var redaction: RedactionRules
    /// The record mode, named in miss messages.
    public var mode: RecordMode

    /// Options from their parts; the defaults replay strictly: the default matcher, no repeats, the built-in redaction,
    /// mode `none`.
    public init(
        matcher: RequestMatcher = .default,
        allowsRepeats: Bool = false,
        volatile: [FieldRule] = [],
        redaction: RedactionRules = .default,
        mode: RecordMode = .none
    ) {
        self.matcher = matcher
        self.allowsRepeats = allowsRepeats
        self.volatile = volatile
        self.redaction = redaction
        self.mode = mode
    }
}
