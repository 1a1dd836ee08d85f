import CassetteKit
import EngageSDK
import Foundation
import HTTPTypes
import HarnessTesting
import JSONCore
import LibXML
import MockServer
import OpenAPIRuntime
import Testing

/// An Engage simulator in-process, with helpers to talk to it the way the SDK does.
struct SimulatorFixture {
    let host: SimulatorHost

    init() async throws {
        host = try await SimulatorHost.testing(
            simulators: [EngageSimulator()], now: { Date(timeIntervalSince1970: 1_767_225_600) })
    }

    func send(_ request: CassetteRequest) async throws -> CassetteResponse {
        try await host.respond(vendor: "engage", to: request)
    }

    func admin(_ method: String, _ path: String, _ body: JSONValue? = nil) async throws -> JSONValue {
        let response = try await host.respondToAdmin(
            vendor: "engage",
            CassetteRequest(
                method: method, url: path, headers: ["Content-Type": "application/json"],
                body: body.map { $0.data() } ?? Data()))
        return try JSONValue(parsing: response.body)
    }

    func tokenRequest(
        clientID: String = "sim-client-id", secret: String = "sim-client-secret",
        refreshToken: String = "sim-refresh-token", grantType: String = "refresh_token"
    ) async throws -> CassetteResponse {
        try await send(
            CassetteRequest(
                method: "POST", url: "/oauth/token",
                headers: ["Content-Type": FormEncoding.contentType],
                body: FormEncoding.encode([
                    ("grant_type", grantType), ("refresh_token", refreshToken), ("client_id", clientID),
                    ("client_secret", secret),
                ])))
    }

    func token() async throws -> String {
        let response = try await tokenRequest()
        return try JSONValue(parsing: response.body)["access_token"]?.stringValue ?? ""
    }

    /// Posts an envelope as the `xml` form field and reads the result with the SDK's reader.
    func xmlAPI(_ envelope: String, token: String?) async throws -> XMLAPIResult {
        var headers: HeaderFields = ["Content-Type": FormEncoding.contentType]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let response = try await send(
            CassetteRequest(
                method: "POST", url: "/XMLAPI", headers: headers, body: FormEncoding.encode([("xml", envelope)])))
        return try XMLAPIResult(data: response.body)
    }

    /// Posts `<operation>inner</operation>` and expects the answer to fit `Schemas/engage/xsd/<schema>-result.xsd`
    /// and, unless the request is malformed on purpose, the request to fit `<schema>.xsd`.
    func xmlAPI(
        _ operation: String, _ inner: String, schema: String, token: String, validatingRequest: Bool = true
    ) async throws -> XMLAPIResult {
        let envelope = "<Envelope><Body><\(operation)>\(inner)</\(operation)></Body></Envelope>"
        let folder = try RepositoryRoot.url().appendingPathComponent("Schemas/engage/xsd")
        if validatingRequest {
            let request = try XML.Schema(contentsOf: folder.appendingPathComponent("\(schema).xsd"))
            let problems = try request.validate(data: Data(envelope.utf8))
            #expect(problems.isEmpty, "\(operation) request: \(problems)")
        }
        let response = try await send(
            CassetteRequest(
                method: "POST", url: "/XMLAPI",
                headers: ["Content-Type": FormEncoding.contentType, "Authorization": "Bearer \(token)"],
                body: FormEncoding.encode([("xml", envelope)])))
        let result = try XML.Schema(contentsOf: folder.appendingPathComponent("\(schema)-result.xsd"))
        let problems = try result.validate(data: response.body)
        #expect(
            problems.isEmpty, "\(operation) result: \(problems) in \(String(decoding: response.body, as: UTF8.self))")
        return try XMLAPIResult(data: response.body)
    }

    func raw(url: String, contentType: String?, token: String?, body: Data) async throws -> CassetteResponse {
        var headers: HeaderFields = [:]
        if let contentType { headers["Content-Type"] = contentType }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return try await send(CassetteRequest(method: "POST", url: url, headers: headers, body: body))
    }

    /// A transport that hands the SDK's requests to the simulator, without sockets.
    var transport: SimulatorTransport { SimulatorTransport(host: host) }
}

/// `ClientTransport` over a ``SimulatorHost``: the request path (relative to the SDK's base URL) is the URL the
/// simulator sees.
struct SimulatorTransport: ClientTransport {
    let host: SimulatorHost
    /// Sees every request and the simulator's answer (tests keep a journal with it).
    var observe: @Sendable (CassetteRequest, CassetteResponse) -> Void = { _, _ in }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (
        HTTPResponse, HTTPBody?
    ) {
        var headers = HeaderFields()
        for field in request.headerFields { headers.append(field.name.rawName, field.value) }
        var data = Data()
        if let body { data = try await Data(collecting: body, upTo: 64 << 20) }
        let sent = CassetteRequest(
            method: request.method.rawValue, url: request.path ?? "/", headers: headers, body: data)
        let response = try await host.respond(vendor: "engage", to: sent)
        observe(sent, response)
        var fields = HTTPFields()
        for field in response.headers {
            if let name = HTTPField.Name(field.name) { fields.append(HTTPField(name: name, value: field.value)) }
        }
        return (HTTPResponse(status: .init(code: response.status), headerFields: fields), HTTPBody(response.body))
    }
}

extension JSONValue {
    var int: Int? { numberValue?.integer.map(Int.init) }
}
