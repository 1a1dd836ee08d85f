public import CassetteKit
public import Foundation
public import Testing

/// The Swift Testing trait that opens a cassette for a test or a suite: `@Test(.cassette("referralhero/add-subscriber"))`.
///
/// For the scope of the test, ``CassetteScope/current`` holds a URLSession and an OpenAPI `ClientTransport` that
/// replay from the cassette and, as the record mode allows, record into it. On a suite, the tests share one
/// cassette (one recording); on a test, each argument of a parameterized test opens it afresh.
///
/// A request the cassette cannot answer is recorded as an issue of the test, with the nearest recorded request
/// and the fields that differ, even when the code under test catches the error.
public struct CassetteTrait: TestTrait, SuiteTrait, TestScoping {
    /// The cassette, `<vendor>/<flow>`.
    public var name: String
    /// The folder; nil for `HARNESS_CASSETTES`, else `Cassettes/` of the test file's package.
    public var folder: URL?
    /// The record mode; nil for `HARNESS_RECORD`, else `none`.
    public var mode: RecordMode?
    /// Matching, volatile fields and redaction.
    public var options: ReplayOptions
    let filePath: String

    /// False: on a suite, the whole suite shares one cassette.
    public var isRecursive: Bool { false }

    /// The scope for a suite, or for each case of a parameterised test; nil otherwise.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> CassetteTrait? {
        test.isSuite || testCase != nil ? self : nil
    }

    /// Opens the cassette, runs the test with it as ``CassetteScope/current``, and records as issues the replay misses
    /// the code under test caught.
    /// - Throws: what the test throws, or what opening or saving the cassette throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let (_, errors) = try await CassetteScope.running(
            name, folder: folder, mode: mode, options: options, filePath: filePath
        ) { _ in try await function() }
        for error in errors {
            Issue.record(error, sourceLocation: test.sourceLocation)
        }
    }
}

extension Trait where Self == CassetteTrait {
    /// Opens the cassette `name` (`<vendor>/<flow>`) for the test or suite; see ``CassetteTrait``.
    ///
    /// - Parameters:
    ///   - folder: the cassette folder; by default `HARNESS_CASSETTES`, else `Cassettes/` beside the
    ///     `Package.swift` above the test file.
    ///   - mode: the record mode; by default `HARNESS_RECORD`, else `none`, so CI never reaches the network.
    ///   - options: matching, volatile fields and redaction (the CLI's defaults).
    public static func cassette(
        _ name: String, folder: URL? = nil, mode: RecordMode? = nil, options: ReplayOptions = ReplayOptions(),
        filePath: String = #filePath
    ) -> Self {
        CassetteTrait(name: name, folder: folder, mode: mode, options: options, filePath: filePath)
    }
}
