import ArgumentParser
import ContractKit
import Foundation
import JSONCore
import Logging

extension Harness {
    /// `harness verify`: holds every cassette to its vendor's contract (this part: the contract check).
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check every cassette against Schemas/ (operations, statuses, headers, bodies, secrets).",
            discussion: """
                Exit status: 0 every contract holds, 1 violations, 2 the check could not run (a schema that does \
                not load, an unreadable cassette, a vendor without a contract).
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text
            case json
        }

        enum ColourMode: String, ExpressibleByArgument, CaseIterable {
            case auto
            case always
            case never
        }

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Cassette files or folders to check (default: the Cassettes folder).")
        var paths: [String] = []

        @Option(help: "The Schemas folder.")
        var schemas = "Schemas"

        @Option(help: "The Cassettes folder, checked when no paths are given.")
        var cassettes = "Cassettes"

        @Option(help: "The vendor whose contract applies (default: the cassette's folder name).")
        var vendor: String?

        @Option(help: "Write a JUnit XML report to this file.")
        var junit: String?

        @Option(help: "Report format on standard output: text or json.")
        var format: Format = .text

        @Option(help: "Colour the text report: auto (a terminal without NO_COLOR), always or never.")
        var color: ColourMode = .auto

        func run() throws {
            let logger = global.bootstrap()
            let schemasURL = URL(fileURLWithPath: schemas)
            let registry: SchemaRegistry
            do {
                registry = try SchemaRegistry(folder: schemasURL)
            } catch {
                printError("error: \(error.description)")
                throw ExitCode(2)
            }
            logger.info("loaded contracts of \(registry.vendors.joined(separator: ", ")) from \(schemas)")
            let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let files = CassetteFiles.find(
                paths.isEmpty ? [URL(fileURLWithPath: cassettes)] : paths.map { URL(fileURLWithPath: $0) })
            let check = ContractCheck(registry: registry)
            var report = VerificationReport(cassettes: [], schemas: schemas, vendors: registry.vendors)
            let progress = Progress(total: files.count)
            for (index, file) in files.enumerated() {
                let display = CassetteFiles.displayPath(file, relativeTo: root)
                do {
                    report.add(
                        try TemporaryHARAdapter.read(file, displayPath: display, vendor: vendor), checkedBy: check)
                } catch {
                    report.cassettes.append(
                        VerificationReport.Cassette(
                            path: display, vendor: vendor ?? "", entries: [], error: error.description))
                }
                progress.update(index + 1)
            }
            progress.finish()
            if let junit {
                do {
                    try Data(JUnitReport.render(report).utf8).write(to: URL(fileURLWithPath: junit), options: .atomic)
                } catch {
                    printError("error: cannot write the JUnit report to \(junit): \(error.localizedDescription)")
                    throw ExitCode(2)
                }
            }
            switch format {
            case .text: print(TextReport(colour: useColour).render(report), terminator: "")
            case .json: print(JSONReport.value(report).serialized(.stable))
            }
            if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
        }

        private var useColour: Bool {
            switch color {
            case .always: true
            case .never: false
            case .auto:
                isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
                    && ProcessInfo.processInfo.environment["TERM"] != "dumb"
            }
        }
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// A progress line on standard error while many cassettes are checked: rewritten in place on a terminal, one
/// line per tenth otherwise.
struct Progress {
    static let threshold = 50
    let total: Int
    let terminal = isatty(STDERR_FILENO) == 1

    func update(_ done: Int) {
        guard total >= Self.threshold else { return }
        if terminal {
            FileHandle.standardError.write(Data("\rchecking cassettes: \(done)/\(total)".utf8))
        } else if done % max(1, total / 10) == 0 || done == total {
            printError("checking cassettes: \(done)/\(total)")
        }
    }

    func finish() {
        if total >= Self.threshold && terminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
