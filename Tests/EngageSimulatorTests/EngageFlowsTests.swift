import CassetteKit
import ContractKit
import EngageSDK
import FlowCatalog
import Foundation
import HTTPTypes
import HarnessTesting
import JSONCore
import LibXML
import MockServer
import OpenAPIRuntime
import Testing

/// Runs every Engage flow against a fresh simulator, twice: the flows must be deterministic (identical requests,
/// responses and outcomes), so that their cassettes re-record byte for byte and replay against the simulator.
@Suite("EngageFlows against the simulator")
struct EngageFlowsTests {
    struct Exchange: Hashable {
        var request: CassetteRequest
        var response: CassetteResponse
    }

    static func run(_ flow: Flow) async throws -> (outcome: JSONValue, requests: [CassetteRequest], responses: [Data]) {
        let host = try await SimulatorHost.testing(
            simulators: [EngageSimulator()], now: { Date(timeIntervalSince1970: 0) })
        for setup in flow.simulatorSetup {
            let response = try await host.respondToAdmin(vendor: flow.vendor, setup)
            #expect((200..<300).contains(response.status), "\(flow.id) setup \(setup.summary)")
        }
        let journal = Journal()
        let transport = SimulatorTransport(host: host) { request, response in
            journal.requests.withLock { $0.append(request) }
            journal.responses.withLock { $0.append(response.body) }
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("engage-flow-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try await flow.run(
            FlowContext(
                transport: transport, baseURL: URL(string: "http://127.0.0.1:8080/engage")!,
                workingDirectory: directory))
        return (outcome, journal.requests.withLock { $0 }, journal.responses.withLock { $0 })
    }

    /// A transport that keeps each request and response body as the simulator saw them.
    /// Keeps each request and response body as the simulator saw them.
    final class Journal: Sendable {
        let requests = Locked<[CassetteRequest]>([])
        let responses = Locked<[Data]>([])
    }

    @Test(
        "Every Engage flow is deterministic: same requests, responses and outcome twice",
        .disabled(if: TestStateBackend.current == .postgres, EngageFlowsTests.coveredOnPostgres),
        arguments: EngageFlows.all.map(\.name))
    func deterministic(name: String) async throws {
        let flow = try #require(EngageFlows.all.first { $0.name == name })
        let first = try await Self.run(flow)
        let second = try await Self.run(flow)
        #expect(!first.requests.isEmpty)
        #expect(first.requests == second.requests)
        #expect(first.responses == second.responses)
        #expect(first.outcome == second.outcome)
    }

    /// Why the tests that run every flow skip with `HARNESS_TEST_STATE=postgres`: with the PostgreSQL store,
    /// VerificationTests' "every flow's provider check passes with the simulators on PostgreSQL" already runs each flow
    /// against these simulators and holds every answer to its cassette, which is deterministic and XSD-valid by the
    /// contract check. Here they would copy a database for each of 489 hosts and say nothing more.
    static let coveredOnPostgres = Comment(
        rawValue: "on PostgreSQL state, every flow is run and held to its cassette by the provider check on PostgreSQL "
            + "(VerificationTests, ProviderStateStoreTests)")

    static func outcome(_ name: String) async throws -> JSONValue {
        try await run(try #require(EngageFlows.all.first { $0.name == name })).outcome
    }

    @Test("The error-case flows reach their documented errors")
    func errorCases() async throws {
        let invalidClient = try await Self.outcome("invalid-client")
        #expect(invalidClient["failure"]?["error"]?.stringValue?.contains("invalid_client") == true)
        #expect(try await Self.outcome("select-not-found")["errorId"]?.int == 128)
        let invalidXML = try await Self.outcome("invalid-xml")
        #expect(invalidXML["status"]?.int == 200)
        #expect(invalidXML["result"]?["errorId"]?.int == 51)
        let limit = try await Self.outcome("token-limit-exceeded")
        #expect(limit["failure"]?["error"]?.stringValue?.contains("429") == true)
        let failed = try await Self.outcome("post-failure-failed-post")
        // Two 500s spend no retry; the refused batch is split, "Kept" posts, "Doomed" fails on its fourth refusal.
        #expect(failed["events"]?[0]?["status"] == "SUCCESSFULLY_POSTED")
        #expect(failed["events"]?[1]?["status"] == "FAILED_POST")
        #expect(failed["events"]?[1]?["failures"]?.int == 4)
        #expect(
            failed["notifications"] == [
                "stored NOT_POSTED", "stored NOT_POSTED", "post failed 2", "post failed 2", "posted 1", "post failed 1",
                "post failed 1", "post failed 1", "post failed 1",
            ])
    }

    @Test("The journeys reach their documented outcomes")
    func journeys() async throws {
        let reauth = try await Self.outcome("fault-145-reauth-retry")
        #expect(reauth["select"]?["recipientId"] == "100001")
        #expect(reauth["tokenRequests"]?.int == 2)
        let refresh = try await Self.outcome("token-refresh-on-expiry")
        #expect(refresh["tokenRequests"]?.int == 2)
        #expect(refresh["select"]?["success"] == true)
        let scenario1 = try await Self.outcome("check-identity-scenario-1")
        #expect(scenario1["recipientId"] == "100001")
        #expect(scenario1["mergedRecipientId"] == .null)
        let scenario2 = try await Self.outcome("check-identity-scenario-2")
        #expect(scenario2["recipientId"] == "100001")
        #expect(scenario2["mergedRecipientId"] == "100002")
        let scenario3 = try await Self.outcome("check-identity-scenario-3")
        #expect(scenario3["mobileUserId"] == "EXISTING-MOBILE-USER")
        let batch = try await Self.outcome("batch-flush-at-cache-size")
        #expect(batch["readyAfterEach"] == [1, 2, 0])
        let expired = try await Self.outcome("augmentation-timeout-expired")
        #expect(expired["events"]?[0]?["status"] == "SUCCESSFULLY_POSTED")
        #expect(expired["notifications"]?.arrayValue?.contains("augmented EXPIRED") == true)
        let deepLink = try await Self.outcome("deep-link-current-campaign")
        #expect(deepLink["currentCampaign"] == "Summer Sale")
        let notification = try await Self.outcome("notification-opened-campaign")
        #expect(notification["currentCampaign"] == "Spring")
        #expect(notification["events"]?[0]?["eventTypeCode"]?.int == 49)
    }
}

@Suite("Engage schemas against the flows' traffic")
struct EngageSchemaTests {
    static let xsdFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Schemas/engage/xsd")

