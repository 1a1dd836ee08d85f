import Foundation

// What the store does with its URL before it connects: in every build, so that `--state` is checked the same way
// whether or not the PostgreSQL store is built in.
extension PostgresStateStore {
    /// `url` without its password, as messages show a store.
    package static func location(of url: String) -> String {
        PostgresURL.redacted(url)
    }

    /// Checks that `url` is a `postgres://` or `postgresql://` URL the store can read, without connecting, as a
    /// command checks its options.
    ///
    /// - Throws: ``MockServerError/invalidStateURL(location:reason:)``, its location without the password.
    package static func check(url: String) throws(MockServerError) {
        _ = try parsed(url)
    }

    static func parsed(_ text: String) throws(MockServerError) -> PostgresURL {
        do {
            return try PostgresURL(parsing: text)
        } catch {
            throw .invalidStateURL(location: error.location, reason: error.reason)
        }
    }
}
