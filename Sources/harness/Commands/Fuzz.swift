import ArgumentParser
import CassetteKit
import ContractKit
import FlowCatalog
import Foundation
import Fuzzing
import HTTPTypes
import MockServer
import OpenAPIRuntime
import Verification

extension Harness {
    struct Fuzz: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fuzz",
            abstract: "Send requests derived from Schemas/ to a simulator (or --against a server) and report "
                + "every answer the contract does not allow.",
            discussion: """
                Valid requests (every operation, and every XML operation of an x-xsd mapping such as \
                Engage's XMLAPI; values drawn from the JSON Schemas, XML documents drawn from the XSDs, the \
                simulator's demo credentials and records) and invalid ones (missing required members and \
                elements, wrong types, out-of-range values, unknown members and elements, XML tags in the wrong \
                case, malformed JSON and XML, wrong namespaces and content types, bad encodings, oversized \
                bodies, missing or wrong credentials, path parameters and ids naming no record, empty, \
                whitespace, very long or unicode ids). A finding is a status the operation does not declare, a \
                response body failing its schema, any 5xx, a failed connection, a hang past --timeout, a valid request refused with a \
                4xx, or an invalid one accepted. Each comes with a curl line and a one-entry cassette.
                The same --seed sends the same requests. Exit status: 0 no findings, 1 findings, 2 the run \
                could not start (a schema that does not load, an unknown vendor, an unreachable server).
                """
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: "The vendor to fuzz (repeatable; default: every vendor with a contract).")
        var vendor: [String] = []

        @Option(help: "Requests per vendor.")
        var requests: Int = 1_000

        @Option(help: "The seed of the request generator (the same seed sends the same requests).")
        var seed: UInt64 = 1

        @Option(help: "Send to this server (its base URL for the vendor) instead of the in-process simulator.")
        var against: String?

        @Option(help: "Seconds one answer may take before it counts as a hang.")
        var timeout: Double = 10

        @Option(help: "Write a JUnit XML report to this file (a testcase per operation).")
        var junit: String?

        @Option(help: "The Schemas folder.")
        var schemas = "Schemas"

        @Option(help: "Write each group of findings' reproduction cassette (HAR) into this folder.")
        var findings = ".harness/fuzz"

        @Option(
            help: ArgumentHelp(
                "Draw invalid requests from this mutation only (repeatable; default: all): "
                    + FuzzRequest.Mutation.allCases.map(\.rawValue).joined(separator: ", ") + ".",
                valueName: "mutation"))
        var mutation: [String] = []

        @Option(
            help: ArgumentHelp(
                "Send requests for this operation only (repeatable; default: all): its method and path "
                    + "('POST /sdk/events/'), or an XML operation (GetLists).", valueName: "operation"))
        var operation: [String] = []

        func validate() throws {
            try OptionRange.count(requests, "--requests", in: 1...10_000_000)
            try OptionRange.seconds(timeout, "--timeout", in: 0.001...3_600)
            for name in mutation where FuzzRequest.Mutation(rawValue: name) == nil {
                throw ValidationError(
                    "unknown mutation '\(name)'; known: "
                        + FuzzRequest.Mutation.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if let against, URL(string: against)?.host == nil {
                throw ValidationError("--against must be an absolute URL such as http://127.0.0.1:8080/engage")
            }
        }

        func run() async throws {
            _ = global.bootstrap()
            let folder = URL(fileURLWithPath: schemas)
            let registry: SchemaRegistry
            do {
                registry = try SchemaRegistry(folder: folder)
            } catch {
                printError("error: \(error.description)")
                throw ExitCode(2)
            }
            let vendors = vendor.isEmpty ? registry.vendors : vendor
            var results: [FuzzResult] = []
            var contracts: [String: FuzzContract] = [:]
            for name in vendors {
                do {
                    let contract = try FuzzContract(vendor: name, schemas: folder, known: registry.vendors)
                    contracts[name] = contract
                    let target = try await FuzzTargets.make(vendor: name, against: against, timeout: timeout)
                    let runner = FuzzRunner(
                        contract: contract, registry: registry, profile: .forVendor(name), target: target,
                        options: FuzzRunner.Options(
                            requests: requests, seed: seed, timeout: timeout, brokenPaths: against == nil,
                            mutations: mutation.isEmpty
                                ? FuzzRequest.Mutation.allCases : mutation.compactMap(FuzzRequest.Mutation.init),
                            operations: operation))
                    results.append(try await runner.run())
                } catch let error as FuzzError {
                    printError("error: \(error.description)")
                    throw ExitCode(2)
                }
            }
            let written = writeCassettes(results)
            print(FuzzTextReport.render(results, cassettes: written), terminator: "")
            if let junit {
                do {
                    try Data(FuzzJUnitReport.render(results, contracts: contracts).utf8).write(
                        to: URL(fileURLWithPath: junit), options: .atomic)
                } catch {
                    printError("error: cannot write the JUnit report to \(junit): \(error.localizedDescription)")
                    throw ExitCode(2)
                }
            }
            if results.contains(where: { !$0.findings.isEmpty }) { throw ExitCode(1) }
        }

        /// Writes each group's smallest reproduction to `<findings>/<vendor>-<request>.har`; by signature.
        private func writeCassettes(_ results: [FuzzResult]) -> [String: String] {
            var written: [String: String] = [:]
            for result in results {
                for group in result.groups {
                    guard let first = group.first else { continue }
                    let path = "\(findings)/\(result.vendor)-\(first.index).har"
                    do {
                        try FileManager.default.createDirectory(
                            atPath: findings, withIntermediateDirectories: true)
                        try first.cassette.encoded().write(to: URL(fileURLWithPath: path), options: .atomic)
                        written[first.signature] = path
                    } catch {
                        printError("warning: cannot write \(path): \(error.localizedDescription)")
                    }
                }
            }
            return written
        }
    }
}

