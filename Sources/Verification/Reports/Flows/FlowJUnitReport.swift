import ContractKit

/// JUnit XML for CI: the contract check's suites (a testcase per cassette entry), then one suite per vendor
/// with a testcase per flow × check, and an `orphan cassettes` suite.
public enum FlowJUnitReport {
    /// The report as a JUnit document named `harness verify`.
    public static func render(_ report: FlowReport) -> String {
        var document = JUnitDocument(name: "harness verify")
        if report.checks.contains(.contract) { document.suites += JUnitReport.suites(report.contract) }
        let vendors = report.flows.reduce(into: [String]()) { if !$0.contains($1.vendor) { $0.append($1.vendor) } }
        for vendor in vendors {
            var suite = JUnitDocument.Suite(name: "flows \(vendor)")
            for flow in report.flows where flow.vendor == vendor {
                for result in flow.checks {
                    var test = JUnitDocument.TestCase(
                        className: "flows.\(vendor)", name: "\(flow.id) \(result.check.rawValue)", time: result.duration
                    )
                    switch result.status {
                    case .passed:
                        break
                    case .skipped:
                        test.outcome = .skipped(message: "not selected (--only)")
                    case .failed:
                        let message = result.failures.first?.split(separator: "\n").first.map(String.init) ?? ""
                        test.outcome = .failure(
                            type: result.check.rawValue, message: message,
                            details: result.failures.joined(separator: "\n\n"))
                    }
                    suite.cases.append(test)
                }
            }
            document.suites.append(suite)
        }
        if !report.orphans.isEmpty {
            let cases = report.orphans.map { orphan in
                JUnitDocument.TestCase(
                    className: "orphans", name: orphan,
                    outcome: .failure(type: "orphan", message: "no flow claims \(orphan)", details: ""))
            }
            document.suites.append(JUnitDocument.Suite(name: "orphan cassettes", cases: cases))
        }
        return document.rendered()
    }
}
