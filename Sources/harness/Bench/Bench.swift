import ArgumentParser

extension Harness {
    /// `harness bench <name>`: the speed and memory targets of the project, measured on this machine.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure throughput and latency on this machine.",
            subcommands: [BenchXML.self, BenchServe.self]
        )
    }
}
