import ContractKit

/// `harness verify --assumed`: which flows rest on facts the vendors' documents do not state, and what those are, so
/// a contract the vendor wrote can be told from one we inferred. Each fact is an `x-source` in `Schemas/` that the
/// flow's cassette exercises, or one the flow's SDK code path declares (`Flow.facts`).
public enum FlowAssumptionsReport {
    public static func render(_ report: FlowReport) -> String {
        let assumed = report.flows.filter { $0.basis == .assumed }
        let sdk = report.flows.filter { $0.basis == .sdkSource }
        var lines = [
            "assumed: \(assumed.count) of \(report.flows.count) flows rest on facts no vendor document states "
                + "(x-source: assumed in Schemas/, or a flow's own); \(sdk.count) more on vendors' public SDK sources"
        ]
        for flow in assumed {
            lines.append("  \(flow.id)")
            for fact in flow.assumedFacts { lines.append("    - \(fact.source)  (\(fact.location))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
