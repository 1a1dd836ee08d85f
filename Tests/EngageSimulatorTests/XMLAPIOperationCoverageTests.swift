import CassetteKit
import ContractKit
import EngageSDK
import FlowCatalog
import Foundation
import HarnessTesting
import Testing

/// Issue #34: every operation the Engage SDK lists (`XMLAPI_OPERATION_*`, the vendor's `XMLAPIOperation.h`) has its
/// request and result formats in `Schemas/engage`, an answer from the simulator, and a recorded flow that sends it.
@Suite("Every XMLAPI operation the SDK lists")
struct XMLAPIOperationCoverageTests {
    @Test("The SDK lists the vendor's 58 operations")
    func fiftyEight() {
        #expect(XMLAPIOperation.allCases.count == 58)
        #expect(Set(XMLAPIOperation.allCases.map(\.rawValue)).count == 58)
    }

    @Test("Each operation constant has a request XSD, its own result XSD, a simulator answer and a flow")
    func everyOperationIsCovered() async throws {
        let root = try RepositoryRoot.url()
        let registry = try SchemaRegistry(folder: root.appendingPathComponent("Schemas", isDirectory: true))
        let declared = Dictionary(
            registry.xmlOperations(vendor: "engage").map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

        var sentBy: [String: [String]] = [:]
        let cassettes = root.appendingPathComponent("Cassettes", isDirectory: true)
        for flow in FlowCatalog.all where flow.vendor == "engage" {
            let url = flow.cassetteURL(in: cassettes)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let interactions = InteractionCassette(
                try Cassette(contentsOf: url), path: "engage/\(flow.name).har", folderVendor: "engage")
            for interaction in interactions.interactions {
                if let operation = registry.xmlOperation(of: interaction, vendor: "engage") {
                    sentBy[operation, default: []].append(flow.id)
                }
            }
        }

        let simulator = try await SimulatorFixture()
        let token = try await simulator.token()
        var gaps: [String] = []
        for operation in XMLAPIOperation.allCases {
            let name = operation.rawValue
            guard let contract = declared[name] else {
                gaps.append("\(name): no request XSD in the x-xsd mapping of POST /XMLAPI")
                continue
            }
            if contract.resultSchema == nil || contract.resultSchema?.hasSuffix("/xsd/result.xsd") == true {
                gaps.append("\(name): no result XSD of its own (\(contract.resultSchema ?? "none"))")
            }
            let answer = try await simulator.xmlAPI("<Envelope><Body><\(name)/></Body></Envelope>", token: token)
            if answer.faultString?.contains("unknown or unsupported operation") ?? false {
                gaps.append("\(name): the simulator does not answer it")
            }
            if sentBy[name] == nil { gaps.append("\(name): no flow's cassette sends it") }
        }
        #expect(gaps.isEmpty, "\(gaps.count) gaps:\n\(gaps.joined(separator: "\n"))")
    }
}
