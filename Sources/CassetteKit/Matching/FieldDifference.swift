/// One way a request differs from a recorded one: the field (`method`, `path`, `query:cb`, `header:Accept`,
/// `body json:/events/0/name`, `body xpath:/Envelope/Body/…`, `form:xml xpath:…`) and the two values, as
/// redacted text.
public struct FieldDifference: Sendable, Hashable, CustomStringConvertible {
    /// Where the two differ: `method`, `path`, `query:cb`, `header:Accept`, `body json:/events/0/name`.
    public var field: String
    /// The recorded value, redacted; `missing` when the recorded request lacks the field.
    public var expected: String
    /// The value sent, redacted; `missing` when the request lacks the field.
    public var actual: String

    /// A difference at `field`; values over 160 characters are cut in the middle.
    public init(field: String, expected: String, actual: String) {
        self.field = field
        self.expected = Self.clip(expected)
        self.actual = Self.clip(actual)
    }

    /// One line: `path: expected /a, got /b`.
    public var description: String { "\(field): expected \(expected), got \(actual)" }

    /// Long values are cut in the middle so a message stays readable.
    static func clip(_ text: String, limit: Int = 160) -> String {
        guard text.count > limit else { return text }
        return text.prefix(limit / 2 - 2) + " … " + text.suffix(limit / 2 - 2)
    }
}

/// The recorded request closest to one that matched nothing, and how they differ.
public struct NearestMatch: Sendable, Hashable, CustomStringConvertible {
    /// The entry's index in the cassette (0-based).
    public var entry: Int
    /// The recorded request, as `METHOD URL` (redacted).
    public var request: String
    /// The fields that differ, in the order matching checks them.
    public var differences: [FieldDifference]

    /// The entry at index `entry`, its request as `METHOD URL` and how it differs.
    public init(entry: Int, request: String, differences: [FieldDifference]) {
        self.entry = entry
        self.request = request
        self.differences = differences
    }

    /// The entry and request on one line, then one indented line per difference.
    public var description: String {
        var lines = ["nearest recorded request: entry \(entry), \(request)"]
        lines += differences.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// A request that no recorded interaction matched: the error text names the cassette, shows the nearest
/// recorded request and the fields that differ, and gives the command that records it.
public struct ReplayMiss: Sendable, Hashable, CustomStringConvertible {
    /// The cassette's name.
    public var cassette: String
    /// The cassette file, when it came from one.
    public var file: String?
    /// The request, as `METHOD URL` (redacted).
    public var request: String
    /// The record mode replay ran in.
    public var mode: RecordMode
    /// The closest recorded request, or nil when none is close (or the cassette is empty).
    public var nearest: NearestMatch?
    /// How many interactions the cassette holds.
    public var recorded: Int
    /// The command that records the missing interaction.
    public var hint: RecordingHint

    /// A miss of `request` in `cassette`, which holds `recorded` interactions.
    public init(
        cassette: String, file: String? = nil, request: String, mode: RecordMode, nearest: NearestMatch?,
        recorded: Int, hint: RecordingHint
    ) {
        self.cassette = cassette
        self.file = file
        self.request = request
        self.mode = mode
        self.nearest = nearest
        self.recorded = recorded
        self.hint = hint
    }

    /// The runbook text: the cassette and request, the nearest recorded request with the fields that differ, and the
    /// command that records it.
    public var description: String {
        let location = file.map { " (\($0))" } ?? ""
        var lines = [
            "no interaction in cassette '\(cassette)'\(location) matches \(request) (record mode \(mode.rawValue))"
        ]
        if let nearest {
            lines += nearest.description.split(separator: "\n").map { "  " + $0 }
        } else {
            lines.append(recorded == 0 ? "  the cassette holds no interactions" : "  no recorded request is close")
        }
        lines.append("  to record it: \(hint.command(.newEpisodes))")
        return lines.joined(separator: "\n")
    }
}
