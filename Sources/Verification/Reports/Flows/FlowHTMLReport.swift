import CassetteKit
import ContractKit
import FlowCatalog

/// The coverage page of `harness flows --html FILE`: one self-contained HTML file (inline CSS, no scripts,
/// no external assets) with a row per flow, a column per check, and the failure details under each flow.
/// Given the results of a drift check (`harness flows --html FILE --check`), a drifted flow also shows its diff.
public enum FlowHTMLReport {
    public static func render(
        _ report: FlowReport, title: String = "ContractHarness flow coverage", drift: [DriftResult] = []
    ) -> String {
        let checks = CheckKind.allCases
        let drifted = Dictionary(drift.filter(\.drifted).map { ($0.flow, $0) }) { first, _ in first }
        var rows = ""
        for flow in report.flows {
            rows += "<tr class=\"\(flow.failed ? "bad" : "good")\"><td class=\"id\">\(escape(flow.id))"
            rows += "<div class=\"summary\">\(escape(flow.summary))</div></td>"
            rows += "<td>\(escape(flow.kind.rawValue))</td><td class=\"doc\">\(escape(flow.documentation))"
            if !flow.facts.isEmpty {
                rows +=
                    "<div class=\"\(flow.basis == .assumed ? "assumed" : "sdk")\">basis: \(flow.basis)</div><ul class=\"facts\">"
                for fact in flow.facts {
                    rows += "<li><b>\(fact.basis)</b> \(escape(fact.source)) <code>\(escape(fact.location))</code></li>"
                }
                rows += "</ul>"
            }
            rows += "</td>"
            rows += flow.hasCassette ? "<td class=\"ok\">✓</td>" : "<td class=\"fail\">missing</td>"
            for kind in checks {
                switch flow.result(kind)?.status {
                case .passed: rows += "<td class=\"ok\">✓ pass</td>"
                case .failed: rows += "<td class=\"fail\">✗ fail</td>"
                case .skipped, nil: rows += "<td class=\"skip\">skipped</td>"
                }
            }
            rows += "</tr>\n"
            let failed = flow.checks.filter { $0.status == .failed }
            if !failed.isEmpty {
                rows += "<tr class=\"details\"><td colspan=\"\(4 + checks.count)\">"
                for result in failed {
                    rows += "<h4>\(escape(result.check.rawValue))</h4>"
                    for failure in result.failures { rows += "<pre>\(escape(failure))</pre>" }
                }
                rows += "</td></tr>\n"
            }
            if let drift = drifted[flow.id] {
                let detail = drift.error ?? drift.diff?.text(old: "stored", new: "recorded") ?? ""
                rows += "<tr class=\"details drift\"><td colspan=\"\(4 + checks.count)\">"
                rows += "<h4>drift: re-recorded, the cassette differs</h4><pre>\(escape(detail))</pre></td></tr>\n"
            }
        }
        let failing = report.failedFlows.count
        let withCassette = report.flows.filter(\.hasCassette).count
        let driftStats =
            drift.isEmpty ? "" : " · <b>\(drifted.count)</b> of \(drift.count) drifted (re-recorded and compared)"
        var orphans = ""
        if !report.orphans.isEmpty {
            orphans = "<h2>Orphan cassettes</h2><p>No flow claims these; delete them or register their flows.</p><ul>"
            orphans += report.orphans.map { "<li><code>\(escape($0))</code></li>" }.joined() + "</ul>"
        }
        let empty =
            report.flows.isEmpty
            ? "<tr><td colspan=\"\(4 + checks.count)\">No flows registered yet.</td></tr>" : ""
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>
            body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2rem; color: #1f2328; }
            h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
            .stats { color: #57606a; margin-bottom: 1.25rem; }
            .stats b { color: #1f2328; }
            table { border-collapse: collapse; width: 100%; }
            th, td { border-bottom: 1px solid #d0d7de; padding: .45rem .6rem; text-align: left; vertical-align: top; }
            th { background: #f6f8fa; position: sticky; top: 0; }
            td.id { font-family: ui-monospace, Menlo, monospace; font-weight: 600; }
            .summary { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; font-weight: 400;
                       color: #57606a; font-size: .85rem; }
            td.doc { color: #57606a; font-size: .9rem; }
            .assumed { color: #9a6700; font-weight: 600; font-size: .8rem; }
            .sdk { color: #0969da; font-weight: 600; font-size: .8rem; }
            ul.facts { margin: .2rem 0 0 1rem; padding: 0; font-size: .8rem; }
            td.ok { color: #1a7f37; font-weight: 600; }
            td.fail { color: #cf222e; font-weight: 600; background: #ffebe9; }
            td.skip { color: #8c959f; }
            tr.details td { background: #fff8f7; }
            tr.drift td { background: #fff8c5; }
            tr.details h4 { margin: .3rem 0; color: #cf222e; text-transform: uppercase; font-size: .75rem; }
            pre { white-space: pre-wrap; font: 12px/1.4 ui-monospace, Menlo, monospace; margin: .2rem 0 .6rem;
                  padding: .5rem; background: #f6f8fa; border-radius: 4px; }
            </style></head><body>
            <h1>\(escape(title))</h1>
            <div class="stats"><b>\(report.flows.count)</b> flows · <b>\(withCassette)</b> with a cassette · \
            <b>\(failing)</b> failing · basis: \(Fact.Basis.allCases.map { basis in
                "<b>\(report.flows.filter { $0.basis == basis }.count)</b> \(basis)" }.joined(separator: ", ")) · <b>\(report.orphans.count)</b> orphan cassettes\(driftStats) · checked in \(escape(report.elapsedText))</div>
            <table><thead><tr><th>Flow</th><th>Kind</th><th>Documented in</th><th>Cassette</th>\
            \(checks.map { "<th>\($0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst())</th>" }.joined())</tr></thead>
            <tbody>
            \(rows)\(empty)</tbody></table>
            \(orphans)
            </body></html>

            """
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
