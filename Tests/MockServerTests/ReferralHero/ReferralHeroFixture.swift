import CassetteKit
import ContractKit
import Foundation
import HTTPTypes
import HarnessTesting
import JSONCore
import MockServer
import OpenAPIRuntime
import Testing

/// A ReferralHero simulator in a `SimulatorHost` at a fixed time, with helpers that send raw SDK API calls and
/// admin requests, and check every answer against `Schemas/referralhero/referralhero.openapi.yaml`.
struct ReferralHeroFixture {
    static let campaign = "MF83c9616aa3"
    static let token = "rh-sim-token"
    /// 2026-01-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    let host: SimulatorHost

    init() async throws {
        host = try await SimulatorHost.testing(simulators: [ReferralHeroSimulator()], now: { Self.now })
    }

    struct Answer {
        var status: Int
        var json: JSONValue
        var body: Data

        var data: JSONValue { json["data"] ?? .null }
        var code: String? { json["code"]?.stringValue }
    }

    /// Sends one call (`path` relative to `/referralhero`) with the raw token unless `headers` are given; unless
    /// `checked` is false (client quirks outside the contract's paths), the exchange must satisfy the contract.
    @discardableResult
    func call(
        _ method: String, _ path: String, _ body: String? = nil, headers: HeaderFields? = nil, checked: Bool = true,
        validRequest: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Answer {
        var fields = headers ?? ["Authorization": Self.token, "Accept": "application/vnd.referralhero.v1"]
        if body != nil { fields["Content-Type"] = "application/json" }
        let request = CassetteRequest(method: method, url: path, headers: fields, body: Data((body ?? "").utf8))
        let response = try await host.respond(vendor: "referralhero", to: request)
        let json = try JSONValue(parsing: response.body)
        if checked {
            Self.expectContract(
                method: method, path: path, request: request, response: response, validRequest: validRequest,
                sourceLocation)
        }
        return Answer(status: response.status, json: json, body: response.body)
    }

    /// `path` under `/lists/MF83c9616aa3`.
    @discardableResult
    func campaignCall(
        _ method: String, _ path: String, _ body: String? = nil, validRequest: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Answer {
        try await call(
            method, "/lists/\(Self.campaign)\(path)", body, validRequest: validRequest, sourceLocation: sourceLocation)
    }

    @discardableResult
    func admin(_ method: String, _ path: String, _ body: String = "") async throws -> (status: Int, json: JSONValue) {
        let request = CassetteRequest(method: method, url: path, body: Data(body.utf8))
        let response = try await host.respondToAdmin(vendor: "referralhero", request)
        return (response.status, try JSONValue(parsing: response.body))
    }

    /// Adds a subscriber and returns its id and code.
    func signUp(_ email: String, referrer: String? = nil) async throws -> (id: String, code: String) {
        let referrerField = referrer.map { #","referrer":"\#($0)""# } ?? ""
        let answer = try await campaignCall(
            "POST", "/subscribers", #"{"email":"\#(email)","domain":"https://example.com"\#(referrerField)}"#)
        return (answer.data["id"]?.stringValue ?? "", answer.data["code"]?.stringValue ?? "")
    }

    private static let registry = Result { try SchemaRegistry(folder: RepositoryRoot.schemas()) }

    /// Every answer to a call that stays inside the contract's paths must validate against it (credentials are
    /// replaced by a placeholder, as a recorded cassette redacts them).
    private static func expectContract(
        method: String, path: String, request: CassetteRequest, response: CassetteResponse, validRequest: Bool,
        _ sourceLocation: SourceLocation
    ) {
        guard response.status != 404 || path.contains("/referrer") else { return }
        do {
            let check = ContractCheck(registry: try registry.get())
            let interaction = Interaction(
                cassette: "simulator", entry: 0,
                request: Interaction.Request(
                    method: method, url: "https://app.referralhero.com/api/sdk/v1" + path,
                    headers: request.headers.filter { $0.name.lowercased() != "x-api-key" }.map {
                        $0.name.lowercased() == "authorization"
                            ? HeaderField(name: $0.name, value: "<redacted:authorization:1>")
                            : HeaderField(name: $0.name, value: $0.value)
                    },
                    body: request.body.isEmpty
                        ? nil : Interaction.Body(data: request.body, contentType: "application/json")),
                response: Interaction.Response(
                    status: response.status,
                    headers: response.headers.map { HeaderField(name: $0.name, value: $0.value) },
                    body: Interaction.Body(data: response.body, contentType: "application/json")))
            // A deliberately bad request breaks the contract; its answer still must not.
            let violations = check.check(interaction, vendor: "referralhero")
                .filter { validRequest || !"\($0)".contains("] request ") }
            #expect(violations.isEmpty, "\(method) \(path): \(violations)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("the ReferralHero contract did not load: \(error)", sourceLocation: sourceLocation)
        }
    }
}

/// A `ClientTransport` that hands each request to the fixture's host in-process, so the real `RH` SDK talks to the
/// simulator without sockets. The base URL's path (`/referralhero`) is the mount and is stripped.
struct SimulatorHostTransport: ClientTransport {
    let host: SimulatorHost

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (
        HTTPResponse, HTTPBody?
    ) {
        var data = Data()
        if let body { data = try await Data(collecting: body, upTo: 1 << 20) }
        var headers = HeaderFields()
        for field in request.headerFields { headers.append(field.name.rawName, field.value) }
        let mount = baseURL.path.hasSuffix("/") ? String(baseURL.path.dropLast()) : baseURL.path
        var path = request.path ?? "/"
        if path.hasPrefix(mount) { path.removeFirst(mount.count) }
        let response = try await host.respond(
            vendor: "referralhero",
            to: CassetteRequest(method: request.method.rawValue, url: path, headers: headers, body: data))
        var fields = HTTPFields()
        for field in response.headers {
            if let name = HTTPField.Name(field.name) { fields[name] = field.value }
        }
        return (HTTPResponse(status: .init(code: response.status), headerFields: fields), HTTPBody(response.body))
    }
}
