import ArgumentParser
import CassetteKit
import ContractKit
import FlowCatalog
import Foundation
import MockServer
import Verification

extension Harness {
    struct Record: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record",
            abstract: "Record flows into Cassettes/<vendor>/<flow>.har (redacted, with the outcome).",
            discussion: """
                Each flow runs against its vendor's simulator, served on an ephemeral loopback port, or against \
                a live server with --upstream URL. A flow is recorded whole: --record all (the default) re-records \
                it, --record once records only flows without a cassette. Re-recording an unchanged flow writes an \
                identical file, and re-recording a changed one prints how it changed (harness diff's format). \
                --check records in memory instead and compares with the stored cassettes, which stay \
                untouched: exit 0 when every flow records identically, 1 when one drifted (the diff is printed). \
                --jobs N records N flows at once, each against its own simulator (default: the number of cores); \
                the report keeps the flows' order.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Flows to record, as vendor/name (see harness flows).")
        var flows: [String] = []

        @Option(help: "Record every flow of this vendor (with --all too: --all then means all of its flows).")
        var vendor: String?

        @Flag(help: "Record every flow.")
        var all = false

        @Option(help: "Record against this live server instead of the simulator (its base URL for the vendor).")
        var upstream: String?

        @Option(help: "The Cassettes folder.")
        var cassettes = "Cassettes"

        @Option(help: "The Schemas folder, whose x-volatile fields the diffs against stored cassettes ignore.")
        var schemas = "Schemas"

        @Option(help: "Seconds one flow may take.")
        var flowTimeout: Double = 30

        @OptionGroup var jobs: JobsOptions

        @Flag(
            help: "Record in memory and compare with the stored cassettes (drift check); exit 1 on drift."
        )
        var check = false

        @Option(help: "all: re-record every selected flow; once: only flows that have no cassette yet.")
        var record = RecordMode.all.rawValue

        /// `--record`, read in ``validate()``.
        var mode: RecordMode { RecordMode(rawValue: record) ?? .all }

        func validate() throws {
            try OptionRange.seconds(flowTimeout, "--flow-timeout", in: 0.001...86_400)
            guard let mode = RecordMode(rawValue: record) else {
                throw ValidationError(
                    "--record takes all or once; got '\(record)' (modes: "
                        + RecordMode.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            guard mode == .all || mode == .once else {
                throw ValidationError(
                    "--record \(record) does not apply to harness record: a flow is recorded whole; "
                        + "use --record all (re-record) or --record once (only flows without a cassette)")
            }
            if !all && vendor == nil && flows.isEmpty {
                throw ValidationError("name flows (vendor/name), --vendor V or --all; harness flows lists them")
            }
        }

        func run() async throws {
            _ = global.bootstrap()
            var selected: [Flow] = []
            if all && vendor == nil { selected = FlowCatalog.all }
            if let vendor { selected += FlowCatalog.flows(vendor: vendor) }
            for id in flows {
                guard let flow = FlowCatalog.flow(id: id) else {
                    let known = FlowCatalog.all.map(\.id)
                    throw ValidationError(
                        "no flow '\(id)'; known: \(known.isEmpty ? "none registered yet" : known.joined(separator: ", "))"
                    )
                }
                selected.append(flow)
            }
            var seen = Set<String>()
            selected = selected.filter { seen.insert($0.id).inserted }
            if mode == .once, !check {
                let root = URL(fileURLWithPath: cassettes, isDirectory: true)
                let existing = selected.filter { FileManager.default.fileExists(atPath: $0.cassetteURL(in: root).path) }
                for flow in existing { print("- \(flow.id)  kept: it has a cassette (--record once)") }
                selected.removeAll { flow in existing.contains { $0.id == flow.id } }
                if selected.isEmpty, !existing.isEmpty { return }
            }
            if selected.isEmpty {
                print("no flows to record (vendors register flows in FlowCatalog.all)")
                return
            }
            var upstreamURL: URL?
            if let upstream {
                guard let url = URL(string: upstream), url.scheme == "http" || url.scheme == "https" else {
                    throw ValidationError("--upstream takes an http(s) URL; got '\(upstream)'")
                }
                upstreamURL = url
            }
            var recorder = FlowRecorder(
                simulators: SimulatorRegistry.all, cassettesRoot: URL(fileURLWithPath: cassettes, isDirectory: true),
                flowTimeout: OptionRange.duration(seconds: flowTimeout), jobs: jobs.count)
            recorder.volatile = try VolatileFields.load(folder: URL(fileURLWithPath: schemas, isDirectory: true))
            if check {
                try await checkDrift(selected, recorder: recorder, upstream: upstreamURL)
                return
            }
            let results = await recorder.record(selected, upstream: upstreamURL)
            var failed = 0
            for result in results {
                if let error = result.error {
                    failed += 1
                    print("✗ \(result.flow)  not recorded: \(error)")
                } else {
                    print("✓ \(result.flow)  \(cassettes)/\(result.cassette)  \(result.entries) interaction(s)")
                    if let changes = result.changes, !changes.isEmpty {
                        print(Self.indented(changes.text(old: "stored", new: "recorded")), terminator: "")
                    }
                }
            }
            print("\(results.count - failed) of \(results.count) flow(s) recorded")
            if failed > 0 { throw ExitCode(1) }
        }

        /// `record --check`: each flow recorded in memory and diffed with its stored cassette.
        private func checkDrift(_ flows: [Flow], recorder: FlowRecorder, upstream: URL?) async throws {
            let results = await recorder.check(flows, upstream: upstream)
            for result in results {
                if let error = result.error {
                    print("✗ \(result.flow)  \(error)")
                } else if let diff = result.diff, !diff.isEmpty {
                    print("✗ \(result.flow)  drifted from \(cassettes)/\(result.cassette): \(diff.summary)")
                    print(Self.indented(diff.text(old: "stored", new: "recorded")), terminator: "")
                } else {
                    print("✓ \(result.flow)  unchanged")
                }
            }
            let drifted = results.filter(\.drifted).count
            print("\(results.count - drifted) of \(results.count) flow(s) unchanged")
            if drifted > 0 {
                print("the stored cassettes are untouched; to accept the changes: swift run harness record <flow>")
                throw ExitCode(1)
            }
        }

        /// A diff's lines after its summary line, indented under the flow's line.
        static func indented(_ text: String) -> String {
            text.split(separator: "\n").dropFirst().map { "    " + $0 + "\n" }.joined()
        }
    }
}
