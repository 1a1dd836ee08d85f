public import Foundation
public import MockServer
public import Testing

/// The Swift Testing trait that runs a mock server for a test: `@Test(.mockServer(.referralHero, .engage))`.
///
/// Each test (each argument of a parameterized test) gets a server of its own on an ephemeral loopback port, so
/// simulator state, fault rules and the journal start fresh and parallel tests never see each other. On a suite,
/// every test in it gets such a server. Inside, ``MockServerScope/current`` holds the base URLs and the admin
/// client.
public struct MockServerTrait: TestTrait, SuiteTrait, TestScoping {
    /// The simulators to mount; empty for all.
    public var vendors: [MockVendor]
    /// `simulate`, or `replay` from ``cassettes``.
    public var mode: ServerMode
    /// The cassette folder for replay mode.
    public var cassettes: URL?

    /// On a suite, applied to each of its tests.
    public var isRecursive: Bool { true }

    /// The scope for each test case (not for a suite as a whole: every test gets its own server).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> MockServerTrait? {
        !test.isSuite && testCase != nil ? self : nil
    }

    /// Starts the server, runs the test with it as ``MockServerScope/current``, and stops it whatever happens.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await MockServerScope.running(vendors, mode: mode, cassettes: cassettes) { _ in try await function() }
    }
}

extension Trait where Self == MockServerTrait {
    /// Runs a mock server simulating `vendors` (all five when none) for each test; see ``MockServerTrait``.
    public static func mockServer(_ vendors: MockVendor...) -> Self {
        MockServerTrait(vendors: vendors, mode: .simulate, cassettes: nil)
    }

    /// Runs a mock server replaying the cassettes of `folder` for each test.
    public static func mockServer(replaying folder: URL, _ vendors: MockVendor...) -> Self {
        MockServerTrait(vendors: vendors, mode: .replay, cassettes: folder)
    }
}
