/// One way a request differs from a recorded one: the field (`method`, `path`, `query:cb`, `header:Accept`,
/// `body json:/events/0/name`, `body xpath:/Envelope/Body/…`, `form:xml xpath:…`) and the two values, as
/// redacted text.
public struct FieldDifference: Sendable, Hashable, CustomStringConvertible {
    public var field: String
    public var expected: String
    public var actual: String

    public init(field: String, expected: String, actual: String) {
        self.field = field
        self.expected = Self.clip(expected)
        self.actual = Self.clip(actual)
    }

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
    public var differences: [FieldDifference]

    public init(entry: Int, request: String, differences: [FieldDifference]) {
        self.entry = entry
        self.request = request
        self.differences = differences
    }

    public var description: String {
        var lines = ["nearest recorded request: entry \(entry), \(request)"]
        lines += differences.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// A request that no recorded interaction matched: the error text names the cassette, shows the nearest
/// recorded request and the fields that differ, and gives the command that records it.
public struct ReplayMiss: Sendable, Hashable, CustomStringConvertible {
    public var cassette: String
    /// The cassette file, when it came from one.
    public var file: String?
    /// The request, as `METHOD URL` (redacted).
    public var request: String
    public var mode: RecordMode
    public var nearest: NearestMatch?
    /// How many interactions the cassette holds.
    public var recorded: Int
    public var hint: RecordingHint

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
