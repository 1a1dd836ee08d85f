import CassetteKit
import ContractKit
import Foundation
import Fuzzing
import HarnessTesting
import Testing

@Suite("fuzzing: how answers are judged")
struct FuzzRunnerTests {
    static func runner(
        requests: Int = 20, timeout: Double = 30,
        send: @escaping @Sendable (CassetteRequest) async throws -> CassetteResponse
    ) throws -> FuzzRunner {
        let schemas = try RepositoryRoot.schemas()
        let registry = try SchemaRegistry(folder: schemas)
        let contract = try FuzzContract(vendor: "referralhero", schemas: schemas)
        return FuzzRunner(
            contract: contract, registry: registry, profile: .forVendor("referralhero"),
            target: FuzzTarget(name: "a test target", baseURL: "http://127.0.0.1:9/referralhero", send: send),
            options: FuzzRunner.Options(requests: requests, seed: 5, timeout: timeout))
    }

    @Test("a 5xx is a finding with a curl line and a one-entry cassette")
    func serverErrors() async throws {
        let runner = try Self.runner {
            _ in CassetteResponse(status: 503, headers: ["Content-Type": "text/plain"], body: Data("down".utf8))
        }
        let result = try await runner.run()
        #expect(result.findings.count == 20)
        let finding = try #require(result.findings.first)
        #expect(finding.kind == .serverError)
        #expect(finding.curl.hasPrefix("curl -sS -i -X "))
        #expect(finding.curl.contains("'http://127.0.0.1:9/referralhero/lists/"))
        #expect(finding.cassette.entries.count == 1)
        #expect(finding.cassette.entries.first?.response.status == 503)
    }

    @Test("a valid request refused with 400 is a finding; an invalid one accepted with 200 is one too")
    func refusedAndAccepted() async throws {
        let body = Data(#"{"status":"error","message":"no","code":"invalid_request_body"}"#.utf8)
        let refusing = try Self.runner { _ in
            CassetteResponse(status: 400, headers: ["Content-Type": "application/json"], body: body)
        }
        let refused = try await refusing.run()
        #expect(refused.findings.contains { $0.kind == .validRefused })
        #expect(!refused.findings.contains { $0.kind == .invalidAccepted })

        let accepting = try Self.runner { _ in CassetteResponse(status: 200) }
        let accepted = try await accepting.run()
        #expect(accepted.findings.contains { $0.messages.contains { $0.contains("accepted with 200") } })
    }

    @Test("a target that never answers is a hang, and one that fails at once is unreachable")
    func hangsAndFailures() async throws {
        let hanging = try Self.runner(requests: 2, timeout: 0.05) { _ in
            let (stream, continuation) = AsyncStream<Int>.makeStream()
            for await _ in stream {}
            continuation.finish()
            return CassetteResponse(status: 200)
        }
        let result = try await hanging.run()
        #expect(result.findings.map(\.kind) == [.hang, .hang])

        struct Refused: Error {}
        let failing = try Self.runner { _ in throw Refused() }
        await #expect(throws: FuzzError.self) { try await failing.run() }
    }

    @Test("a send that loses to the timer is cancelled, so the target's work ends", .timeLimit(.minutes(5)))
    func timedOutSendCancelled() async throws {
        let (cancellations, cancelled) = AsyncStream<Void>.makeStream()
        let hanging = try Self.runner(requests: 2, timeout: 0.05) { _ in
            // Waits until cancelled, as a transport does for an answer that never comes.
            let (never, keptOpen) = AsyncStream<Int>.makeStream()
            await withTaskCancellationHandler {
                for await _ in never {}
            } onCancel: {
                keptOpen.finish()
                cancelled.yield()
            }
            return CassetteResponse(status: 200)
        }
        let result = try await hanging.run()
        #expect(result.findings.map(\.kind) == [.hang, .hang])
        var seen = 0
        for await _ in cancellations {
            seen += 1
            if seen == 2 { break }
        }
        #expect(seen == 2, "both timed-out sends were cancelled")
    }

    @Test("curl lines quote bytes a shell would mangle")
    func curlQuoting() async throws {
        let runner = try Self.runner(requests: 1) { _ in CassetteResponse(status: 500) }
        let finding = try #require(try await runner.run().findings.first)
        #expect(!finding.curl.contains("\n"))
        #expect(finding.curl.contains("-H 'Authorization: rh-sim-token'"))
    }
}

@Suite("fuzzing: coverage of XML operations")
struct XMLCoverageTests {
    @Test("a run sends every XML operation of Engage's x-xsd mapping, each as often as the others")
    func everyXMLOperation() async throws {
        let schemas = try RepositoryRoot.schemas()
        let registry = try SchemaRegistry(folder: schemas)
        let contract = try FuzzContract(vendor: "engage", schemas: schemas)
        let mapped = Set(contract.operations.flatMap { $0.body?.media ?? [] }.flatMap(\.xmlOperations))
        let token = Data(#"{"access_token":"fz-token","token_type":"bearer","expires_in":3600}"#.utf8)
        let runner = FuzzRunner(
            contract: contract, registry: registry, profile: .forVendor("engage"),
            target: FuzzTarget(name: "a test target", baseURL: "http://127.0.0.1:9/engage") { _ in
                CassetteResponse(status: 200, headers: ["Content-Type": "application/json"], body: token)
            },
            options: FuzzRunner.Options(requests: contract.cases.count * 2, seed: 8, timeout: 30))
        let result = try await runner.run()
        let sent = Set(result.operations.keys.filter { $0.hasPrefix("POST /XMLAPI ") }.map { $0.dropFirst(13) })
        #expect(Set(sent.map(String.init)) == mapped)
        let xml = result.operations.filter { $0.key.hasPrefix("POST /XMLAPI ") }.values
        #expect((xml.max() ?? 0) - (xml.min() ?? 0) <= 1, "\(result.operations)")
    }
}
