import CassetteKit
import ContractKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import Testing

/// An Adapty simulator in a `SimulatorHost` at a fixed time, with helpers that send raw SDK calls and admin
/// requests, and check every answer against `Schemas/adapty/adapty.openapi.yaml`.
struct AdaptySimulatorFixture {
    static let key = "public_live_Adapty5im.DemoKey2026xSimulator"
    static let prefix = "public_live_Adapty5im"
    static let md5 = "0123456789abcdef0123456789abcdef"
    /// 2026-01-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    let host: SimulatorHost

    init() async throws {
        host = try await SimulatorHost.testing(simulators: [AdaptySimulator()], now: { Self.now })
    }

    struct Answer {
        var status: Int
        var headers: HeaderFields
        var body: Data

        var json: JSONValue { (try? JSONValue(parsing: body)) ?? .null }
        /// The error code in whichever of the three forms the body uses.
        var code: String? {
            json["error_code"]?.stringValue ?? json["detail"]?[0]?["type"]?.stringValue
                ?? json["errors"]?[0]?["code"]?.stringValue
        }
    }

    /// Sends one call (`path` relative to `/adapty`) with the demo key unless `key` is given; unless `checked` is
    /// false, the answer must satisfy the contract.
    @discardableResult
    func call(
        _ method: String, _ path: String, _ body: String? = nil, key: String? = Self.key, checked: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Answer {
        var headers: HeaderFields = ["adapty-sdk-version": "3.17.2", "adapty-sdk-profile-id": "p"]
        if let key { headers["Authorization"] = "Api-Key \(key)" }
        if body != nil { headers["Content-Type"] = "application/json" }
        let request = CassetteRequest(method: method, url: path, headers: headers, body: Data((body ?? "").utf8))
        let response = try await host.respond(vendor: "adapty", to: request)
        #expect(response.status < 500 || path.contains("fault"), "\(method) \(path) answered \(response.status)")
        if checked { Self.expectContract(method: method, path: path, response: response, sourceLocation) }
        return Answer(status: response.status, headers: response.headers, body: response.body)
    }

    @discardableResult
    func admin(_ method: String, _ path: String, _ body: String = "") async throws -> (status: Int, json: JSONValue) {
        let request = CassetteRequest(method: method, url: path, body: Data(body.utf8))
        let response = try await host.respondToAdmin(vendor: "adapty", request)
        return (response.status, (try? JSONValue(parsing: response.body)) ?? .null)
    }

    static func profileBody(_ id: String, _ attributes: String = "{}") -> String {
        #"{"data":{"type":"adapty_analytics_profile","id":"\#(id)","attributes":\#(attributes)}}"#
    }

    private static let registry = Result { try SchemaRegistry(folder: RepositoryRoot.schemas()) }

    /// The answer alone is checked against the contract (requests here are deliberately minimal).
    private static func expectContract(
        method: String, path: String, response: CassetteResponse, _ sourceLocation: SourceLocation
    ) {
        do {
            let check = ContractCheck(registry: try registry.get())
            let interaction = Interaction(
                cassette: "simulator", entry: 0,
                request: Interaction.Request(method: method, url: "http://127.0.0.1:8080/adapty" + path),
                response: Interaction.Response(
                    status: response.status,
                    headers: response.headers.map { HeaderField(name: $0.name, value: $0.value) },
                    body: response.body.isEmpty
                        ? nil
                        : Interaction.Body(data: response.body, contentType: response.headers["Content-Type"] ?? "")))
            let violations = check.check(interaction, vendor: "adapty").filter { !"\($0)".contains("] request ") }
            #expect(violations.isEmpty, "\(method) \(path): \(violations)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("the Adapty contract did not load: \(error)", sourceLocation: sourceLocation)
        }
    }
}
