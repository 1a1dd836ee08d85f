public import Foundation
public import HTTPTypes
import JSONCore
public import OpenAPIRuntime

/// A device's network as a flow switches it: while off, every call fails before reaching a server (so nothing is
/// recorded or replayed for it); while on, calls go through `base`.
public final class NetworkSwitch: ClientTransport, Sendable {
    /// The error an SDK sees while the network is off.
    public struct NotConnected: Error, CustomStringConvertible {
        public var description: String { "the device is offline" }
    }

    private let base: any ClientTransport
    private let online: Locked<Bool>

    public init(_ base: any ClientTransport, online: Bool = true) {
        self.base = base
        self.online = Locked(online)
    }

    /// Turns the network on or off.
    public func set(online value: Bool) { online.withLock { $0 = value } }

    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard online.withLock({ $0 }) else { throw NotConnected() }
        return try await base.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}
