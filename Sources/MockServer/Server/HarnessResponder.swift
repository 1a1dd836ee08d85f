import Hummingbird

/// The server's one responder: `/__harness/…` goes to the admin API, everything else to the vendors.
struct HarnessResponder<Admin: HTTPResponder<HarnessRequestContext>>: HTTPResponder {
    typealias Context = HarnessRequestContext

    let core: ServerCore
    let admin: Admin

    func respond(to request: Request, context: Context) async throws -> Response {
        let target = RequestTarget(request.head.path ?? "/")
        if target.isAdmin {
            return try await admin.respond(to: request, context: context)
        }
        // A browser opening the server's root (with no vendor mounted there) is sent to the inspector.
        if target.path == "/", core.configuration.vendor == nil, request.method == .get,
            request.headers[.accept]?.contains("text/html") == true
        {
            return Response(status: .found, headers: [.location: "/__harness/ui"])
        }
        return try await core.handle(request, target: target, context: context)
    }
}
