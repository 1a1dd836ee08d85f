public import CassetteKit
public import Foundation

/// Runs `body` with the cassette `name` open as ``CassetteScope/current``: the XCTest (or plain async code)
/// form of `@Test(.cassette(name))`.
///
/// ```swift
/// func testJoins() async throws {
///     try await withCassette("referralhero/add-subscriber") { cassette in
///         let api = ReferralAPI(session: cassette.session)
///         …
///     }
/// }
/// ```
///
/// - Parameters:
///   - name: the cassette, `<vendor>/<flow>` (the file `<folder>/<vendor>/<flow>.har`).
///   - folder: the cassette folder; by default `HARNESS_CASSETTES`, else `Cassettes/` of the package holding the
///     calling file.
///   - mode: the record mode; by default `HARNESS_RECORD`, else `none` (CI never reaches the network).
///   - options: matching, volatile fields and redaction, as `harness` uses them by default.
/// - Throws: what `body` throws; else the first cassette error of the scope (a request with no recorded match,
///   naming the nearest one), even one the code under test caught.
public func withCassette<Result: Sendable>(
    _ name: String,
    folder: URL? = nil,
    mode: RecordMode? = nil,
    options: ReplayOptions = ReplayOptions(),
    filePath: StaticString = #filePath,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (CassetteScope) async throws -> Result
) async throws -> Result {
    let (result, errors) = try await CassetteScope.running(
        name, folder: folder, mode: mode, options: options, filePath: "\(filePath)", body)
    if let first = errors.first { throw first }
    return result
}

extension CassetteScope {
    /// The cassette folder: `folder`, else `HARNESS_CASSETTES`, else `Cassettes/` beside the `Package.swift` above
    /// `filePath`.
    static func folder(_ folder: URL?, filePath: String) throws(HarnessTestingError) -> URL {
        if let folder { return folder }
        if let path = ProcessInfo.processInfo.environment[folderVariable], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return try RepositoryRoot.url(containing: filePath).appendingPathComponent("Cassettes", isDirectory: true)
    }

    /// The environment variable that moves the cassette folder.
    public static let folderVariable = "HARNESS_CASSETTES"

    /// Opens the cassette, runs `body` with it as ``current``, closes it (writing what was recorded), and returns
    /// the body's result with the cassette errors raised meanwhile.
    static func running<Result: Sendable>(
        _ name: String, folder: URL?, mode: RecordMode?, options: ReplayOptions, filePath: String,
        isolation: isolated (any Actor)? = #isolation, _ body: (CassetteScope) async throws -> Result
    ) async throws -> (Result, [CassetteError]) {
        let mode = try mode ?? RecordMode.fromEnvironment(default: .none)
        let scope = try await CassetteScope(
            name: name, folder: try Self.folder(folder, filePath: filePath), mode: mode, options: options)
        let result: Result
        do {
            result = try await $current.withValue(scope) { try await body(scope) }
        } catch {
            try? await scope.close()
            throw error
        }
        try await scope.close()
        return (result, scope.errors)
    }
}
