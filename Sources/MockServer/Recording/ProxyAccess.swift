import HTTPTypes
import Hummingbird
import JSONCore

/// Guards the record proxy off loopback: a server bound to another address forwards to the real vendor (and
/// records) only requests carrying the admin token in `X-Harness-Token` (the `Authorization` header belongs to
/// the vendor's API and is forwarded), and none at all when it has no token. On loopback it forwards anything.
/// The token header is never forwarded nor recorded.
struct ProxyAccess: Sendable {
    static let tokenHeader = HTTPField.Name("X-Harness-Token")!

    let open: Bool
    let token: [UInt8]?

    init(configuration: MockServerConfiguration) {
        open = configuration.bindsLoopback
        token = configuration.adminToken.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
    }

    /// nil when `headers` may go through the proxy, else the refusal to answer with.
    func refusal(_ headers: HTTPFields) -> Response? {
        if open { return nil }
        guard let token else {
            return .json(
                status: 403,
                [
                    "error": "record proxy off",
                    "message": .string(
                        "the server binds a non-loopback address without --admin-token; restart with --admin-token T "
                            + "and send it in X-Harness-Token"),
                ])
        }
        guard let presented = headers[Self.tokenHeader], AdminAccess.constantTimeEqual(Array(presented.utf8), token)
        else {
            return .json(
                status: 401,
                [
                    "error": "unauthorized",
                    "message":
                        "off loopback the record proxy needs the admin token: send X-Harness-Token: <admin token>",
                ])
        }
        return nil
    }
}
