import ArgumentParser
import CassetteKit
import ContractKit
import Foundation
import JSONCore

extension Harness {
    struct Diff: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Compare two cassettes semantically, field by field.",
            discussion: """
                Entries pair by request (method, path, query, body semantically); each pair's status, headers, \
                body (JSON by pointer, XML by XPath on the canonical form, form fields as a set) and outcome are \
                compared, volatile fields (_harness.volatile of either cassette, and the x-volatile fields that \
                Schemas/ declares for the cassettes' vendor) and secrets ignored. Entries \
                without a partner are added (+) or removed (-); changed fields show the old and new values (~).
                Exit status: 0 equal, 1 they differ, 2 a file cannot be read.
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text
            case json
        }

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The old cassette (a HAR file).")
        var old: String

        @Argument(help: "The new cassette.")
        var new: String

        @Option(help: "Output format: text or json.")
        var format: Format = .text

        @Option(help: "The Schemas folder, whose x-volatile fields for the cassettes' vendor are ignored.")
        var schemas = "Schemas"

        func run() async throws {
            _ = global.bootstrap()
            let diff: CassetteDiff
            do {
                let before = try Cassette(contentsOf: URL(fileURLWithPath: old))
                let after = try Cassette(contentsOf: URL(fileURLWithPath: new))
                let declared = try VolatileFields.load(folder: URL(fileURLWithPath: schemas, isDirectory: true))
                let vendors = Set([before.harness.vendor, after.harness.vendor].compactMap { $0 })
                diff = try CassetteDiff(
                    old: before, new: after, oldName: old, newName: new,
                    volatile: vendors.sorted().flatMap { declared[$0] ?? [] })
            } catch {
                printError("error: \(error)")
                throw ExitCode(2)
            }
            switch format {
            case .text: print(diff.text(old: old, new: new), terminator: "")
            case .json: print(diff.json.serialized(.stable))
            }
            if !diff.isEmpty { throw ExitCode(1) }
        }
    }
}
