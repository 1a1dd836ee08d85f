public import Foundation
public import MockServer

/// A mock server running for the scope of a test: what `.mockServer(.referralHero, .engage)` (Swift Testing) or
/// ``withMockServer(_:mode:cassettes:isolation:_:)`` (XCTest, or any async code) hands out.
///
/// The server listens on 127.0.0.1 on an ephemeral port, simulates the named vendors with state of its own
/// (in memory, so each test starts from the simulators' documented demo data), and stops when the scope ends.
///
/// ```swift
/// @Test(.mockServer(.referralHero))
/// func showsTheRanking() async throws {
///     let server = try MockServerScope.required()
///     let api = ReferralAPI(baseURL: server.baseURL(for: .referralHero))
///     try await server.admin.injectFault("status=503", path: "/referralhero/lists/*")
///     …
/// }
/// ```
public final class MockServerScope: Sendable {
    /// The mock server of the running test, or nil outside a `.mockServer(…)` trait or `withMockServer`.
    @TaskLocal public static var current: MockServerScope?

    /// ``current``, or ``HarnessTestingError/noMockServerScope`` naming the trait to add.
    public static func required() throws(HarnessTestingError) -> MockServerScope {
        guard let current else { throw .noMockServerScope }
        return current
    }

    /// The server itself, for in-process access (its ``MockServer/journal``, ``MockServer/faultRules``).
    public let server: MockServer
    /// Where it answers.
    public let endpoints: MockServerEndpoints
    /// The admin API client (`/__harness/`): reset, faults, the vendors' admin endpoints.
    public let admin: MockServerAdmin

    /// The vendors simulated.
    public var vendors: [MockVendor] { endpoints.vendors.map { MockVendor($0) } }

    /// The base URL to configure a vendor's client with: `http://127.0.0.1:<port>/<vendor>`.
    public func baseURL(for vendor: MockVendor) -> URL {
        endpoints.baseURL(for: vendor.name)
    }

    /// Every request the server saw for `vendor` (all vendors when nil), in order.
    public func journal(for vendor: MockVendor? = nil) -> [JournalEntry] {
        server.journal.entries(matching: JournalFilter(vendor: vendor?.name))
    }

    init(server: MockServer, endpoints: MockServerEndpoints) {
        self.server = server
        self.endpoints = endpoints
        admin = MockServerAdmin(adminURL: endpoints.adminURL)
    }

    /// Starts a server simulating `vendors` (in `mode`, replaying `cassettes` when given), runs `body` with it as
    /// ``current``, and stops it whatever happens.
    static func running<Result: Sendable>(
        _ vendors: [MockVendor], mode: ServerMode, cassettes: URL?, isolation: isolated (any Actor)? = #isolation,
        _ body: (MockServerScope) async throws -> Result
    ) async throws -> Result {
        let known = SimulatorRegistry.all.map(\.vendor)
        for vendor in vendors where !known.contains(vendor.name) {
            throw HarnessTestingError.unknownVendor(vendor.name, known: known)
        }
        let names = Set(vendors.map(\.name))
        let simulators = SimulatorRegistry.all.filter { vendors.isEmpty || names.contains($0.vendor) }
        let server = try MockServer(
            configuration: MockServerConfiguration(port: 0, mode: mode, cassettesDirectory: cassettes),
            simulators: simulators)
        let endpoints = try await server.start()
        let scope = MockServerScope(server: server, endpoints: endpoints)
        let result: Result
        do {
            result = try await $current.withValue(scope) { try await body(scope) }
        } catch {
            try? await server.stop()
            throw error
        }
        try await server.stop()
        return result
    }
}

/// Runs `body` with a mock server simulating `vendors` as ``MockServerScope/current``: the XCTest (or plain async
/// code) form of `@Test(.mockServer(…))`.
///
/// ```swift
/// func testShowsTheRanking() async throws {
///     try await withMockServer(.referralHero) { server in
///         let api = ReferralAPI(baseURL: server.baseURL(for: .referralHero))
///         …
///     }
/// }
/// ```
///
/// - Parameters:
///   - vendors: the simulators to mount; none for all five.
///   - mode: `simulate` (the default) or `replay` (answer from `cassettes`).
///   - cassettes: the cassette folder replay mode answers from.
public func withMockServer<Result: Sendable>(
    _ vendors: MockVendor..., mode: ServerMode = .simulate, cassettes: URL? = nil,
    isolation: isolated (any Actor)? = #isolation, _ body: (MockServerScope) async throws -> Result
) async throws -> Result {
    try await MockServerScope.running(vendors, mode: mode, cassettes: cassettes, body)
}
