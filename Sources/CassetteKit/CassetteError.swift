public import Foundation

/// Everything that can go wrong in CassetteKit. Each message says what to do next and never holds a secret:
/// request fields it shows are the redacted forms.
public enum CassetteError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The file is not JSON; the position is 1-based.
    case invalidJSON(file: String, line: Int, column: Int, message: String)
    /// The file is JSON but not a HAR cassette: at `pointer`, `expected` was needed and `found` was there.
    case malformed(file: String, pointer: String, expected: String, found: String)
    /// The cassette could not be written; the previous file, if any, is untouched.
    case unwritable(file: String, reason: String)
    /// The cassette could not be written because its file system is full (`ENOSPC`) or the user's disk quota is
    /// used up (`EDQUOT`), named by `code`. The previous file, if any, is untouched and no partial file is left.
    case noSpace(file: String, code: String)
    /// A record mode that is not one of `none`, `once`, `new-episodes`, `all`.
    case invalidRecordMode(value: String, source: String)
    /// A field selector or pattern that does not parse.
    case invalidField(text: String, reason: String)
    /// A cassette name that would leave the cassette folder or is empty.
    case invalidName(String)
    /// The cassette's file, or a folder on its way, is a symbolic link that leads out of the cassette folder.
    case outsideFolder(name: String, resolved: String, folder: String)
    /// The file is larger than ``Cassette/maximumFileSize``; nothing was read past the limit.
    case tooLarge(file: String, bytes: Int?, limit: Int)
    /// The cassette file does not exist and the record mode does not record.
    case cassetteNotFound(cassette: String, file: String, hint: RecordingHint)
    /// No recorded interaction matches the request (with the nearest one and how it differs).
    case noMatch(ReplayMiss)
    /// The request matched, but every recorded response to it was already replayed.
    case exhausted(cassette: String, request: String, replayed: Int, hint: RecordingHint)
    /// A request that cannot be replayed or recorded (no absolute URL, for example).
    case invalidRequest(String)

    /// The message the CLI prints: what went wrong, where (file, line, entry), and the command to run next.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "cannot read cassette \(file): \(reason)"
        case .invalidJSON(let file, let line, let column, let message):
            "\(file) is not valid JSON at line \(line), column \(column): \(message). Fix the file or re-record it."
        case .malformed(let file, let pointer, let expected, let found):
            "\(file) is not a HAR cassette: at \(pointer.isEmpty ? "(root)" : pointer) expected \(expected), found \(found)."
                + " Fix that member or re-record the cassette."
        case .unwritable(let file, let reason):
            "cannot write cassette \(file) (the previous file is untouched): \(reason)"
        case .noSpace(let file, let code):
            "cannot write \(file): \(code == "EDQUOT" ? "disk quota exceeded" : "no space left on device") (\(code)); "
                + "the previous file is untouched and nothing was half written: free space and write it again"
        case .invalidRecordMode(let value, let source):
            "'\(value)' (from \(source)) is not a record mode; valid modes: "
                + RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
        case .invalidField(let text, let reason):
            "'\(text)' is not a field selector: \(reason)"
        case .invalidName(let name):
            "'\(name)' is not a cassette name: use <vendor>/<flow>, letters, digits, '-', '_' and '.', no '..'"
        case .outsideFolder(let name, let resolved, let folder):
            "cassette '\(name)' leads out of the cassette folder \(folder) (a symbolic link resolves to \(resolved)); "
                + "cassettes must stay inside it: replace the link with the file"
        case .tooLarge(let file, let bytes, let limit):
            "cannot read cassette \(file): it is "
                + (bytes.map { "\(Self.megabytes($0)) MiB" } ?? "longer than the limit")
                + ", over the \(Self.megabytes(limit)) MiB a cassette may hold; split it (one cassette per flow) "
                + "or drop large response bodies"
        case .cassetteNotFound(let cassette, let file, let hint):
            "cassette '\(cassette)' not found at \(file) and the record mode does not record.\n"
                + "  to record it: \(hint.command(.once))"
        case .noMatch(let miss):
            miss.description
        case .exhausted(let cassette, let request, let replayed, let hint):
            "all \(replayed) recorded response\(replayed == 1 ? "" : "s") to \(request) in cassette '\(cassette)' "
                + "were already replayed and the request was sent once more.\n"
                + "  if the flow legitimately repeats it, allow repeats (ReplayOptions(allowsRepeats: true)), "
                + "or record the extra response: \(hint.command(.newEpisodes))"
        case .invalidRequest(let reason):
            "cannot replay or record this request: \(reason)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    /// `bytes` in MiB with one decimal: `64.0`.
    static func megabytes(_ bytes: Int) -> String {
        let tenths = Int((Double(bytes) / 104_857.6).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// How to re-record a cassette: the exact command, built from the cassette's flow name when it has one.
public struct RecordingHint: Sendable, Hashable {
    /// The cassette's name, `<vendor>/<flow>` or a test's own name.
    public var cassette: String
    /// The flow that records it, when the cassette belongs to one (then re-recording means running the flow).
    public var flow: String?

    /// A hint for `cassette`, recorded by `flow` when given.
    public init(cassette: String, flow: String? = nil) {
        self.cassette = cassette
        self.flow = flow
    }

    /// The command that records in `mode`: for a flow's cassette, re-recording the flow (flows are recorded
    /// whole, whatever the mode); otherwise the same test with `HARNESS_RECORD`.
    public func command(_ mode: RecordMode) -> String {
        if let flow {
            return "swift run harness record \(flow)"
        }
        return "rerun the same test with HARNESS_RECORD=\(mode.rawValue) (cassette \(cassette))"
    }
}
