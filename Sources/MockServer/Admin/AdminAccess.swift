import Foundation
import HTTPTypes
import Hummingbird
import JSONCore

/// Guards the admin API: off when the server binds a non-loopback address without a token; with a token,
/// every admin request must carry it (`Authorization: Bearer <token>`), compared in constant time.
struct AdminAccess: RouterMiddleware {
    typealias Context = HarnessRequestContext

    let enabled: Bool
    let token: [UInt8]?

    init(configuration: MockServerConfiguration) {
        enabled = configuration.adminEnabled
        token = configuration.adminToken.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard enabled else {
            return .json(
                status: 403,
                [
                    "error": "admin API off",
                    "message":
                        "the server binds a non-loopback address without --admin-token; restart with --admin-token T",
                ])
        }
        if let refusal = Self.crossOriginRefusal(request) { return refusal }
        if token != nil, request.method == .get, AdminAPI.assetPaths.contains(request.uri.path) {
            return try await next(request, context)
        }
        if let token {
            let presented = request.headers[.authorization].flatMap { value -> [UInt8]? in
                value.hasPrefix("Bearer ") ? Array(value.dropFirst(7).utf8) : nil
            }
            guard let presented, Self.constantTimeEqual(presented, token) else {
                var response = Response.json(
                    status: 401, ["error": "unauthorized", "message": "send Authorization: Bearer <admin token>"])
                response.headers[.wwwAuthenticate] = "Bearer"
                return response
            }
        }
        return try await next(request, context)
    }

    /// 403 for a state-changing admin call a browser sends from another origin (a page elsewhere posting to the
    /// loopback server): its `Origin` names another host, or `Sec-Fetch-Site` says cross-site. Calls without
    /// either (curl, tests, the CLI) and reads pass.
    static func crossOriginRefusal(_ request: Request) -> Response? {
        guard ![HTTPRequest.Method.get, .head, .options].contains(request.method) else { return nil }
        let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!]
        var crossOrigin = site == "cross-site" || site == "same-site"
        if let origin = request.headers[HTTPField.Name("Origin")!] {
            let host = request.head.authority ?? request.headers[HTTPField.Name("Host")!] ?? ""
            crossOrigin = crossOrigin || origin != "http://\(host)"
        }
        guard crossOrigin else { return nil }
        return .json(
            status: 403,
            [
                "error": "cross-origin admin request",
                "message":
                    "state-changing admin calls are refused from another origin; use the inspector at /__harness/ui",
            ])
    }

    /// Compares every byte whatever the first difference, so timing does not reveal how much of a guess
    /// was right (only the length, which the token's owner chose).
    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count)
        let count = max(lhs.count, rhs.count)
        for index in 0..<count {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            difference |= left ^ right
        }
        return difference == 0 && lhs.count == rhs.count
    }
}
