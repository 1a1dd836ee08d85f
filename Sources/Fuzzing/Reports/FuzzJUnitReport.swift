internal import ContractKit

/// JUnit XML of fuzzing runs: a `<testsuite>` per vendor, a `<testcase>` per operation, a `<failure>` listing
/// the operation's findings.
public enum FuzzJUnitReport {
    public static func render(_ results: [FuzzResult], contracts: [String: FuzzContract]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let operations = results.map { contracts[$0.vendor]?.operations.map(\.name) ?? [] }
        let tests = operations.reduce(0) { $0 + $1.count }
        let failures = zip(results, operations).reduce(0) { count, pair in
            count + pair.1.filter { name in pair.0.findings.contains { $0.operation == name } }.count
        }
        xml += "<testsuites name=\"harness fuzz\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
        for (result, names) in zip(results, operations) {
            let failed = names.filter { name in result.findings.contains { $0.operation == name } }
            xml += "  <testsuite name=\"fuzz.\(JUnitReport.escape(result.vendor))\" tests=\"\(names.count)\""
            xml += " failures=\"\(failed.count)\" errors=\"0\" time=\"\(result.seconds)\">\n"
            for name in names {
                let findings = result.findings.filter { $0.operation == name }
                xml += "    <testcase classname=\"fuzz.\(JUnitReport.escape(result.vendor))\""
                xml += " name=\"\(JUnitReport.escape(name))\""
                guard let first = findings.first else {
                    xml += "/>\n"
                    continue
                }
                let text = findings.prefix(20).map { finding in
                    "request \(finding.index) [\(finding.kind.rawValue)] \(finding.request.intent.label): "
                        + finding.messages.joined(separator: "; ") + "\n" + finding.curl
                }.joined(separator: "\n")
                xml += ">\n      <failure type=\"\(first.kind.rawValue)\" message=\""
                xml += JUnitReport.escape("\(findings.count) finding(s): \(first.messages.first ?? "")") + "\">"
                xml += JUnitReport.escape(text) + "</failure>\n    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }
}
