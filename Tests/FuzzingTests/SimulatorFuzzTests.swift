import CassetteKit
import ContractKit
import Foundation
import Fuzzing
import HarnessTesting
import MockServer
import Testing
import Verification

@Suite("fuzzing: a short deterministic run against every simulator")
struct SimulatorFuzzTests {
    static let vendors = ["engage", "referralhero", "walkme", "adapty", "webengage"]

    @Test("200 requests with seed 1 find nothing", arguments: vendors)
    func shortRunFindsNothing(vendor: String) async throws {
        let schemas = try RepositoryRoot.schemas()
        let registry = try SchemaRegistry(folder: schemas)
        let contract = try FuzzContract(vendor: vendor, schemas: schemas)
        let host = try SimulatorHost(simulators: SimulatorRegistry.all.filter { $0.vendor == vendor })
        try await host.reset(vendor: vendor)
        let target = FuzzTarget(name: "the \(vendor) simulator", baseURL: "http://127.0.0.1:8080/\(vendor)") {
            try await host.respond(vendor: vendor, to: $0)
        }
        let runner = FuzzRunner(
            contract: contract, registry: registry, profile: .forVendor(vendor), target: target,
            options: FuzzRunner.Options(requests: 200, seed: 1, timeout: 30))
        let result = try await runner.run()
        #expect(result.sent == 200)
        let report = FuzzTextReport.render([result])
        #expect(result.findings.count == 0, Comment(rawValue: report))
        #expect((result.intents["valid"] ?? 0) > 50, "\(result.intents)")
    }
}
