import ArgumentParser
import CassetteKit
import ContractKit
import Foundation
import Logging

extension Harness {
    /// `harness import <file.har>…`: turns HAR exports from browsers and proxies into redacted cassettes.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn HAR files exported by a browser or proxy into redacted cassettes.",
            discussion: """
                Each entry is attributed to its vendor by the vendors' documented hosts (the servers of \
                Schemas/<vendor>/*.openapi.yaml, or their domain), or by path where the host is a proxy's or this \
                machine's (/<vendor>/…, a documented base path, a declared operation), and rebased onto the \
                vendor's contract paths. Each vendor's entries become Cassettes/imported/<vendor>/<file name>.har, \
                which harness verify contract-checks; entries of unknown hosts are set aside and listed. With \
                --vendor or --as the whole file becomes one cassette (Cassettes/imported/<file name>.har or the \
                name given). Every entry is kept in order, secrets redacted (Authorization, cookies, tokens, API \
                keys and the --redact fields).
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "HAR files exported by Chrome, Firefox, Safari, Charles, Proxyman, Fiddler or mitmproxy.")
        var files: [String]

        @Option(help: "The cassette folder.")
        var cassettes = "Cassettes"

        @Option(help: "The Schemas folder, whose servers and paths attribute entries to vendors.")
        var schemas = "Schemas"

        @Option(name: .customLong("as"), help: "The cassette name, <vendor>/<flow> (one file only).")
        var name: String?

        @Option(help: "The flow recorded in the cassette's _harness (names the re-record command in errors).")
        var flow: String?

        @Option(help: "The vendor recorded in the cassette's _harness.")
        var vendor: String?

        @Option(
            help: "More fields to redact: json:/pointer, xpath:EXPR, header:NAME, query:NAME, form:NAME, value:REGEX.")
        var redact: [String] = []

        @Flag(help: "Replace a cassette that already exists.")
        var force = false

        func validate() throws {
            if name != nil && files.count > 1 {
                throw ValidationError("--as names one cassette; import one file with it")
            }
        }

        func run() async throws {
            let logger = global.bootstrap()
            let store = CassetteStore(root: URL(fileURLWithPath: cassettes, isDirectory: true))
            let rules = try redact.map { text throws(CassetteError) in try FieldRule(parsing: text) }
            var endpoints: [VendorEndpoint]?
            for file in files {
                let url = URL(fileURLWithPath: file)
                let exported = try Cassette(contentsOf: url)
                if name == nil && vendor == nil {
                    let known = try endpoints ?? Self.endpoints(schemas)
                    endpoints = known
                    try await importByVendor(file, exported: exported, endpoints: known, store: store, rules: rules)
                    continue
                }
                let target = name ?? Self.defaultName(for: url)
                if !force, try await store.exists(target) {
                    throw ValidationError(
                        "cassette \(try store.url(for: target).path) exists; pass --force to replace it")
                }
                let settings = HarnessExtension(flow: flow, vendor: vendor, redact: rules)
                let (cassette, redacted) = Cassette.imported(from: exported, settings: settings)
                try await store.save(cassette, as: target)
                logger.info("imported \(url.path) as \(target)")
                let count = cassette.log.entries.count
                print(
                    "\(file) → \(try store.url(for: target).path): \(count) interaction\(count == 1 ? "" : "s"), "
                        + "\(redacted) value\(redacted == 1 ? "" : "s") redacted")
            }
        }

        /// `imported/<file name>`, with characters a cassette name cannot hold replaced by `-`.
        static func defaultName(for url: URL) -> String {
            let base = url.deletingPathExtension().lastPathComponent
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
            var cleaned = String(base.map { allowed.contains($0) ? $0 : "-" })
            while cleaned.hasPrefix(".") || cleaned.hasPrefix("-") { cleaned.removeFirst() }
            return "imported/" + (cleaned.isEmpty ? "export" : cleaned)
        }
    }
}
