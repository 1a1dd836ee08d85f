import FlowCatalog
import Foundation
import HarnessTesting
import JSONCore
import Testing
import Verification

@testable import ContractKit

@Suite("Flow basis")
struct FlowBasisTests {
    @Test("A flow's basis is derived: the x-source of each operation, status and member its cassette exercises")
    func derivedFromTheCassette() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = workspace.root.appendingPathComponent("Schemas/testvendor/testvendor.openapi.yaml")
        var document = TestVendor.openAPI
        document = document.replacingOccurrences(
            of: "description: no such greeting",
            with: "description: no such greeting\n          x-source: \"assumed: the 404 body\"")
        document = document.replacingOccurrences(
            of: "operationId: motto",
            with: "operationId: motto\n      x-source: \"sdk-source: Motto.swift\"")
        try Data(document.utf8).write(to: file)
        try await workspace.recordAll()

        let report = try await workspace.engine().verify(FlowEngine.Options(checks: [.contract]))
        let basis = Dictionary(uniqueKeysWithValues: report.flows.map { ($0.id, $0.basis) })
        #expect(basis["testvendor/greet"] == .document)
        #expect(basis["testvendor/motto"] == .sdkSource)
        #expect(basis["testvendor/missing"] == .assumed)
        let missing = try #require(report.flows.first { $0.id == "testvendor/missing" })
        #expect(missing.facts.map(\.source) == ["assumed: the 404 body"])
        #expect(missing.facts.first?.location.hasSuffix("#/paths/~1greetings~1{id}/get/responses/404") == true)
        #expect(FlowTable.render(report).contains("1 on the vendors' documents alone, 1 also on their public SDK "))
        #expect(FlowAssumptionsReport.render(report).contains("- assumed: the 404 body"))
    }

    @Test("Facts a flow's SDK code path declares count too, with the flow as their place; prose never does")
    func declaredFacts() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        var greet = TestVendor.greet()
        greet.documentation = "Test vendor guide; assumed: this prose is not a fact"
        var motto = TestVendor.motto
        motto.facts = [Fact(source: "assumed: the motto is cached for a day", location: "flow testvendor/motto")]
        let report = try await workspace.engine([greet, motto]).verify(FlowEngine.Options(checks: [.contract]))
        #expect(report.flows.map(\.basis) == [.document, .assumed])
        #expect(report.flows[1].facts.map(\.location) == ["flow testvendor/motto"])
        let declared = Flow(
            vendor: "v", name: "n", documentation: "d", summary: "s", facts: [.assumed("x"), .sdkSource("y")]
        ) { _ in .null }
        #expect(declared.facts.map(\.location) == ["flow v/n", "flow v/n"])
        #expect(declared.facts.map(\.basis) == [.assumed, .sdkSource])
    }

    @Test("No flow of the catalog that touches an operation or status marked assumed in Schemas/ reports document")
    func catalogHonest() async throws {
        let root = try RepositoryRoot.url()
        let engine = FlowEngine(
            catalog: FlowCatalog.all, simulators: [], cassettesRoot: root.appendingPathComponent("Cassettes"),
            schemasRoot: root.appendingPathComponent("Schemas"), displayRoot: root)
        let report = try await engine.verify(FlowEngine.Options(checks: [.contract]))
        let registry = try SchemaRegistry(folder: root.appendingPathComponent("Schemas"))
        var checked = 0
        for flow in FlowCatalog.all {
            let url = flow.cassetteURL(in: root.appendingPathComponent("Cassettes"))
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let result = try #require(report.flows.first { $0.id == flow.id })
            let cassette = try InteractionCassette.read(url)
            for interaction in cassette.interactions {
                guard let contract = registry.contracts[cassette.vendor],
                    case .operation(let operation) = contract.match(
                        method: interaction.request.method, path: interaction.request.path)
                else { continue }
                // Read the operation's and the answered status's own x-source straight from the document.
                var walker = FactWalker(documents: contract.documents)
                let (uri, pointer) = operation.declaration
                var sources = [walker.value(at: uri, pointer)?["x-source"]?.stringValue]
                if let (key, _) = operation.response(for: interaction.response.status) {
                    sources.append(walker.resolve(at: uri, pointer + ["responses", key])?.0["x-source"]?.stringValue)
                }
                for source in sources.compactMap(\.self) where Fact.Basis(source: source) == .assumed {
                    checked += 1
                    #expect(result.basis == .assumed, "\(flow.id) touches '\(source)' but reports \(result.basis)")
                }
            }
            if !flow.facts.isEmpty { #expect(result.basis >= flow.facts.basis, "\(flow.id)") }
        }
        #expect(checked > 0, "the catalog touches assumed operations; the check must have something to hold")
        for id in ["walkme/campaign-dismissed-ok", "adapty/onboarding-full-journey"] {
            if let flow = report.flows.first(where: { $0.id == id }) {
                #expect(flow.basis == .assumed, "\(id) rests on assumed facts")
            }
        }
    }
}
