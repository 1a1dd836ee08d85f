import CassetteKit
import ContractKit
import Foundation
import Fuzzing
import HarnessTesting
import JSONCore
import MockServer
import Testing
import Verification

@Suite("fuzzing: ids that name no record, and degenerate ids")
struct IdentifierMutationTests {
    static let profilePath = "/sdk/analytics/profiles/{profileId}/"

    @Test("unknown and degenerate ids reach path parameters and the id members of bodies")
    func idsReachPathsAndBodies() throws {
        var generator = try RequestGeneratorTests.generator("adapty")
        generator.mutations = [.unknownRecord, .degenerateID]
        let operations = generator.contract.operations
        let createProfile = try #require(
            operations.first { $0.method == "POST" && $0.pathTemplate == Self.profilePath })
        let sendEvents = try #require(operations.first { $0.method == "POST" && $0.pathTemplate == "/sdk/events/" })
        var random = SeededGenerator(seed: 4)
        var seen: Set<String> = []
        for _ in 0..<400 {
            guard let request = generator.invalid(createProfile, random: &random),
                case .invalid(let mutation, let detail, let mustBeRefused) = request.intent
            else { continue }
            if detail.hasPrefix("path parameter profileId is empty") {
                #expect(request.target == "/api/v1/sdk/analytics/profiles//")
                #expect(mustBeRefused, "the contract gives profileId minLength 1: \(detail)")
                seen.insert("empty profileId")
            } else if mutation == .unknownRecord, detail.hasPrefix("path parameter profileId names no record") {
                #expect(!mustBeRefused, "creating an unknown profile is what the operation does")
                seen.insert("unknown profileId")
            }
        }
        for _ in 0..<400 {
            guard let request = generator.invalid(sendEvents, random: &random),
                case .invalid(_, let detail, let mustBeRefused) = request.intent,
                detail.hasPrefix("body member profile_id is empty")
            else { continue }
            let body = try JSONValue(parsing: request.body)
            let events = body["data"]?["attributes"]?["events"]?.arrayValue ?? []
            let ids = events.compactMap { $0["profile_id"]?.stringValue }
            #expect(ids.contains(""), "\(body.serialized())")
            #expect(mustBeRefused)
            seen.insert("empty profile_id")
        }
        #expect(seen == ["empty profileId", "unknown profileId", "empty profile_id"], "\(seen.sorted())")
    }

    @Test("every operation's boundary requests empty each id once and name no record in each path parameter")
    func boundaries() throws {
        let generator = try RequestGeneratorTests.generator("adapty")
        let operations = generator.contract.operations
        let createProfile = try #require(
            operations.first { $0.method == "POST" && $0.pathTemplate == Self.profilePath })
        var random = SeededGenerator(seed: 6)
        let details = generator.boundaries(createProfile, random: &random).compactMap { request -> String? in
            guard case .invalid(_, let detail, _) = request.intent else { return nil }
            return detail
        }
        #expect(details.contains("path parameter profileId is empty, invalid by the contract"), "\(details)")
        #expect(details.contains { $0.hasPrefix("path parameter profileId names no record (") }, "\(details)")
        #expect(details.contains { $0.hasPrefix("header adapty-sdk-profile-id is empty") }, "\(details)")
        #expect(Set(details).count == details.count, "\(details)")

        let sendEvents = try #require(operations.first { $0.method == "POST" && $0.pathTemplate == "/sdk/events/" })
        let events = generator.boundaries(sendEvents, random: &random)
        let emptyProfile = try #require(
            events.first {
                guard case .invalid(.degenerateID, let detail, true) = $0.intent else { return false }
                return detail.hasPrefix("body member profile_id is empty")
            })
        let body = try JSONValue(parsing: emptyProfile.body)
        let ids = body["data"]?["attributes"]?["events"]?.arrayValue?.compactMap { $0["profile_id"]?.stringValue }
        #expect(ids?.first == "")
    }

    @Test("an id becomes one of the same shape that names no record")
    func lookalikes() throws {
        var generator = try RequestGeneratorTests.generator("engage")
        generator.mutations = [.unknownRecord]
        let xmlapi = try #require(generator.contract.operations.first { $0.pathTemplate == "/XMLAPI" })
        var random = SeededGenerator(seed: 5)
        var lists: [String] = []
        for _ in 0..<200 {
            guard let request = generator.invalid(xmlapi, xmlOperation: "GetListMetaData", random: &random),
                case .invalid(_, let detail, _) = request.intent, detail.hasPrefix("<LIST_ID> names no record (")
            else { continue }
            let rest = detail.dropFirst("<LIST_ID> names no record (".count)
            lists.append(String(rest.prefix { $0 != ")" }))
        }
        #expect(!lists.isEmpty)
        for list in lists {
            #expect(!list.isEmpty && list.allSatisfy(\.isNumber) && list != "23949", "\(list)")
        }
    }

    /// The Adapty simulator as it answered before its empty-id fix: `…/profiles//` matched no route (404
    /// `NOT_FOUND`, which `POST` does not declare), and a batch with an event whose `profile_id` is empty was
    /// answered 404 `NOT_FOUND` (which `POST /sdk/events/` does not declare).
    static func withoutEmptyIDFix(_ host: SimulatorHost) -> FuzzTarget {
        FuzzTarget(name: "the adapty simulator without its empty-id fix", baseURL: "http://127.0.0.1:8080/adapty") {
            request in
            let notFound = CassetteResponse(
                status: 404, headers: ["Content-Type": "application/json"],
                body: Data(#"{"errors":[{"code":"NOT_FOUND"}]}"#.utf8))
            let path = request.parts.path
            if path.hasSuffix("/analytics/profiles//") { return notFound }
            if request.method == "POST", path.hasSuffix("/sdk/events/"),
                let body = try? JSONValue(parsing: request.decodedBody),
                let events = body["data"]?["attributes"]?["events"]?.arrayValue,
                events.contains(where: { $0["profile_id"]?.stringValue == "" })
            {
                return notFound
            }
            return try await host.respond(vendor: "adapty", to: request)
        }
    }

    @Test("the fuzzer reports the undeclared 404s of an Adapty simulator with its empty-id fix reverted")
    func revertedFixIsFound() async throws {
        let schemas = try RepositoryRoot.schemas()
        let registry = try SchemaRegistry(folder: schemas)
        let contract = try FuzzContract(vendor: "adapty", schemas: schemas)
        // What `harness fuzz --vendor adapty` sends: 1000 requests, seed 1, every mutation.
        let options = FuzzRunner.Options(requests: 1_000, seed: 1, timeout: 30)
        func run(_ target: FuzzTarget) async throws -> FuzzResult {
            try await FuzzRunner(
                contract: contract, registry: registry, profile: .forVendor("adapty"), target: target, options: options
            ).run()
        }
        let host = try SimulatorHost(simulators: SimulatorRegistry.all.filter { $0.vendor == "adapty" })
        try await host.reset(vendor: "adapty")
        let reverted = try await run(Self.withoutEmptyIDFix(host))
        let undeclared = reverted.findings.filter { $0.kind == .undeclaredStatus && $0.response?.status == 404 }
        let report = FuzzTextReport.render([reverted])
        #expect(undeclared.contains { $0.operation == "POST " + Self.profilePath }, Comment(rawValue: report))
        #expect(undeclared.contains { $0.operation == "POST /sdk/events/" }, Comment(rawValue: report))
        for finding in undeclared {
            guard case .invalid(let mutation, let detail, _) = finding.request.intent else {
                Issue.record("a valid request found the 404: \(finding.messages)")
                continue
            }
            #expect(mutation == .degenerateID && detail.contains("is empty"), "\(detail)")
        }

        try await host.reset(vendor: "adapty")
        let today = try await run(
            FuzzTarget(name: "the adapty simulator", baseURL: "http://127.0.0.1:8080/adapty") {
                try await host.respond(vendor: "adapty", to: $0)
            })
        #expect(today.findings.isEmpty, Comment(rawValue: FuzzTextReport.render([today])))
    }
}
