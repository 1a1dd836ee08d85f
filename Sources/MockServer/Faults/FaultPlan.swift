package import JSONCore

/// The faults to inject into one response, as written in an `X-Harness-Fault` header or an admin fault rule.
///
/// The grammar is a list of items separated by `,` or `;`:
///
/// | item | effect |
/// | --- | --- |
/// | `latency=200ms`, `latency=50..300ms` | wait before answering (fixed, or uniform in the range; `ms`, `s`) |
/// | `status=503` | answer with this status instead |
/// | `reset` | close the connection with a TCP reset, no response |
/// | `empty` | close the connection without a response |
/// | `timeout`, `timeout=5s` | never answer; hold the connection until the client gives up (or 5 s, then close) |
/// | `truncate=10` | send the head and only the first 10 body bytes, then close |
/// | `garbage` | replace the body with random bytes of the same length |
/// | `dribble=64b/100ms` | send the body 64 bytes at a time, 100 ms apart |
/// | `chance=0.25` | inject the rest only for a quarter of the requests |
/// | `seed=42` | fix the random choices (range latency, chance, garbage bytes) |
public struct FaultPlan: Sendable, Hashable, CustomStringConvertible {
    /// What happens to the connection instead of a response.
    public enum ConnectionFault: Sendable, Hashable {
        /// A TCP reset.
        case reset
        /// The connection closes without a response.
        case empty
        /// No response; `nil` holds the connection until the client closes it (or the server shuts down).
        case timeout(Duration?)
    }

    /// A body sent in small pieces.
    public struct Dribble: Sendable, Hashable {
        /// Bytes per piece (at least 1).
        public var chunkSize: Int
        /// The pause between pieces.
        public var interval: Duration

        /// A dribble of `chunkSize` bytes every `interval` (`dribble=64b/100ms`).
        public init(chunkSize: Int, interval: Duration) {
            self.chunkSize = chunkSize
            self.interval = interval
        }
    }

    /// How long to wait before answering: a fixed duration (equal bounds) or a uniform range; nil for no wait.
    public var latency: ClosedRange<Duration>?
    /// The status to answer with instead of the real one; nil keeps it.
    public var status: Int?
    /// What happens to the connection instead of a response; nil answers.
    public var connection: ConnectionFault?
    /// How many body bytes to send before closing; nil sends all.
    public var truncate: Int?
    /// Whether the body is replaced by random bytes of the same length.
    public var garbage: Bool
    /// How the body is sent in pieces; nil sends it at once.
    public var dribble: Dribble?
    /// The probability (0...1) that the plan applies to a request.
    public var chance: Double
    /// Seeds the random choices so they repeat on every run; nil draws from the server's generator.
    public var seed: UInt64?

    /// A plan from its parts; the defaults inject nothing.
    public init(
        latency: ClosedRange<Duration>? = nil, status: Int? = nil, connection: ConnectionFault? = nil,
        truncate: Int? = nil, garbage: Bool = false, dribble: Dribble? = nil, chance: Double = 1, seed: UInt64? = nil
    ) {
        self.latency = latency
        self.status = status
        self.connection = connection
        self.truncate = truncate
        self.garbage = garbage
        self.dribble = dribble
        self.chance = chance
        self.seed = seed
    }

    /// The plan in the header grammar, items in a fixed order.
    public var description: String {
        var items: [String] = []
        if let latency {
            items.append(
                latency.lowerBound == latency.upperBound
                    ? "latency=\(Self.format(latency.lowerBound))"
                    : "latency=\(Self.format(latency.lowerBound))..\(Self.format(latency.upperBound))")
        }
        if let status { items.append("status=\(status)") }
        switch connection {
        case .reset: items.append("reset")
        case .empty: items.append("empty")
        case .timeout(nil): items.append("timeout")
        case .timeout(let limit?): items.append("timeout=\(Self.format(limit))")
        case nil: break
        }
        if let truncate { items.append("truncate=\(truncate)") }
        if garbage { items.append("garbage") }
        if let dribble { items.append("dribble=\(dribble.chunkSize)b/\(Self.format(dribble.interval))") }
        if chance < 1 { items.append("chance=\(chance)") }
        if let seed { items.append("seed=\(seed)") }
        // A plan that injects nothing (`chance=1` alone) still needs an item: the grammar has no empty plan.
        return items.isEmpty ? "chance=1.0" : items.joined(separator: ",")
    }

    static func format(_ duration: Duration) -> String {
        let milliseconds = Double(nanoseconds(duration)) / 1e6
        if milliseconds >= 1000, milliseconds.truncatingRemainder(dividingBy: 1000) == 0 {
            return "\(Int(milliseconds / 1000))s"
        }
        return milliseconds == milliseconds.rounded() ? "\(Int(milliseconds))ms" : "\(milliseconds)ms"
    }

    /// `duration` in whole nanoseconds, within ±10¹⁸ (`Duration / Duration` is a `Double`, which rounds a span of
    /// a few seconds already: 5050 s would read as 5049999.999999999 ms).
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let limit: Int64 = 1_000_000_000_000_000_000
        guard abs(seconds) < limit / 1_000_000_000 else { return seconds < 0 ? -limit : limit }
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// The concrete faults chosen for one request, after the plan's random choices were made.
package struct FaultDecision: Sendable, Hashable {
    package var latency: Duration
    package var status: Int?
    package var connection: FaultPlan.ConnectionFault?
    package var truncate: Int?
    package var garbage: Bool
    package var dribble: FaultPlan.Dribble?
    /// Seeds the garbage bytes.
    package var seed: UInt64
}

extension FaultPlan {
    /// Makes the plan's random choices: `nil` when `chance` rolls against it.
    ///
    /// A plan with `seed=` draws from its own generator, so the same request gets the same choices every
    /// time; otherwise `generator` (seeded per server) draws.
    package func decide(using generator: inout SeededGenerator) -> FaultDecision? {
        var own = seed.map(SeededGenerator.init(seed:))
        func draw() -> UInt64 {
            if own != nil { return own!.next() }
            return generator.next()
        }
        if chance < 1 {
            let roll = Double(draw() >> 11) / Double(1 << 53)
            if roll >= chance { return nil }
        }
        var delay = Duration.zero
        if let latency {
            let low = Self.nanoseconds(latency.lowerBound)
            let high = Self.nanoseconds(latency.upperBound)
            let span = UInt64(max(0, high - low))
            let offset = span == 0 ? 0 : draw() % (span + 1)
            delay = .nanoseconds(low + Int64(offset))
        }
        return FaultDecision(
            latency: delay, status: status, connection: connection, truncate: truncate, garbage: garbage,
            dribble: dribble, seed: draw())
    }
}
