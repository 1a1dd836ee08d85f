#if !PostgreSQL
import Foundation
package import Logging
package import Simulators

/// The PostgreSQL state store of a build without the `PostgreSQL` trait: there is none, so this type has no values
/// (it holds a `Never`).
/// ``open(url:migrator:connections:logger:)`` checks the URL as the real store does, then throws
/// ``MockServerError/stateStoreNotBuilt(location:)``, whose message says how to build the store in
/// (`swift build --traits PostgreSQL`). The trait is off by default because PostgresNIO brings swift-crypto and its
/// BoringSSL into the build, which `harness verify` and a laptop's `harness serve` do not need.
package struct PostgresStateStore: SharedStateStore {
    private let none: Never

    /// Whether this build has the PostgreSQL store (the `PostgreSQL` trait): it has not.
    package static let isBuiltIn = false

    /// Checks `url` (``MockServerError/invalidStateURL(location:reason:)`` when it does not read), then throws
    /// ``MockServerError/stateStoreNotBuilt(location:)``.
    package static func open(
        url text: String, migrator: StateMigrator, connections: Int = 8, logger: Logger
    ) async throws(MockServerError) -> PostgresStateStore {
        _ = try parsed(text)
        throw .stateStoreNotBuilt(location: location(of: text))
    }

    package var location: String { switch none {} }

    package var whenReleased: (@Sendable () -> Void)? {
        get { switch none {} }
        nonmutating set { switch none {} }
    }

    package func read<T: Sendable>(_ body: @escaping @Sendable (StateDB) throws -> T) async throws -> T {
        switch none {}
    }

    package func write<T: Sendable>(
        readFirst: Bool, _ body: @escaping @Sendable (StateDB) throws -> T
    ) async throws -> T {
        switch none {}
    }

    package func close() async { switch none {} }
}

/// Without the `PostgreSQL` trait no test database can be made: ``PostgresTestDatabase/isConfigured`` is false, and
/// each of these throws ``MockServerError/stateStoreNotBuilt(location:)``.
extension PostgresTestDatabase {
    private static var notBuilt: MockServerError { .stateStoreNotBuilt(location: variable) }

    package static func fresh(named prefix: String) async throws -> String? { throw notBuilt }
    package static func create(named prefix: String, on server: String) async throws -> String { throw notBuilt }
    package static func drop(_ url: String) async throws { throw notBuilt }
    package static func drop(_ url: String, on server: String) async throws { throw notBuilt }
    @discardableResult
    package static func terminateSessions(of url: String) async throws -> Int { throw notBuilt }
    package static func execute(_ sql: String, on url: String) async throws { throw notBuilt }
    package static func strings(_ sql: String, binds values: [String], on url: String) async throws -> [String] {
        throw notBuilt
    }
}
#endif
