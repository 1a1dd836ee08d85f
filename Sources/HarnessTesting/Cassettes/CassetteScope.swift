public import CassetteKit
import HTTPTypes
import JSONCore
public import OpenAPIRuntime

#if canImport(FoundationNetworking)
public import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// One cassette, open for the scope of a test: what `.cassette("<vendor>/<flow>")` (Swift Testing) or
/// ``withCassette(_:folder:mode:options:filePath:isolation:_:)`` (XCTest, or any async code) hands out.
///
/// Point the code under test at ``session`` (URLSession code) or ``transport`` (an OpenAPI client): its requests
/// are answered from the cassette or, as the record mode allows, sent to the real server and recorded, redacted,
/// into it. Inside the scope, ``current`` is this value:
///
/// ```swift
/// @Test(.cassette("referralhero/add-subscriber"))
/// func joins() async throws {
///     let cassette = try CassetteScope.required()
///     let api = ReferralAPI(baseURL: cassette.baseURL!, session: cassette.session)
///     …
/// }
/// ```
public final class CassetteScope: Sendable {
    /// The cassette scope of the running test, or nil outside a `.cassette(…)` trait or `withCassette`.
    @TaskLocal public static var current: CassetteScope?

    /// ``current``, or ``HarnessTestingError/noCassetteScope`` naming the trait to add.
    public static func required() throws(HarnessTestingError) -> CassetteScope {
        guard let current else { throw .noCassetteScope }
        return current
    }

    /// The cassette's name, `<vendor>/<flow>`.
    public var name: String { recorder.name }
    /// The record mode in force (`HARNESS_RECORD`, `none` when unset).
    public var mode: RecordMode { recorder.mode }
    /// The cassette file.
    public let file: URL
    /// The base URL the cassette was recorded against (its `_harness.baseURL`, such as
    /// `http://simulator.local/referralhero`): configure the client under test with it, since requests match on
    /// their path. Nil for a cassette that does not record one (then use the recorded URLs' origin).
    public let baseURL: URL?
    /// The recorder that replays and records; its `replay` tells which entries were used.
    public let recorder: CassetteRecorder
    /// A URLSession whose requests go to the cassette.
    public let session: URLSession
    /// An OpenAPI `ClientTransport` whose requests go to the cassette.
    public let transport: any ClientTransport

    private let registration: CassetteURLProtocol.Registration
    private let upstream: URLSession
    private let failures: Failures

    /// Opens the cassette `name` of `folder`. Throws ``CassetteError/cassetteNotFound(cassette:file:hint:)`` in
    /// mode `none` when the file does not exist, with the command that records it.
    init(name: String, folder: URL, mode: RecordMode, options: ReplayOptions) async throws(CassetteError) {
        let store = CassetteStore(root: folder)
        file = try store.url(for: name)
        baseURL = try await store.load(name)?.harness.extensions["baseURL"]?.stringValue.flatMap(URL.init(string:))
        let recorder = try await CassetteRecorder(cassette: name, store: store, mode: mode, options: options)
        let upstream = URLSession(configuration: .ephemeral)
        let failures = Failures()
        let handler: CassetteURLProtocol.Handler = { request in
            do {
                return try await recorder.response(for: request) { request in
                    try await upstream.cassetteResponse(for: request)
                }
            } catch let error as CassetteError {
                failures.errors.withLock { $0.append(error) }
                throw error
            }
        }
        self.recorder = recorder
        self.upstream = upstream
        self.failures = failures
        registration = CassetteURLProtocol.register(handler)
        session = URLSession(configuration: registration.configuration())
        transport = CassetteTransport(handler: handler)
    }

    /// A configuration that sends to the cassette, for code that builds its own URLSession.
    public func configuration(_ base: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
        registration.configuration(base)
    }

    /// The cassette errors raised so far (misses with their nearest recorded request, exhausted repeats), also
    /// those the code under test caught and hid.
    public var errors: [CassetteError] { failures.errors.withLock { $0 } }

    /// Writes what was recorded and stops answering.
    func close() async throws(CassetteError) {
        session.finishTasksAndInvalidate()
        registration.invalidate()
        defer { upstream.finishTasksAndInvalidate() }
        try await recorder.finish()
    }
}

/// The cassette errors of one scope, shared by its URL protocol handler and its transport.
private final class Failures: Sendable {
    let errors = Locked<[CassetteError]>([])
}

/// The ``CassetteScope/transport``: each request answered by the scope's handler.
struct CassetteTransport: ClientTransport {
    let handler: CassetteURLProtocol.Handler

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let response = try await handler(try await CassetteRequest(request, body: body, baseURL: baseURL))
        return (response.httpResponse, response.httpBody)
    }
}
