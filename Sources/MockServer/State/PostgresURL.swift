import Foundation
import JSONCore

/// Where a PostgreSQL state store is, read from a `postgres://` or `postgresql://` URL the way libpq reads one:
/// `postgres://user:password@host:port/database`, the port 5432 when absent, and `?host=/folder` for a server
/// listening on a Unix socket (the file `.s.PGSQL.<port>` in that folder). `?options=` is passed to the server at
/// connection start, as libpq passes it: `?options=-c%20search_path%3Dteam_a` keeps one instance's tables in the
/// schema `team_a`, so several teams can share a database.
struct PostgresURL: Sendable, Equatable {
    /// How to reach the server.
    enum Endpoint: Sendable, Equatable {
        case tcp(host: String, port: Int)
        /// The socket file's path (`<folder>/.s.PGSQL.<port>`).
        case socket(path: String)
    }

    /// A URL that cannot be read, and why.
    struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        /// The URL without its password.
        let location: String
        let reason: String

        var description: String { "\(location): \(reason)" }
    }

    var endpoint: Endpoint
    var user: String
    var password: String?
    /// The database; nil connects to the one named like the user, as libpq does.
    var database: String?
    /// The URL as given, without its password: what messages show.
    var location: String
    /// How long connecting may take, in seconds (`?connect_timeout=`; 10 by default).
    var connectTimeout = 10
    /// The server's command-line options for the session (`?options=`, such as `-c search_path=team_a`), sent at
    /// connection start; the server reads them, as it does libpq's. Nil when the URL has none.
    var options: String?

    /// The schemes this store takes.
    static let schemes = ["postgres://", "postgresql://"]

    /// Whether `text` names a PostgreSQL store rather than a SQLite file.
    static func names(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return schemes.contains { lowered.hasPrefix($0) }
    }

    /// Reads `text`; `defaultUser` stands for a URL without a user (libpq takes the account's name).
    init(parsing text: String, defaultUser: String = PostgresURL.accountName) throws(Invalid) {
        let location = Self.redacted(text)
        func invalid(_ reason: String) -> Invalid {
            Invalid(location: location, reason: reason + " (expected postgres://user[:password]@host[:port]/database)")
        }
        guard let scheme = Self.schemes.first(where: { text.lowercased().hasPrefix($0) }) else {
            throw invalid("the scheme is not postgres:// or postgresql://")
        }
        let rest = text.dropFirst(scheme.count)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var afterAuthority = rest[authorityEnd...]
        if let fragment = afterAuthority.firstIndex(of: "#") {
            afterAuthority = afterAuthority[..<fragment]
        }
        let queryStart = afterAuthority.firstIndex(of: "?")
        let path = afterAuthority[..<(queryStart ?? afterAuthority.endIndex)]
        let query = queryStart.map { afterAuthority[afterAuthority.index(after: $0)...] } ?? ""

        var user: String?
        var password: String?
        var hostPort = authority
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            hostPort = authority[authority.index(after: at)...]
            let colon = userInfo.firstIndex(of: ":")
            user = try Self.decoded(userInfo[..<(colon ?? userInfo.endIndex)], "user", invalid)
            if let colon {
                password = try Self.decoded(userInfo[userInfo.index(after: colon)...], "password", invalid)
            }
        }

        var host: String?
        var portText: Substring?
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else { throw invalid("the IPv6 address lacks its ']'") }
            host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
            let after = hostPort[hostPort.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw invalid("unexpected '\(after)' after the IPv6 address") }
                portText = after.dropFirst()
            }
        } else if let colon = hostPort.lastIndex(of: ":") {
            host = String(hostPort[..<colon])
            portText = hostPort[hostPort.index(after: colon)...]
        } else {
            host = String(hostPort)
        }
        if let decodedHost = host {
            host = try Self.decoded(Substring(decodedHost), "host", invalid)
        }
        if host?.isEmpty == true { host = nil }
        if portText?.isEmpty == true { portText = nil }

        var database: String?
        var timeout = 10
        var options: String?
        if path.count > 1 {
            database = try Self.decoded(path.dropFirst(), "database", invalid)
        }

        for field in FormCoding.rawFields(Substring(query)) {
            let name = try Self.decoded(field.name, "parameter name", invalid)
            var value = ""
            if let raw = field.value { value = try Self.decoded(raw, name, invalid) }
            switch name {
            case "host": host = value.isEmpty ? nil : value
            case "port": portText = Substring(value)
            case "user": user = value
            case "password": password = value
            case "dbname": database = value
            case "sslmode":
                guard ["disable", "allow", "prefer"].contains(value) else {
                    throw invalid(
                        "sslmode=\(value) is not supported: this store connects without TLS (sslmode=disable)")
                }
            case "connect_timeout":
                guard let seconds = Int(value), (0...3600).contains(seconds) else {
                    throw invalid("connect_timeout '\(value)' is not a number of seconds from 0 to 3600")
                }
                if seconds > 0 { timeout = seconds }
            case "application_name": break
            case "options":
                // The startup packet ends each value with a NUL: one inside would cut it short.
                guard !value.unicodeScalars.contains("\u{0}") else {
                    throw invalid("options must not hold a NUL character (%00)")
                }
                options = value.isEmpty ? nil : value
            default: throw invalid("unknown parameter '\(name)'")
            }
        }

        var port = 5432
        if let portText {
            guard portText.allSatisfy(\.isASCII), let number = Int(portText), (1...65535).contains(number) else {
                throw invalid("port '\(portText)' is not a number from 1 to 65535")
            }
            port = number
        }
        let resolvedHost = host ?? Self.defaultSocketFolder
        if resolvedHost.hasPrefix("/") {
            let folder = resolvedHost.hasSuffix("/") ? String(resolvedHost.dropLast()) : resolvedHost
            endpoint = .socket(path: "\(folder)/.s.PGSQL.\(port)")
        } else {
            endpoint = .tcp(host: resolvedHost, port: port)
        }
        guard let name = user ?? (defaultUser.isEmpty ? nil : defaultUser), !name.isEmpty else {
            throw invalid("no user: put one before '@'")
        }
        self.user = name
        self.password = password
        self.database = database?.isEmpty == true ? nil : database
        self.location = location
        connectTimeout = timeout
        self.options = options
    }

    private static func decoded(
        _ text: Substring, _ part: String, _ invalid: (String) -> Invalid
    ) throws(Invalid) -> String {
        guard let decoded = FormCoding.decodeComponent(validating: text, plus: .literal) else {
            throw invalid("the \(part) is not UTF-8 once its %XX escapes are decoded")
        }
        return decoded
    }

    /// `text` without a password: the `:password` of its user part and any `password=` parameter are left out.
    /// Works on any text, a URL that does not parse included.
    static func redacted(_ text: String) -> String {
        var result = text
        if let schemeEnd = result.range(of: "://") {
            let rest = result[schemeEnd.upperBound...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                result.removeSubrange(colon..<at)
            }
        }
        guard let question = result.firstIndex(of: "?") else { return result }
        let query = result[result.index(after: question)...]
        let kept = FormCoding.rawFields(query).filter { $0.name.lowercased() != "password" }
        let prefix = result[..<question]
        return kept.isEmpty ? String(prefix) : prefix + "?" + kept.map(\.segment).joined(separator: "&")
    }

    /// `text` (a URL that parses) naming the database `name` instead of its own.
    static func replacingDatabase(in text: String, with name: String) throws(Invalid) -> String {
        _ = try PostgresURL(parsing: text)
        guard let schemeEnd = text.range(of: "://") else { return text }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let pathEnd = rest[authorityEnd...].firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex
        let encoded =
            name.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "_-.").union(.alphanumerics))
            ?? name
        return text[..<authorityEnd] + "/" + encoded + text[pathEnd...]
    }

    /// libpq's default user: the name of the account running the process.
    static var accountName: String {
        ProcessInfo.processInfo.environment["USER"] ?? NSUserName()
    }

    /// Where libpq looks for a local server's socket when the URL names no host (Debian's folder, else `/tmp`).
    static var defaultSocketFolder: String {
        FileManager.default.fileExists(atPath: "/var/run/postgresql") ? "/var/run/postgresql" : "/tmp"
    }
}
