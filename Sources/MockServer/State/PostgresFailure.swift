#if PostgreSQL
import Foundation
import NIOCore
import NIOPosix
import PostgresNIO

/// An error from PostgresNIO, read the way a transaction reacts to it: the server refused a statement (its
/// SQLSTATE and message; the connection is still good) or the connection is gone or never came up (why, in words:
/// PostgresNIO's own description hides everything on purpose).
enum PostgresFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case server(sqlState: String, message: String)
    case connection(reason: String)

    var description: String {
        switch self {
        case .server(let sqlState, let message): "\(message) (SQLSTATE \(sqlState))"
        case .connection(let reason): reason
        }
    }

    /// SQLSTATE 40001, `serialization_failure`.
    static let serializationFailure = "40001"
    /// SQLSTATE 40P01, `deadlock_detected`.
    static let deadlock = "40P01"
    /// SQLSTATE 25006, `read_only_sql_transaction`: a write in a read-only transaction.
    static let readOnlyTransaction = "25006"

    init(_ error: any Error) {
        guard let error = error as? PSQLError else {
            self = .connection(reason: Self.words(error))
            return
        }
        if error.code == .server, let info = error.serverInfo {
            let sqlState = info[.sqlState] ?? "?????"
            var message = info[.message] ?? "no message"
            if let detail = info[.detail] { message += " (\(detail))" }
            // FATAL and PANIC end the session (the server is shutting down, the backend was terminated, the login
            // was refused); class 08 is a connection exception.
            let fatal = info[.severity].map { $0 == "FATAL" || $0 == "PANIC" } ?? false
            if fatal || sqlState.hasPrefix("08") || sqlState.hasPrefix("57P") {
                self = .connection(reason: "\(message) (SQLSTATE \(sqlState))")
            } else {
                self = .server(sqlState: sqlState, message: message)
            }
            return
        }
        self = .connection(reason: Self.reason(error))
    }

    /// Whether running the whole transaction again may succeed (a serialization failure or a deadlock).
    var retriesTransaction: Bool {
        guard case .server(let sqlState, _) = self else { return false }
        return sqlState == Self.serializationFailure || sqlState == Self.deadlock
    }

    /// The SQLSTATE of a refused statement, or nil for a connection failure.
    var sqlState: String? {
        if case .server(let sqlState, _) = self { return sqlState }
        return nil
    }

    /// A client-side failure in words.
    private static func reason(_ error: PSQLError) -> String {
        let underlying = error.underlying.map { ": " + words($0) } ?? ""
        switch error.code {
        case .connectionError: return "cannot connect" + underlying
        case .serverClosedConnection: return "the server closed the connection" + underlying
        case .clientClosedConnection: return "the connection was closed" + underlying
        case .uncleanShutdown: return "the connection ended before the server answered" + underlying
        case .authMechanismRequiresPassword:
            return "the server asks for a password: put it in the URL (postgres://user:password@host/database)"
        case .unsupportedAuthMechanism:
            return "the server asks for an authentication method this client does not speak"
        case .saslError: return "the password was refused during SCRAM authentication" + underlying
        case .sslUnsupported: return "the server does not offer TLS"
        case .queryCancelled: return "the statement was cancelled"
        case .tooManyParameters: return "the statement binds more than 65535 values"
        default: return "\(error.code)" + underlying
        }
    }

    /// Any other error in words: NIO's connection errors name the address and the system's reason.
    private static func words(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError {
            let attempts = error.connectionErrors.map { failure in
                let address = failure.target.ipAddress.map { "\($0):\(failure.target.port ?? error.port)" }
                return "\(address ?? "\(failure.target)"): \(words(failure.error))"
            }
            if !attempts.isEmpty { return unique(attempts).joined(separator: "; ") }
            let lookups = [error.dnsAError, error.dnsAAAAError].compactMap { $0.map { "\($0)" } }
            return "cannot resolve host \(error.host)"
                + (lookups.isEmpty ? "" : ": " + unique(lookups).joined(separator: "; "))
        }
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        if let error = error as? PSQLError { return reason(error) }
        return String(describing: error)
    }

    /// `texts` without repeats, in order.
    private static func unique(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }
}
#endif
