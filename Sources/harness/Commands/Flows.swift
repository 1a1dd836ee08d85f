import ArgumentParser
import CassetteKit
import FlowCatalog
import Foundation
import JSONCore
import Verification

extension Harness {
    struct Flows: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "flows",
            abstract: "List every flow with its status per check (cassette, contract, consumer, provider).",
            discussion: """
                Runs the same checks as verify; --html FILE writes a self-contained coverage page. --check also \
                re-records each flow in memory (as record --check) and shows the drifted ones with \
                their diff.
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case table
            case json
        }

        @OptionGroup var global: GlobalOptions

        @OptionGroup var selection: FlowSelectionOptions

        @Option(help: "Output format: table or json.")
        var format: Format = .table

        @Option(help: "Also write the coverage page (flows × checks with failure details) to this HTML file.")
        var html: String?

        @Flag(help: "Also re-record each flow in memory and show drifted flows with their diff.")
        var check = false

        func run() async throws {
            _ = global.bootstrap()
            let report: FlowReport
            do {
                report = try await selection.engine().verify(try selection.options())
            } catch let error as ValidationError {
                throw error
            } catch {
                printError("error: \(error)")
                throw ExitCode(2)
            }
            var drift: [DriftResult] = []
            if check {
                let ids = Set(report.flows.map(\.id))
                drift = await selection.engine().recorder.check(FlowCatalog.all.filter { ids.contains($0.id) })
            }
            if let html {
                do {
                    try Data(FlowHTMLReport.render(report, drift: drift).utf8).write(
                        to: URL(fileURLWithPath: html), options: .atomic)
                } catch {
                    printError("error: cannot write \(html): \(error.localizedDescription)")
                    throw ExitCode(2)
                }
            }
            switch format {
            case .table:
                print(FlowTable.render(report), terminator: "")
                for result in drift where result.drifted {
                    print("drifted: \(result.flow)  \(result.error ?? result.diff?.summary ?? "")")
                }
            case .json: print(FlowJSONReport.value(report).serialized(.stable))
            }
        }
    }
}
