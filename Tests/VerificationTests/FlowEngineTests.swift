import CassetteKit
import ContractKit
import FlowCatalog
import Foundation
import JSONCore
import MockServer
import Testing
import Verification

/// Each check of `harness verify` over the test vendor: green after recording, and catching its fault with a
/// message that names cassette, entry and field.
@Suite("Flow engine")
struct FlowEngineTests {
    @Test("record then verify: every check of every flow holds")
    func recordThenVerify() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        let report = try await workspace.engine().verify()
        let failures = report.flows.flatMap { flow in flow.checks.flatMap(\.failures) }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(report.flows.map(\.id) == ["testvendor/greet", "testvendor/motto", "testvendor/missing"])
        #expect(report.flows.allSatisfy { flow in flow.checks.allSatisfy { $0.status == .passed } })
        #expect(report.contract.entryCount == 4)
        #expect(report.orphans.isEmpty)
        #expect(report.exitStatus == 0)
    }

    @Test("re-recording an unchanged flow writes a byte-identical file without the ephemeral port")
    func reRecordingIsIdentical() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        let first = try Data(contentsOf: workspace.cassette("greet"))
        try await workspace.recordAll()
        let second = try Data(contentsOf: workspace.cassette("greet"))
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("http://simulator.local/testvendor/greetings"))
        #expect(!text.contains("127.0.0.1"))
        let cassette = try Cassette(contentsOf: workspace.cassette("greet"))
        #expect(cassette.harness.flow == "testvendor/greet")
        #expect(cassette.harness.outcome?["fetched"]?["body"]?["greeting"]?.stringValue == "hello Ada")
    }

    @Test("consumer: a changed request body field is named with both values")
    func consumerCatchesChangedField() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        let report = try await workspace.engine([TestVendor.greet(name: "Grace")]).verify(
            FlowEngine.Options(checks: [.consumer]))
        let consumer = try #require(report.flows.first?.result(.consumer))
        #expect(consumer.status == .failed)
        let message = consumer.failures.joined(separator: "\n")
        #expect(message.contains("testvendor/greet"))
        #expect(message.contains("/name"))
        #expect(message.contains("Ada") && message.contains("Grace"))
        #expect(report.exitStatus == 1)
    }

    @Test("consumer: an entry the flow no longer sends is reported as unused")
    func consumerCatchesUnusedEntry() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        let report = try await workspace.engine([TestVendor.greet(fetch: false)]).verify(
            FlowEngine.Options(checks: [.consumer]))
        let message = try #require(report.flows.first?.result(.consumer)).failures.joined(separator: "\n")
        #expect(
            message.contains(
                "Cassettes/testvendor/greet.har entry 1 (GET http://simulator.local/testvendor/greetings/1) is unused"))
        #expect(message.contains("swift run harness record testvendor/greet"))
    }

    @Test("provider: a simulator that answers differently is caught at the field")
    func providerCatchesChangedResponse() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        let report = try await workspace.engine(simulators: [GreetingSimulator(word: "hi")]).verify(
            FlowEngine.Options(checks: [.provider]))
        let greet = try #require(report.flows.first { $0.id == "testvendor/greet" }?.result(.provider))
        #expect(greet.status == .failed)
        let message = greet.failures.joined(separator: "\n")
        #expect(message.contains("entry 0 (POST /greetings)"))
        #expect(message.contains("/greeting"))
        #expect(message.contains("hello Ada") && message.contains("hi Ada"))
        let motto = try #require(report.flows.first { $0.id == "testvendor/motto" }?.result(.provider))
        #expect(motto.status == .passed)
    }

    @Test("contract: a cassette whose response breaks the schema fails the flow's contract check")
    func contractCatchesSchemaViolation() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        var cassette = try Cassette(contentsOf: workspace.cassette("motto"))
        cassette.entries[0].response = HAR.Response(
            CassetteResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"motto":42}"#.utf8)))
        try cassette.write(to: workspace.cassette("motto"))
        let report = try await workspace.engine().verify(FlowEngine.Options(checks: [.contract]))
        let contract = try #require(report.flows.first { $0.id == "testvendor/motto" }?.result(.contract))
        #expect(contract.status == .failed)
        let message = contract.failures.joined(separator: "\n")
        #expect(message.contains("Cassettes/testvendor/motto.har entry 0"))
        #expect(message.contains("/motto"))
        #expect(report.flows.first { $0.id == "testvendor/greet" }?.result(.contract)?.status == .passed)
        #expect(report.exitStatus == 1)
    }

    @Test("a cassette no flow claims is an orphan and fails the run")
    func orphanCassette() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        try FileManager.default.copyItem(at: workspace.cassette("greet"), to: workspace.cassette("old-greet"))
        let report = try await workspace.engine().verify()
        #expect(report.orphans == ["Cassettes/testvendor/old-greet.har"])
        #expect(report.exitStatus == 1)
        #expect(FlowTextReport(colour: false).render(report).contains("old-greet.har  orphan: no flow claims"))
    }

    @Test("a throwing flow fails its consumer check; the other flows still pass")
    func throwingFlow() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        let catalog = [TestVendor.throwing(TestVendor.greet()), TestVendor.motto, TestVendor.missing]
        let report = try await workspace.engine(catalog).verify()
        let consumer = try #require(report.flows.first?.result(.consumer))
        #expect(
            consumer.failures == ["the flow threw instead of returning its outcome: the greeting service is unhappy"])
        #expect(report.flows.dropFirst().allSatisfy { !$0.failed })
    }

    @Test("a hanging flow times out; the other flows still pass")
    func hangingFlow() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        let catalog = [TestVendor.hanging(TestVendor.greet()), TestVendor.motto, TestVendor.missing]
        // Long enough that the other flows finish on a loaded CI machine, short enough to keep the test quick.
        let report = try await workspace.engine(catalog, timeout: .seconds(10)).verify()
        let consumer = try #require(report.flows.first?.result(.consumer))
        #expect(consumer.failures.first?.contains("did not finish within") == true)
        #expect(report.flows.dropFirst().allSatisfy { !$0.failed })
    }

    @Test("an unparsable cassette fails its flow with the reason; the other flows still pass")
    func unparsableCassette() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        try Data("{\"log\": {\"entries\": [".utf8).write(to: workspace.cassette("greet"))
        let report = try await workspace.engine().verify()
        let greet = try #require(report.flows.first)
        for kind in [CheckKind.consumer, .provider] {
            let failure = try #require(greet.result(kind)?.failures.first)
            #expect(failure.contains("cannot read the cassette"))
            #expect(failure.contains("greet.har"))
        }
        #expect(report.flows.dropFirst().allSatisfy { !$0.failed })
        #expect(report.exitStatus == 2)
    }

    @Test("a flow without a cassette fails with the command that records it")
    func missingCassette() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let report = try await workspace.engine([TestVendor.motto]).verify()
        let flow = try #require(report.flows.first)
        #expect(!flow.hasCassette)
        #expect(
            flow.result(.consumer)?.failures
                == [
                    "no cassette at Cassettes/testvendor/motto.har; record it: swift run harness record testvendor/motto"
                ])
    }

    @Test("no flows and no cassettes: nothing to check, exit 0")
    func emptyCatalog() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let report = try await workspace.engine([]).verify()
        #expect(report.flows.isEmpty && report.orphans.isEmpty)
        #expect(report.exitStatus == 0)
    }

    @Test("--shard i/n picks flows by catalog index modulo n, and --only skips the other checks")
    func shardAndOnly() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        let first = try await workspace.engine().verify(
            FlowEngine.Options(checks: [.consumer], shard: Shard(parsing: "1/2")))
        let second = try await workspace.engine().verify(
            FlowEngine.Options(checks: [.consumer], shard: Shard(parsing: "2/2")))
        #expect(first.flows.map(\.id) == ["testvendor/greet", "testvendor/missing"])
        #expect(second.flows.map(\.id) == ["testvendor/motto"])
        #expect(first.flows[0].result(.provider)?.status == .skipped)
        #expect(Shard(parsing: "3/2") == nil && Shard(parsing: "0/1") == nil)
    }

    @Test("reports: JUnit has a testcase per flow × check; the HTML page is self-contained")
    func reports() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        let report = try await workspace.engine(simulators: [GreetingSimulator(word: "hi")]).verify()
        let junit = FlowJUnitReport.render(report)
        for flow in ["greet", "motto", "missing"] {
            for check in ["contract", "consumer", "provider"] {
                #expect(junit.contains("name=\"testvendor/\(flow) \(check)\""))
            }
        }
        #expect(junit.contains("<failure type=\"provider\""))
        let html = FlowHTMLReport.render(report)
        #expect(html.contains("<style>") && !html.contains("<link") && !html.contains("<script"))
        #expect(html.contains("hi Ada"))
        let table = FlowTable.render(report)
        #expect(table.contains("testvendor/greet") && table.contains("FAIL"))
    }
}

/// `--against URL`: the provider check over HTTP against a live server.
@Suite("Flow engine against a live server")
struct AgainstTests {
    @Test("a live server answering as recorded holds; one that drifted is reported field by field")
    func against() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.recordAll()
        for (word, holds) in [("hello", true), ("hi", false)] {
            let server = try MockServer(
                configuration: MockServerConfiguration(port: 0), simulators: [GreetingSimulator(word: word)],
                now: { FlowContext.epoch })
            let endpoints = try await server.start()
            let report = try await workspace.engine([TestVendor.greet()]).verify(
                FlowEngine.Options(checks: [.provider], against: endpoints.baseURL(for: TestVendor.name)))
            try await server.stop()
            let provider = try #require(report.flows.first?.result(.provider))
            if holds {
                #expect(provider.status == .passed, "\(provider.failures)")
            } else {
                let message = provider.failures.joined(separator: "\n")
                #expect(message.contains("body json:/greeting: expected \"hello Ada\", got \"hi Ada\""))
                #expect(message.contains("the live API drifted from the cassette"))
            }
        }
    }
}
