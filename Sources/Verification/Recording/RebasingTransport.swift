import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization

/// Sends every request to `target` whatever base URL the caller used: a flow is recorded with the fixed
/// placeholder base URL (so cassettes do not hold the ephemeral port) while its requests reach the real server.
/// Once closed (the flow has ended and its server goes to the next flow) it refuses every request.
final class RebasingTransport: ClientTransport {
    let target: URL
    let upstream: any ClientTransport
    private let closed = Atomic(false)

    init(target: URL, upstream: any ClientTransport) {
        self.target = target
        self.upstream = upstream
    }

    /// Refuses every later request.
    func close() {
        closed.store(true, ordering: .releasing)
    }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard !closed.load(ordering: .acquiring) else {
            throw RecordingEnded(request: "\(request.method) \(request.path ?? "")")
        }
        return try await upstream.send(request, body: body, baseURL: target, operationID: operationID)
    }
}

/// A request sent after its flow's recording ended (by a task the flow left running).
struct RecordingEnded: Error, CustomStringConvertible {
    let request: String

    var description: String {
        "\(request) was sent after the flow had ended; the flow leaves a task running that still calls the vendor"
    }
}
