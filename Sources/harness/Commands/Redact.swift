import ArgumentParser
import CassetteKit
import Foundation
import Logging

extension Harness {
    /// `harness redact <path>…`: re-applies the redaction rules to existing cassettes, atomically.
    struct Redact: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "redact",
            abstract: "Re-apply the redaction rules to cassettes in place (atomically).",
            discussion: """
                Applies the built-in rules, each cassette's _harness.redact fields and the --field rules. The \
                --field rules are kept in the cassette so later runs apply them again. With --check nothing is \
                written and the exit status is 1 when a cassette holds an unredacted secret.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Cassette files or folders (searched for *.har).")
        var paths: [String]

        @Option(
            name: .customLong("field"), help: "A field to redact: json:/pointer, xpath:EXPR, header:NAME, value:REGEX…")
        var fields: [String] = []

        @Flag(help: "Report what would change without writing; exit 1 if anything would.")
        var check = false

        func run() async throws {
            let logger = global.bootstrap()
            let rules = try fields.map { text throws(CassetteError) in try FieldRule(parsing: text) }
            var unclean = 0
            for url in try Self.cassetteFiles(paths) {
                var cassette = try Cassette(contentsOf: url)
                var harness = cassette.harness
                harness.redact += rules.filter { !harness.redact.contains($0) }
                cassette.harness = harness
                let before = try Cassette(contentsOf: url).encoded()
                let count = cassette.redact()
                let after = cassette.encoded()
                guard after != before else {
                    print("\(url.path): clean")
                    continue
                }
                unclean += 1
                if check {
                    print("\(url.path): \(count) value\(count == 1 ? "" : "s") to redact")
                } else {
                    try cassette.write(to: url)
                    logger.info("rewrote \(url.path)")
                    print("\(url.path): redacted \(count) value\(count == 1 ? "" : "s")")
                }
            }
            if check && unclean > 0 { throw ExitCode(1) }
        }

        /// The `.har` files among `paths`, folders searched recursively, in a stable order.
        static func cassetteFiles(_ paths: [String]) throws -> [URL] {
            var files: [URL] = []
            for path in paths {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                    throw ValidationError("\(path): no such file or folder")
                }
                guard isDirectory.boolValue else {
                    files.append(URL(fileURLWithPath: path))
                    continue
                }
                files += CassetteStore(root: URL(fileURLWithPath: path, isDirectory: true)).cassetteFiles()
            }
            return files
        }
    }
}
