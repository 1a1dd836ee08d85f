import ArgumentParser

/// `harness`: record, serve and verify vendor SDK contracts.
@main
struct Harness: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "harness",
        abstract: "Record, replay and verify the HTTP contracts of mobile engagement SDKs.",
        discussion: """
            Cassettes (HAR 1.2) live in Cassettes/<vendor>/<flow>.har, schemas (OpenAPI 3.1 + XSD) in Schemas/.
            Tests replaying cassettes take their record mode from HARNESS_RECORD (none, once, new-episodes, all); \
            harness record re-records whole flows (--record once: only flows without a cassette).
            """,
        version: Harness.version,
        subcommands: [
            Version.self, Verify.self, Flows.self, Record.self, Diff.self, Serve.self, Import.self, Show.self,
            Redact.self, Bench.self, Fuzz.self, Journal.self, BalancerConfig.self,
        ]
    )

    /// The version of ContractHarness.
    static let version = "0.1.0"
}
