import ContractKit
import FlowCatalog

/// The text `harness verify` prints: the contract check by cassette, then each flow with its checks, orphans,
/// a summary and the elapsed time.
public struct FlowTextReport: Sendable {
    public var colour: Bool

    public init(colour: Bool) {
        self.colour = colour
    }

    private var style: TerminalStyle { TerminalStyle(colour: colour) }

    private func mark(_ status: CheckResult.Status) -> String {
        switch status {
        case .passed: style.passed("✓")
        case .failed: style.failed("✗")
        case .skipped: style.dim("–")
        }
    }

    public func render(_ report: FlowReport) -> String {
        var text = ""
        if report.checks.contains(.contract) { text += TextReport(colour: colour).render(report.contract) }
        let flowChecks = report.checks.filter { $0 != .contract }
        if report.flows.isEmpty && report.orphans.isEmpty && !report.contract.cassettes.isEmpty {
            // Cassette paths were given: the contract report above is the whole answer.
            return text + style.dim("contract check only: cassette paths run no flows")
                + " (verified in \(report.elapsedText))\n"
        }
        let shard = report.shard.map { " (shard \($0))" } ?? ""
        var lines: [String] = []
        let names = report.checks.map(\.rawValue).joined(separator: " + ")
        lines.append(
            "flows: \(names) checks of \(report.flows.count) flow\(report.flows.count == 1 ? "" : "s")\(shard)")
        let width = report.flows.map(\.id.count).max() ?? 0
        for flow in report.flows {
            let marks = report.checks.compactMap { kind in
                flow.result(kind).map { "\(kind.rawValue) \(mark($0.status))" }
            }.joined(separator: "  ")
            let padding = String(repeating: " ", count: max(0, width - flow.id.count))
            lines.append("\(flow.failed ? mark(.failed) : mark(.passed)) \(flow.id)\(padding)  \(marks)")
            for result in flow.checks where result.status == .failed {
                lines.append("    " + style.failed("[\(result.check.rawValue)]"))
                for failure in result.failures {
                    lines += failure.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
                }
            }
        }
        for orphan in report.orphans {
            lines.append(
                mark(.failed) + " \(orphan)  orphan: no flow claims this cassette; delete it, or register the flow "
                    + "that records it")
        }
        if report.flows.isEmpty && report.orphans.isEmpty && flowChecks.isEmpty == false {
            lines.append(style.passed("0 flows") + ": nothing to run yet (vendors register flows in FlowCatalog.all)")
        }
        lines.append(summary(report))
        return text + lines.joined(separator: "\n") + "\n"
    }

    public func summary(_ report: FlowReport) -> String {
        let failed = report.failedFlows.count
        let total = "\(report.flows.count) flow\(report.flows.count == 1 ? "" : "s")"
        let time = "in \(report.elapsedText)"
        if report.exitStatus == 0 { return style.passed("\(total): every check holds") + " (verified \(time))" }
        var parts: [String] = []
        if failed > 0 { parts.append("\(failed) of \(total) failed") }
        if !report.orphans.isEmpty { parts.append("\(report.orphans.count) orphan cassette(s)") }
        if report.checks.contains(.contract) && report.contract.exitStatus != 0 {
            parts.append("contract: \(report.contract.violationCount) violation(s)")
        }
        return style.failed(parts.joined(separator: ", ")) + " (verified \(time))"
    }
}
