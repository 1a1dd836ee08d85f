public import Foundation

/// What a cassette does with a request: replay it, record it, or fail. Named by intent, as VCR and
/// swift-snapshot-testing name them.
public enum RecordMode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Replay only; a request with no recorded match is an error (CI).
    case none
    /// Record everything when the cassette file does not exist yet; afterwards behave as `none`.
    case once
    /// Replay what is recorded; record and append what is not.
    case newEpisodes = "new-episodes"
    /// Record everything again, replacing the cassette's interactions (its `_harness` settings are kept).
    case all

    /// The environment variable that chooses the mode.
    public static let environmentVariable = "HARNESS_RECORD"

    /// Parses a mode name; anything else is an error that lists the valid names.
    public init(parsing text: String, source: String = "the record mode") throws(CassetteError) {
        guard let mode = RecordMode(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw .invalidRecordMode(value: text, source: source)
        }
        self = mode
    }

    /// The mode from `HARNESS_RECORD`, or `fallback` when it is unset or empty.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        default fallback: RecordMode = .once
    ) throws(CassetteError) -> RecordMode {
        guard let text = environment[environmentVariable], !text.isEmpty else { return fallback }
        return try RecordMode(parsing: text, source: environmentVariable)
    }

    /// The mode as `HARNESS_RECORD` and `--record` spell it: `none`, `once`, `new-episodes`, `all`.
    public var description: String { rawValue }
}