    /// The request and result XSD of each XMLAPI operation, as `Schemas/engage/engage.openapi.yaml` maps them.
    static let operations: Result<[String: SchemaRegistry.XMLOperation], any Error> = Result {
        let registry = try SchemaRegistry(folder: try RepositoryRoot.schemas())
        return Dictionary(
            registry.xmlOperations(vendor: "engage").map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test(
        "Every XMLAPI request and result of the flows validates against its operation's XSDs",
        .disabled(if: TestStateBackend.current == .postgres, EngageFlowsTests.coveredOnPostgres),
        arguments: EngageFlows.all.map(\.name))
    func xmlBodies(name: String) async throws {
        let flow = try #require(EngageFlows.all.first { $0.name == name })
        let operations = try Self.operations.get()
        let root = try RepositoryRoot.url()
        let run = try await EngageFlowsTests.run(flow)
        for (request, response) in zip(run.requests, run.responses) where request.url == "/XMLAPI" {
            let xml = try #require(FormCoding.decode(validating: request.body)?.first { $0.name == "xml" }?.value)
            let operation = try #require(try XML.Document(string: xml).root?.first("Body")?.elements.first?.name)
            guard let declared = operations[operation] else {
                #expect(!flow.expectedViolations.isEmpty, "\(name) sends the undeclared operation \(operation)")
                continue
            }
            let request = try XML.Schema(contentsOf: root.appendingPathComponent(declared.requestSchema))
            #expect(try request.validate(data: Data(xml.utf8)).isEmpty, "\(name) request \(operation)")
            let result = try XML.Schema(
                contentsOf: root.appendingPathComponent(try #require(declared.resultSchema, "\(operation)")))
            #expect(try result.validate(data: response).isEmpty, "\(name) result of \(operation)")
        }
    }

    @Test("Results of every simulated operation and faults validate against result.xsd")
    func simulatorResults() async throws {
        let simulator = try await SimulatorFixture()
        let token = try await simulator.token()
        let schema = try XML.Schema(contentsOf: Self.xsdFolder.appendingPathComponent("result.xsd"))
        let requests = [
            "<Envelope><Body><GetListMetaData><LIST_ID>23949</LIST_ID></GetListMetaData></Body></Envelope>",
            "<Envelope><Body><SelectRecipientData><LIST_ID>23949</LIST_ID><EMAIL>x</EMAIL></SelectRecipientData></Body></Envelope>",
            "<Envelope><Body><RemoveRecipient><LIST_ID>23949</LIST_ID><EMAIL>x</EMAIL></RemoveRecipient></Body></Envelope>",
            "<Envelope><Body>",
        ]
        #expect(!(try schema.validate(data: Data(requests[0].utf8))).isEmpty, "a request is not a result")
        for envelope in requests {
            let response = try await simulator.raw(
                url: "/XMLAPI", contentType: FormEncoding.contentType, token: token,
                body: FormEncoding.encode([("xml", envelope)]))
            #expect(try schema.validate(data: response.body).isEmpty, "\(envelope)")
        }
    }
}
