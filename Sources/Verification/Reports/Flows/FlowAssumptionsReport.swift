/// `harness verify --assumed`: which flows rest on facts the vendors' documents do not state, and what those are, so
/// a contract the vendor wrote can be told from one we inferred.
public enum FlowAssumptionsReport {
    public static func render(_ report: FlowReport) -> String {
        let assumed = report.flows.filter { !$0.assumptions.isEmpty }
        var lines = [
            "assumed: \(assumed.count) of \(report.flows.count) flows rest on facts no vendor document states "
                + "(Schemas/ marks each with x-source: assumed)"
        ]
        for flow in assumed {
            lines.append("  \(flow.id)")
            for assumption in flow.assumptions { lines.append("    - \(assumption)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
