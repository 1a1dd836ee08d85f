import CassetteKit
import Foundation
import HTTPTypes
import Hummingbird
import JSONCore
import NIOCore

/// The admin API under `/__harness/`: health, mode, reset, cassettes, fault rules, the request journal and the
/// simulators' own endpoints. JSON in, JSON out; errors are `{"error": …, "message": …}`.
struct AdminAPI: Sendable {
    let core: ServerCore

    func responder() -> some HTTPResponder<HarnessRequestContext> {
        let router = Router(context: HarnessRequestContext.self)
        router.addMiddleware { AdminAccess(configuration: core.configuration) }
        let admin = router.group("__harness")
        admin.get("health") { _, _ in health() }
        admin.get("mode") { _, _ in encode(AdminModels.Mode(mode: core.mode)) }
        admin.put("mode") { request, context in try await setMode(request, context) }
        admin.post("reset") { _, _ in try await reset(vendor: nil) }
        admin.post("reset/:vendor") { _, context in try await reset(vendor: context.parameters.get("vendor")) }
        admin.get("cassettes") { _, _ in cassettes() }
        admin.post("cassettes") { request, context in try await loadCassette(request, context) }
        admin.delete("cassettes/:vendor/:flow") { _, context in unloadCassette(context) }
        admin.get("faults") { _, _ in encode(AdminModels.Rules(rules: core.faultRules.all.map(AdminModels.Rule.init))) }
        admin.post("faults") { request, context in try await addRule(request, context) }
        admin.delete("faults") { _, _ in
            core.faultRules.removeAll()
            return encode(AdminModels.Rules(rules: []))
        }
        admin.delete("faults/:id") { _, context in removeRule(context) }
        admin.get("journal") { request, _ in journal(request) }
        admin.get("journal.har") { request, _ in journalCassette(request) }
        admin.get("journal/stream") { request, _ in journalStream(request) }
        admin.get("journal/:seq") { _, context in journalEntry(context) }
        admin.delete("journal") { _, _ in
            core.journal.clear()
            return encode(AdminModels.Journal(count: 0, dropped: 0, entries: []))
        }
        addInspector(to: admin)
        admin.get("vendors") { _, _ in vendors() }
        admin.on("vendors/:vendor/**", method: .get) { request, context in try await vendorAdmin(request, context) }
        admin.on("vendors/:vendor/**", method: .post) { request, context in try await vendorAdmin(request, context) }
        admin.on("vendors/:vendor/**", method: .put) { request, context in try await vendorAdmin(request, context) }
        admin.on("vendors/:vendor/**", method: .delete) { request, context in try await vendorAdmin(request, context) }
        admin.on("**", method: .get) { request, _ in notFound(request) }
        return router.buildResponder()
    }

    private func health() -> Response {
        encode(
            AdminModels.Health(mode: core.mode, vendors: core.servedVendors, cassettes: core.library.slots.count))
    }

    private func setMode(_ request: Request, _ context: HarnessRequestContext) async throws -> Response {
        let body: AdminModels.Mode
        do {
            body = try await decode(request, as: AdminModels.Mode.self)
            try core.setMode(body.mode)
        } catch {
            return failure(error)
        }
        return encode(AdminModels.Mode(mode: core.mode))
    }

    private func reset(vendor: String?) async throws -> Response {
        do {
            try await core.reset(vendor: vendor)
        } catch {
            guard case .unknownVendor = error as? MockServerError else { return failure(error, status: 500) }
            return failure(error, status: 404)
        }
        return encode(AdminModels.Reset(reset: vendor.map { [$0] } ?? core.vendors))
    }

    private func cassettes() -> Response {
        encode(
            AdminModels.Cassettes(
                loaded: core.library.slots.map {
                    AdminModels.CassetteSummary(name: $0.name.description, file: $0.file.path, interactions: $0.count)
                },
                failed: core.library.failures.map { AdminModels.CassetteFailure(file: $0.file, error: $0.error) }))
    }

    private func loadCassette(_ request: Request, _ context: HarnessRequestContext) async throws -> Response {
        do {
            let body = try await decode(request, as: AdminModels.LoadCassette.self)
            let loaded = try core.library.load(try CassetteName(body.name, vendor: core.configuration.vendor))
            return encode(
                AdminModels.CassetteSummary(
                    name: loaded.name.description, file: loaded.file.path, interactions: loaded.count),
                status: .created)
        } catch {
            return failure(error)
        }
    }

    private func unloadCassette(_ context: HarnessRequestContext) -> Response {
        let text = "\(context.parameters.get("vendor") ?? "")/\(context.parameters.get("flow") ?? "")"
        guard let name = try? CassetteName(text), core.library.unload(name) else {
            return .json(status: 404, ["error": "not loaded", "message": .string("cassette \(text) is not loaded")])
        }
        return cassettes()
    }

    private func addRule(_ request: Request, _ context: HarnessRequestContext) async throws -> Response {
        do {
            let body = try await decode(request, as: AdminModels.Rule.self)
            guard body.path.hasPrefix("/") else {
                throw MockServerError.invalidAdminRequest("path must start with / (a trailing * matches any rest)")
            }
            if let times = body.times, times < 1 { throw MockServerError.invalidAdminRequest("times must be >= 1") }
            let rule = core.faultRules.add(
                FaultRule(
                    method: body.method, path: body.path, plan: try FaultPlan(parsing: body.fault),
                    remaining: body.times))
            return encode(AdminModels.Rule(rule), status: .created)
        } catch {
            return failure(error)
        }
    }

    private func removeRule(_ context: HarnessRequestContext) -> Response {
        guard let id = context.parameters.get("id", as: Int.self), core.faultRules.remove(id: id) else {
            return .json(status: 404, ["error": "no such rule", "message": "GET /__harness/faults lists the rules"])
        }
        return encode(AdminModels.Rules(rules: core.faultRules.all.map(AdminModels.Rule.init)))
    }

    private func vendors() -> Response {
        let loaded = core.library.slots
        return encode(
            AdminModels.Vendors(
                vendors: core.vendors.map { name in
                    AdminModels.Vendor(
                        name: name, simulator: core.simulators.simulators[name] != nil,
                        cassettes: loaded.filter { $0.name.vendor == name }.count)
                }))
    }

    private func vendorAdmin(_ request: Request, _ context: HarnessRequestContext) async throws -> Response {
        let vendor = context.parameters.get("vendor") ?? ""
        guard core.simulators.simulators[vendor] != nil else {
            return .json(
                status: 404,
                [
                    "error": "unknown vendor",
                    "message": .string(
                        "no simulator for '\(vendor)'; simulators: \(core.simulators.vendors.joined(separator: ", "))"),
                ])
        }
        let target = RequestTarget(request.head.path ?? "/")
        let prefix = "/__harness/vendors/\(vendor)"
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: core.configuration.maxBodySize)
        } catch {
            return BodyRejected(limit: core.configuration.maxBodySize).response
        }
        let relative = target.relative(path: target.path.dropFirst(prefix.count))
        let simulatorRequest = CassetteRequest(
            method: request.method.rawValue, url: relative, headers: HeaderFields(request.headers),
            body: Data(body.readableBytesView))
        do {
            return try await core.simulators.respondToAdmin(vendor: vendor, simulatorRequest).hummingbirdResponse
        } catch {
            return failure(error, status: 500)
        }
    }

    private func notFound(_ request: Request) -> Response {
        .json(
            status: 404,
            [
                "error": "no such admin endpoint",
                "message": .string(
                    "\(request.method) \(request.uri.path) is not an admin endpoint; see the admin API table in README.md"
                ),
            ])
    }
}