/// The targets `harness fuzz` sends to: a vendor's simulator in process, or a server over HTTP.
enum FuzzTargets {
    /// Asks the server for its base URL once, so an unreachable URL fails the run at once (exit 2) instead of as a
    /// hang per request. Any answer, whatever its status, means the server is there.
    static func preflight(_ url: URL) async throws {
        guard url.host != nil else { throw FuzzError.unreachable(target: url.absoluteString, reason: "no host") }
        do {
            _ = try await UpstreamTransport(timeout: .seconds(5)).send(
                CassetteRequest(method: "GET", url: "/"), baseURL: url, operationID: "preflight")
        } catch {
            throw FuzzError.unreachable(target: url.absoluteString, reason: String(describing: error))
        }
    }

    static func make(vendor: String, against: String?, timeout: Double) async throws -> FuzzTarget {
        if let against {
            var base = against
            while base.hasSuffix("/") { base.removeLast() }
            guard let url = URL(string: base) else {
                throw FuzzError.unreachable(target: against, reason: "not a URL")
            }
            try await preflight(url)
            let transport = UpstreamTransport(timeout: .milliseconds(Int(min(timeout, 3_600) * 1_000) + 1_000))
            return FuzzTarget(name: base, baseURL: base) { request in
                try await transport.send(request, baseURL: url, operationID: "fuzz")
            }
        }
        let simulators = SimulatorRegistry.all.filter { $0.vendor == vendor }
        guard !simulators.isEmpty else {
            throw FuzzError.unreachable(
                target: "the \(vendor) simulator", reason: "no simulator for \(vendor); pass --against URL")
        }
        let host: SimulatorHost
        do {
            host = try SimulatorHost(simulators: simulators)
            try await host.reset(vendor: vendor)
        } catch {
            throw FuzzError.unreachable(target: "the \(vendor) simulator", reason: String(describing: error))
        }
        return FuzzTarget(name: "the \(vendor) simulator", baseURL: "http://127.0.0.1:8080/\(vendor)") { request in
            try await host.respond(vendor: vendor, to: request)
        }
    }
}
