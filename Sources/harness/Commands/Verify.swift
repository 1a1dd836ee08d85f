import ArgumentParser
import ContractKit
import FlowCatalog
import Foundation
import JSONCore
import Logging
import MockServer
import Verification

extension Harness {
    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check every flow and cassette: contract (Schemas/), consumer (replay) and provider (simulator).",
            discussion: """
                contract: every cassette entry fits the vendor's OpenAPI/XSD contract. consumer: each flow, re-run \
                against its cassette, sends the recorded requests in order and ends with the recorded outcome. \
                provider: the cassette's requests, sent to a fresh simulator (or --against a live server), get the \
                recorded responses. Cassettes under a flow vendor's folder that no flow claims are orphans.
                Arguments: vendors (referralhero) or flow ids (referralhero/add-subscriber) run just those flows, \
                all three checks; existing cassette files or folders are contract-checked only.
                --jobs N checks N flows at once (default: the number of cores); the report keeps the catalog's \
                order and the exit status is the same for any N.
                --state postgres://user@host:port/database runs the provider check's simulators on that PostgreSQL \
                database instead of a fresh in-memory SQLite store per flow, as harness serve --state runs them. \
                The database is this run's own: each flow resets its vendor's tables there, so never give it the \
                database of a team's shared mock (HARNESS_STATE, harness serve's default, is not read). A vendor's \
                flows take turns on it; different vendors' run at once.
                Exit status: 0 every check holds, 1 a check failed, 2 the check could not run (a schema that does \
                not load, an unreadable cassette, a vendor without a contract).
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text
            case json
            /// GitHub Actions workflow commands (one `::error` annotation per failure), then the text report.
            case github
        }

        enum ColourMode: String, ExpressibleByArgument, CaseIterable {
            case auto
            case always
            case never
        }

        @OptionGroup var global: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "Vendors or flow ids to check, or cassette files or folders to contract-check only "
                    + "(default: every flow and the Cassettes folder).",
                valueName: "vendor|flow|path"))
        var paths: [String] = []

        @OptionGroup var selection: FlowSelectionOptions

        @Option(help: "The vendor whose contract applies (default: the cassette's folder name).")
        var vendor: String?

        @Option(help: "Write a JUnit XML report to this file (a testcase per flow × check and per cassette entry).")
        var junit: String?

        @Option(help: "Report format on standard output: text, json or github (Actions annotations).")
        var format: Format = .text

        @Flag(help: "After the text report, list the flows that rest on assumed facts and what those are.")
        var assumed = false

        @Option(help: "Colour the text report: auto (a terminal without NO_COLOR), always or never.")
        var color: ColourMode = .auto

        @Option(
            help: ArgumentHelp(
                "Run the provider check's simulators on this PostgreSQL database "
                    + "(postgres://user[:password]@host[:port]/database), reset for every flow: the run's own, never "
                    + "a shared mock's (default: a fresh in-memory SQLite store per flow).",
                valueName: "postgres-url"))
        var state: String?

        func validate() throws {
            guard let state else { return }
            if selection.against != nil {
                throw ValidationError(
                    "--state and --against exclude each other: --against sends the provider check to a live server, "
                        + "not to the simulators")
            }
            if !state.lowercased().hasPrefix("postgres://") && !state.lowercased().hasPrefix("postgresql://") {
                throw ValidationError(
                    "--state takes a postgres:// URL, such as postgres://harness@127.0.0.1:5432/verify; got '"
                        + PostgresStateStore.location(of: state)
                        + "' (without --state the provider check already runs on SQLite, a fresh in-memory store per "
                        + "flow)")
            }
        }

        func run() async throws {
            let logger = global.bootstrap()
            let engine = selection.engine()
            let targets = try VerifyTargets(arguments: paths, catalog: engine.catalog)
            var options = try selection.options(
                contractVendor: vendor, contractPaths: targets.files.isEmpty ? nil : targets.files)
            options.flows = targets.flows
            if let state {
                // A URL it cannot use ends the run here: `error: <the server, without password, and why>`, status 2.
                options.state = try await ProviderStateStore.open(
                    url: state, simulators: engine.simulators, connections: engine.concurrency, logger: logger)
                logger.info(
                    "the provider check's simulators keep their state in \(PostgresStateStore.location(of: state))")
            }
            let verified: Result<FlowReport, ContractError>
            do {
                verified = .success(
                    try await engine.verify(options) { done, total in Progress(total: total).update(done) })
            } catch {
                verified = .failure(error)
            }
            await options.state?.close()
            let report: FlowReport
            switch verified {
            case .success(let value): report = value
            case .failure(let error):
                printError("error: \(error.description)")
                throw ExitCode(2)
            }
            if report.contract.cassettes.count >= Progress.threshold, isatty(STDERR_FILENO) == 1 {
                FileHandle.standardError.write(Data("\n".utf8))
            }
            logger.info("verified \(report.flows.count) flows in \(report.elapsedText)")
            if let junit {
                do {
                    try Data(FlowJUnitReport.render(report).utf8).write(
                        to: URL(fileURLWithPath: junit), options: .atomic)
                } catch {
                    printError("error: cannot write the JUnit report to \(junit): \(error.localizedDescription)")
                    throw ExitCode(2)
                }
            }
            switch format {
            case .text: print(FlowTextReport(colour: useColour).render(report), terminator: "")
            case .json: print(FlowJSONReport.value(report).serialized(.stable))
            case .github:
                print(
                    FlowGitHubReport.render(report, cassettesFolder: selection.cassettes) { file in
                        try? String(contentsOfFile: file, encoding: .utf8)
                    }, terminator: "")
                print(FlowTextReport(colour: false).render(report), terminator: "")
            }
            if assumed, format == .text { print(FlowAssumptionsReport.render(report), terminator: "") }
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

/// The options `verify` and `flows` share: where things are, which flows and checks, timeouts.
struct FlowSelectionOptions: ParsableArguments {
    @Option(help: "The Schemas folder.")
    var schemas = "Schemas"

    @Option(help: "The Cassettes folder.")
    var cassettes = "Cassettes"

    @Option(help: "Run only these checks (repeatable): contract, consumer or provider.")
    var only: [CheckName] = []

    @Option(help: "Check the flows whose catalog index modulo n is i-1 (CI matrices), e.g. 2/4.")
    var shard: String?

    @Option(help: "Send the provider check's requests to this live server instead of the simulator (drift check).")
    var against: String?

    @Option(help: "Seconds one flow may take before it counts as hanging.")
    var flowTimeout: Double = 30

    @OptionGroup var jobs: JobsOptions

    func engine() -> FlowEngine {
        FlowEngine(
            catalog: FlowCatalog.all, simulators: SimulatorRegistry.all,
            cassettesRoot: URL(fileURLWithPath: cassettes, isDirectory: true),
            schemasRoot: URL(fileURLWithPath: schemas, isDirectory: true),
            displayRoot: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            flowTimeout: OptionRange.duration(seconds: flowTimeout), concurrency: jobs.count)
    }

    func validate() throws {
        try OptionRange.seconds(flowTimeout, "--flow-timeout", in: 0.001...86_400)
    }

    func options(contractVendor: String? = nil, contractPaths: [URL]? = nil) throws -> FlowEngine.Options {
        var parsedShard: Shard?
        if let shard {
            guard let value = Shard(parsing: shard) else {
                throw ValidationError("--shard takes i/n with 1 ≤ i ≤ n, such as 1/4; got '\(shard)'")
            }
            parsedShard = value
        }
        var upstream: URL?
        if let against {
            guard let url = URL(string: against), url.scheme == "http" || url.scheme == "https" else {
                throw ValidationError(
                    "--against takes an http(s) URL such as https://sandbox.example.com; got '\(against)'")
            }
            upstream = url
        }
        return FlowEngine.Options(
            checks: only.isEmpty ? CheckKind.allCases : only.compactMap { CheckKind(rawValue: $0.rawValue) },
            shard: parsedShard, against: upstream,
            contractVendor: contractVendor, contractPaths: contractPaths)
    }
}

/// The checks `--only` names.
enum CheckName: String, ExpressibleByArgument, CaseIterable {
    case contract
    case consumer
    case provider
}

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
