import ArgumentParser
import Foundation
import LibXML
import Logging

extension Harness.Bench {
    /// `harness bench xml`: parse + XSD-validate throughput for an Engage XMLAPI result envelope.
    struct BenchXML: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "xml",
            abstract: "Parse + validate a ~2 KB Engage XMLAPI result envelope against its XSD, in docs/s."
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var bench: BenchOptions

        func run() throws {
            let logger = global.bootstrap()
            let (schema, envelope) = try bench.resultSchemaAndEnvelope()
            logger.info("envelope of \(envelope.count) bytes validates against \(bench.schemas)/engage/xsd/result.xsd")

            let stopwatch = Stopwatch(seconds: bench.seconds)
            let oneCore = try stopwatch.throughput {
                let problems = try schema.validate(data: envelope)
                precondition(problems.isEmpty)
            }
            let cores = ProcessInfo.processInfo.activeProcessorCount
            let allCores = stopwatch.parallelThroughput(workers: cores) {
                let problems = try? schema.validate(data: envelope)
                precondition(problems?.isEmpty == true)
            }
            print(
                "bench xml: parse + XSD validate, \(envelope.count)-byte Engage RESULT envelope, libxml2 \(XML.libraryVersion)"
            )
            print("  1 core:          \(Figures.grouped(oneCore)) docs/s   (target >= 25,000)")
            print("  \(cores) cores (all):   \(Figures.grouped(allCores)) docs/s")
        }

        /// A SelectRecipientData result with 24 columns, about 2 KB: the envelope an Engage SDK reads most.
        static func resultEnvelope() -> String {
            var result = XML.Element("RESULT")
            result.append("SUCCESS", text: "TRUE")
            result.append("EMAIL", text: "somebody@example.com")
            result.append("Email", text: "somebody@example.com")
            result.append("RecipientId", text: "33439394")
            result.append("EmailType", text: "0")
            result.append("LastModified", text: "6/25/04 3:29 PM")
            result.append("CreatedFrom", text: "1")
            result.append("OptedIn", text: "6/25/04 3:29 PM")
            result.append(XML.Element("OptedOut"))
            result.append("ORGANIZATION_ID", text: "1a2b3c4d-5e6f")
            var columns = XML.Element("COLUMNS")
            let names = [
                "Fname", "Lname", "Mobile User Id", "Merged Recipient Id", "Merged Date", "Last Location Address",
                "Last Location Address Time", "facebook_id", "City", "Country", "Zip", "Favourite colour", "Plan",
                "Signup source", "Loyalty tier", "Points", "Language", "Time zone", "Push enabled", "App version",
                "Device model", "OS version", "Campaign", "Notes",
            ]
            for (index, name) in names.enumerated() {
                columns.append(
                    XML.Element(
                        "COLUMN",
                        elements: [
                            XML.Element("NAME", text: name), XML.Element("VALUE", text: "value \(index) & more"),
                        ]
                    )
                )
            }
            result.append(columns)
            return XML.Element("Envelope", elements: [XML.Element("Body", elements: [result])]).serialized()
        }
    }
}
