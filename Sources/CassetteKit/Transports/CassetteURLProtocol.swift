#if canImport(FoundationNetworking)
import Foundation
import JSONCore
public import FoundationNetworking
#else
public import Foundation
#endif

/// A `URLProtocol` that lets any URLSession code replay and record cassettes.
///
/// Each registration gets a protocol class of its own (a "lane"), so two sessions replaying two cassettes
/// at once, in parallel tests, never see each other's interactions, and nothing is global:
///
/// ```swift
/// let lane = CassetteURLProtocol.register(session)            // a ReplaySession
/// let urlSession = URLSession(configuration: lane.configuration())
/// ```
///
/// Request bodies are read from `httpBody` or, as URLSession hands them to protocols, from
/// `httpBodyStream`. Responses are delivered as URLSession delivers them: a gzip or deflate body decoded,
/// without `Content-Encoding`. (On Linux, swift-corelibs-foundation does not show `upload(for:from:)` bodies
/// to protocols; send the body in the request instead.)
public class CassetteURLProtocol: URLProtocol {
    /// What answers a request: a replay session, a recorder, or your own function.
    public typealias Handler = @Sendable (CassetteRequest) async throws -> CassetteResponse

    private let loading = Locked<Task<Void, Never>?>(nil)

    /// The lane of this protocol class; nil for this base class, which handles nothing.
    class var lane: Int? { nil }

    /// Registers `handler` and returns its lane; the lane is released when the registration is invalidated
    /// or deinitialized.
    public static func register(_ handler: @escaping Handler) -> Registration {
        Registration(lane: Lanes.shared.open(handler))
    }

    /// Registers a replay: requests are answered from the cassette; a miss fails the task with
    /// ``CassetteError/noMatch(_:)``.
    public static func register(_ session: ReplaySession) -> Registration {
        register { request in try session.response(for: request) }
    }

    /// Registers a recorder: misses are sent through a plain URLSession made from `upstream` and recorded.
    public static func register(
        _ recorder: CassetteRecorder, upstream: URLSessionConfiguration = .ephemeral
    ) -> Registration {
        let session = URLSession(configuration: upstream)
        return register { request in
            try await recorder.response(for: request) { request in try await session.cassetteResponse(for: request) }
        }
    }

    override public class func canInit(with request: URLRequest) -> Bool {
        guard let lane else { return false }
        return Lanes.shared.handler(lane) != nil
    }

    override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override public func startLoading() {
        guard let lane = Self.lane, let handler = Lanes.shared.handler(lane) else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        let sent = CassetteRequest(request)
        let target = Unchecked(value: self)
        let task = Task {
            let loader = target.value
            do {
                let response = try await handler(sent)
                guard !Task.isCancelled else { return }
                loader.deliver(response)
            } catch {
                loader.client?.urlProtocol(loader, didFailWithError: error)
            }
        }
        loading.withLock { $0 = task }
    }

    override public func stopLoading() {
        loading.withLock { task in
            task?.cancel()
            task = nil
        }
    }

    private func deliver(_ recorded: CassetteResponse) {
        guard let url = request.url else { return }
        var headers = recorded.headers
        var body = recorded.body
        if let decoded = ContentEncoding.decode(body, contentEncoding: headers["Content-Encoding"]) {
            body = decoded
            headers.removeAll(named: "Content-Encoding")
            headers.removeAll(named: "Content-Length")
        }
        var fields: [String: String] = [:]
        for field in headers {
            let key = fields.keys.first { HeaderFields.same($0, field.name) } ?? field.name
            fields[key] = fields[key].map { $0 + ", " + field.value } ?? field.value
        }
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: recorded.status, httpVersion: recorded.httpVersion, headerFields: fields)
        else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        if !body.isEmpty { client?.urlProtocol(self, didLoad: body) }
        client?.urlProtocolDidFinishLoading(self)
    }
}

/// Lets a value that is not `Sendable` cross into a task.
///
/// Invariant: the protocol instance is only used to call its URLSession client, which URLSession allows
/// from any thread, and to read its immutable request.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

extension CassetteURLProtocol {
    /// One registered handler and its protocol class.
    public final class Registration: Sendable {
        /// The lane requests are routed by: each registration gets its own, so concurrent tests do not see each other's
        /// cassettes.
        package let lane: Int

        init(lane: Int) {
            self.lane = lane
        }

        /// The protocol class to put in `URLSessionConfiguration.protocolClasses` (or to pass to
        /// `URLProtocol.registerClass` for code that uses `URLSession.shared`, on Apple platforms).
        public var protocolClass: AnyClass { Lanes.protocolClass(lane) }

        /// `base` with this registration's protocol class first in `protocolClasses`.
        public func configuration(_ base: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
            base.protocolClasses = [protocolClass] + (base.protocolClasses ?? [])
            return base
        }

        /// Stops answering requests and frees the lane.
        public func invalidate() {
            Lanes.shared.close(lane)
        }

        deinit {
            Lanes.shared.close(lane)
        }
    }
}
