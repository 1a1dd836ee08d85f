import Testing

@testable import MockServer

@Suite("PostgresURL")
struct PostgresURLTests {
    @Test("A URL gives user, password, host, port (5432 by default) and database, percent-decoded")
    func parts() throws {
        let url = try PostgresURL(parsing: "postgres://har%40ness:p%3Ass@db.example.com/state%20one")
        #expect(url.endpoint == .tcp(host: "db.example.com", port: 5432))
        #expect(url.user == "har@ness")
        #expect(url.password == "p:ss")
        #expect(url.database == "state one")
        #expect(url.location == "postgres://har%40ness@db.example.com/state%20one")
        let other = try PostgresURL(parsing: "postgresql://harness@[::1]:6543/x?connect_timeout=3")
        #expect(other.endpoint == .tcp(host: "::1", port: 6543))
        #expect(other.password == nil)
        #expect(other.connectTimeout == 3)
    }

    @Test("?options= is kept as the server's session options, decoded; an empty one is none, a NUL is refused")
    func options() throws {
        let url = try PostgresURL(parsing: "postgres://h/db?options=-c%20search_path%3Dteam_a%2Cpublic")
        #expect(url.options == "-c search_path=team_a,public")
        #expect(try PostgresURL(parsing: "postgres://h/db?options=").options == nil)
        #expect(try PostgresURL(parsing: "postgres://h/db").options == nil)
        for hostile in ["postgres://h/db?options=-c%00x", "postgres://h/db?options=%00", "postgres://h/db?options=%FF"]
        {
            #expect(throws: PostgresURL.Invalid.self, "\(hostile)") {
                _ = try PostgresURL(parsing: hostile, defaultUser: "x")
            }
        }
    }

    @Test("?host=/folder is a Unix socket folder, as libpq reads it: the file .s.PGSQL.<port> in it")
    func socket() throws {
        let url = try PostgresURL(parsing: "postgres://harness@/state?host=/tmp/pg%20dir&port=5433")
        #expect(url.endpoint == .socket(path: "/tmp/pg dir/.s.PGSQL.5433"))
        #expect(url.database == "state")
        let encoded = try PostgresURL(parsing: "postgres://harness@%2Fvar%2Frun%2Fpostgresql/state")
        #expect(encoded.endpoint == .socket(path: "/var/run/postgresql/.s.PGSQL.5432"))
    }

    @Test("Without a user the account's name is taken, without a database the server's default")
    func defaults() throws {
        let url = try PostgresURL(parsing: "postgres://127.0.0.1:1", defaultUser: "someone")
        #expect(url.user == "someone")
        #expect(url.database == nil)
        #expect(url.endpoint == .tcp(host: "127.0.0.1", port: 1))
    }

    @Test("The location never holds the password, from the user part or from a parameter, even when malformed")
    func redaction() {
        #expect(PostgresURL.redacted("postgres://u:secret@h:5432/db") == "postgres://u@h:5432/db")
        #expect(
            PostgresURL.redacted("postgres://u@h/db?password=secret&sslmode=disable")
                == "postgres://u@h/db?sslmode=disable")
        #expect(PostgresURL.redacted("postgres://u:secret@h:notaport/db") == "postgres://u@h:notaport/db")
        #expect(PostgresURL.redacted("postgres://u:se@cret@h/db") == "postgres://u@h/db")
        #expect(PostgresURL.redacted("postgres://h/db?password=x") == "postgres://h/db")
    }

    @Test(
        "A malformed URL is an error naming the part and the URL without its password",
        arguments: [
            ("postgres://u:pw@h:port/db", "port 'port'"),
            ("postgres://u:pw@h:0/db", "port '0'"),
            ("postgres://u:pw@h:99999/db", "port '99999'"),
            ("postgres://u:pw@h/db?color=blue", "unknown parameter 'color'"),
            ("postgres://u:pw@h/db?sslmode=require", "sslmode=require"),
            ("postgres://u:pw@[::1/db", "IPv6"),
            ("postgres://u%FF:pw@h/db", "user"),
            ("mysql://u:pw@h/db", "scheme"),
        ])
    func malformed(_ text: String, _ named: String) {
        #expect {
            _ = try PostgresURL(parsing: text, defaultUser: "x")
        } throws: { error in
            guard let invalid = error as? PostgresURL.Invalid else { return false }
            return invalid.reason.contains(named) && !invalid.location.contains("pw") && !"\(invalid)".contains("pw")
        }
    }

    @Test("Only postgres:// and postgresql:// name a PostgreSQL store; a path is a SQLite file")
    func names() {
        #expect(PostgresURL.names("postgres://h/db"))
        #expect(PostgresURL.names("PostgreSQL://h/db"))
        #expect(!PostgresURL.names("state.sqlite"))
        #expect(!PostgresURL.names("/tmp/postgres://x"))
    }

    @Test("A test database's URL is the server's with the database replaced, parameters kept")
    func replacingDatabase() throws {
        #expect(
            try PostgresURL.replacingDatabase(in: "postgres://harness@127.0.0.1:5/postgres", with: "harness_a_1")
                == "postgres://harness@127.0.0.1:5/harness_a_1")
        #expect(
            try PostgresURL.replacingDatabase(in: "postgres://harness@/postgres?host=/tmp", with: "d")
                == "postgres://harness@/d?host=/tmp")
        #expect(try PostgresURL.replacingDatabase(in: "postgres://harness@h", with: "d") == "postgres://harness@h/d")
    }
}
