public import Foundation
public import Simulators

/// Why the mock server could not start or could not do what it was asked.
///
/// A request the server can answer (a replay miss, an unknown vendor, an oversize body) is never thrown at the
/// caller: it becomes a JSON error response. These cases are for configuration and for the admin API.
public enum MockServerError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// An `X-Harness-Fault` header or fault rule does not follow the grammar.
    case invalidFault(text: String, reason: String)
    /// The mode needs `--upstream URL` (record, spy).
    case missingUpstream(mode: ServerMode)
    /// `--upstream` is not an absolute http(s) URL.
    case invalidUpstream(String)
    /// `--vendor` or an admin call names a vendor no simulator or cassette folder provides.
    case unknownVendor(String, known: [String])
    /// The vendor name cannot be a path prefix.
    case invalidVendorName(String)
    /// The listening socket could not be opened.
    case bindFailed(host: String, port: Int, reason: String)
    /// The simulators could not be set up: two for one vendor, a state store that does not open.
    case simulators(SimulatorError)
    /// `--state` names a PostgreSQL store with a URL that does not read (`location` is the URL without its
    /// password).
    case invalidStateURL(location: String, reason: String)
    /// The shared state store (PostgreSQL) cannot be reached, refused the connection, or dropped it: `location` is
    /// its URL without the password. The server answers 503 with `Retry-After: 1`.
    case stateStoreUnavailable(location: String, reason: String)
    /// `--state` names a PostgreSQL store, and this build has none: it was built without the `PostgreSQL` trait
    /// (`location` is the URL without its password).
    case stateStoreNotBuilt(location: String)
    /// The shared state store (PostgreSQL) refused a simulator's statement: the SQL as the simulator wrote it, the
    /// SQLSTATE and the server's message. The transaction was rolled back.
    case stateStatement(location: String, sql: String, sqlState: String, message: String)
    /// A transaction on the shared state store conflicted with concurrent ones (SQLSTATE 40001 or 40P01) on every
    /// one of `attempts` tries, and was given up; nothing it did was kept.
    case stateStoreConflict(location: String, attempts: Int)
    /// A cassette name is not `<vendor>/<flow>` made of safe path segments.
    case invalidCassetteName(String)
    /// A cassette could not be read or written.
    case cassette(name: String, reason: String)
    /// Cassettes in the folder that could not be read at start-up, each as `file: reason`
    /// (``MockServerConfiguration/refusesBrokenCassettes``).
    case unreadableCassettes([String])
    /// An admin request body or parameter is not what the endpoint takes.
    case invalidAdminRequest(String)
    /// The server stopped before it was ready.
    case notRunning
    /// `start()` or `run()` was called on a server that already ran; make a new ``MockServer``.
    case alreadyStarted

    /// The message the CLI prints: what was wrong and the flag or request to change.
    public var description: String {
        switch self {
        case .invalidFault(let text, let reason):
            "invalid fault '\(text)': \(reason); see the fault grammar in README.md (e.g. latency=200ms,status=503)"
        case .missingUpstream(let mode):
            "mode \(mode.rawValue) proxies to the real vendor: pass --upstream URL (e.g. --upstream https://api.example.com)"
        case .invalidUpstream(let text):
            "upstream '\(text)' must be an http(s) origin such as https://api.example.com (no path)"
        case .unknownVendor(let name, let known):
            "unknown vendor '\(name)'; known vendors: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        case .invalidVendorName(let name):
            "vendor name '\(name)' must be lowercase letters, digits and '-' (it is a path prefix)"
        case .bindFailed(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason); pick another --port (0 picks a free one)"
        case .simulators(let error):
            error.description
        case .invalidStateURL(let location, let reason):
            "--state \(location) is not a PostgreSQL URL this server reads: \(reason)"
        case .stateStoreUnavailable(let location, let reason):
            "simulator state store \(location) is unavailable: \(reason); check that the PostgreSQL server runs and "
                + "that the URL's host, port, user, password and database are right"
        case .stateStoreNotBuilt(let location):
            "--state \(location) needs the PostgreSQL state store, and this harness was built without it: build it "
                + "with swift build --traits PostgreSQL (or run swift run --traits PostgreSQL harness …)"
        case .stateStatement(let location, let sql, let sqlState, let message):
            "simulator state store \(location) refused a statement (SQLSTATE \(sqlState)): \(message); the "
                + "transaction was rolled back; the statement: \(sql.split(whereSeparator: \.isWhitespace).joined(separator: " "))"
        case .stateStoreConflict(let location, let attempts):
            "simulator state store \(location): the transaction conflicted with concurrent ones (SQLSTATE 40001 or "
                + "40P01) on all \(attempts) attempts and was given up, changing nothing; send the request again"
        case .invalidCassetteName(let name):
            "cassette name '\(name)' must be <vendor>/<flow> or <flow>, made of letters, digits, '-', '_' and '.'"
        case .cassette(let name, let reason):
            "cassette \(name): \(reason)"
        case .unreadableCassettes(let failures):
            "\(failures.count) cassette\(failures.count == 1 ? "" : "s") cannot be read:\n"
                + failures.map { "  \($0)" }.joined(separator: "\n")
                + "\nfix or restore them (git checkout), re-record them, or pass --skip-broken-cassettes to serve the rest"
        case .invalidAdminRequest(let reason):
            "invalid admin request: \(reason)"
        case .notRunning:
            "the mock server stopped before it was ready; see its log"
        case .alreadyStarted:
            "this mock server was already started; create a new MockServer to serve again"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
