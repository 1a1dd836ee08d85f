import CassetteKit
import ContractKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import Synchronization
import Testing

/// A WalkMe simulator in a `SimulatorHost` on a clock the test moves, with helpers that send raw SDK calls and admin
/// requests, and check every answer against `Schemas/walkme/walkme.openapi.yaml`.
struct WalkMeFixture {
    static let key = "f3a9c2e47b1d4e0a"
    static let secret = "wm-demo-secret"
    static let basic = "Basic " + Data("\(key):\(secret)".utf8).base64EncodedString()

    let host: SimulatorHost
    let time = ManualClock()

    init() async throws {
        let time = self.time
        host = try await SimulatorHost.testing(simulators: [WalkMeSimulator()], now: { time.date })
    }

    func advance(_ seconds: Int) { time.advance(by: .seconds(seconds)) }

    struct Answer {
        var status: Int
        var json: JSONValue
        var headers: HeaderFields

        var code: String? { json["error"]?.stringValue }
    }

    /// One SDK call (`path` under `/sdk/v1/apps/{key}/`), with the demo app's Basic credentials unless `headers`.
    @discardableResult
    func call(
        _ method: String, _ path: String, _ body: String? = nil, key: String = Self.key,
        headers: HeaderFields? = nil, validRequest: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Answer {
        var fields = headers ?? ["Authorization": Self.basic]
        if body != nil { fields["Content-Type"] = "application/json" }
        let url = "/sdk/v1/apps/\(key)/\(path)"
        let request = CassetteRequest(method: method, url: url, headers: fields, body: Data((body ?? "").utf8))
        let response = try await host.respond(vendor: "walkme", to: request)
        let json = response.body.isEmpty ? JSONValue.null : try JSONValue(parsing: response.body)
        Self.expectContract(request, response, validRequest: validRequest, sourceLocation)
        return Answer(status: response.status, json: json, headers: response.headers)
    }

    @discardableResult
    func admin(_ method: String, _ path: String, _ body: String = "") async throws -> (status: Int, json: JSONValue) {
        let request = CassetteRequest(method: method, url: path, body: Data(body.utf8))
        let response = try await host.respondToAdmin(vendor: "walkme", request)
        return (response.status, try JSONValue(parsing: response.body))
    }

    private static let registry = Result { try SchemaRegistry(folder: RepositoryRoot.schemas()) }

    private static func expectContract(
        _ request: CassetteRequest, _ response: CassetteResponse, validRequest: Bool, _ sourceLocation: SourceLocation
    ) {
        do {
            let check = ContractCheck(registry: try registry.get())
            let interaction = Interaction(
                cassette: "simulator", entry: 0,
                request: Interaction.Request(
                    method: request.method, url: "https://rtapi.abbi.io" + request.url,
                    headers: request.headers.map {
                        $0.name.lowercased() == "authorization"
                            ? HeaderField(name: $0.name, value: "<redacted:authorization:1>")
                            : HeaderField(name: $0.name, value: $0.value)
                    },
                    body: request.body.isEmpty
                        ? nil : Interaction.Body(data: request.body, contentType: "application/json")),
                response: Interaction.Response(
                    status: response.status,
                    headers: response.headers.map { HeaderField(name: $0.name, value: $0.value) },
                    body: response.body.isEmpty
                        ? nil : Interaction.Body(data: response.body, contentType: "application/json")))
            // The fixture sends and receives real credentials and tokens, which a recording would redact.
            let violations = check.check(interaction, vendor: "walkme")
                .filter { !"\($0)".contains("[unredacted-secret]") }
                .filter { validRequest || !"\($0)".contains("] request ") }
            #expect(
                violations.isEmpty, "\(request.method) \(request.url): \(violations)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("the WalkMe contract did not load: \(error)", sourceLocation: sourceLocation)
        }
    }
}
