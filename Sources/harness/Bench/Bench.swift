import ArgumentParser
import Foundation
import LibXML

extension Harness {
    /// `harness bench <name>`: the speed and memory targets of the project, measured on this machine.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bench",
            abstract: "Measure throughput and latency on this machine.",
            subcommands: [
                BenchXML.self, BenchValidate.self, BenchReplay.self, BenchEngage.self, BenchServe.self,
                BenchVerify.self, BenchSoak.self, BenchGrowth.self, BenchState.self,
            ]
        )
    }
}

/// The options every `harness bench` measurement takes.
struct BenchOptions: ParsableArguments {
    @Option(help: "The Schemas folder.")
    var schemas = "Schemas"

    @Option(help: "Seconds to measure each figure.")
    var seconds = 3.0

    func validate() throws {
        try OptionRange.seconds(seconds, "--seconds", in: 0.01...3600)
    }

    /// The Engage RESULT schema and the ~2 KB envelope measured against it, checked to be valid.
    func resultSchemaAndEnvelope() throws -> (schema: XML.Schema, envelope: Data) {
        let schemaURL = URL(fileURLWithPath: schemas).appendingPathComponent("engage/xsd/result.xsd")
        let schema = try XML.Schema(contentsOf: schemaURL)
        let envelope = Data(Harness.Bench.BenchXML.resultEnvelope().utf8)
        let problems = try schema.validate(data: envelope)
        guard problems.isEmpty else {
            throw ValidationError("the benchmark envelope does not validate: \(problems.map(\.description))")
        }
        return (schema, envelope)
    }
}
