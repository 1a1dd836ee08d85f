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
        return try await core.handle(request, target: target, context: context)
    }
}
