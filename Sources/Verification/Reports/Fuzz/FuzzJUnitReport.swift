public import Fuzzing

/// JUnit XML of fuzzing runs: a `<testsuite>` per vendor, a `<testcase>` per operation, a `<failure>` listing
/// the operation's findings (the first 20, each with its `curl` reproduction).
public enum FuzzJUnitReport {
    /// The runs as a JUnit document named `harness fuzz`; `contracts` gives each vendor's operations.
    public static func render(_ results: [FuzzResult], contracts: [String: FuzzContract]) -> String {
        let suites = results.map { result in
            let names = contracts[result.vendor]?.operations.map(\.name) ?? []
            let cases = names.map { name in
                var test = JUnitDocument.TestCase(className: "fuzz.\(result.vendor)", name: name)
                let findings = result.findings.filter { $0.operation == name }
                if let first = findings.first {
                    let details = findings.prefix(20).map { finding in
                        "request \(finding.index) [\(finding.kind.rawValue)] \(finding.request.intent.label): "
                            + finding.messages.joined(separator: "; ") + "\n" + finding.curl
                    }.joined(separator: "\n")
                    test.outcome = .failure(
                        type: first.kind.rawValue,
                        message: "\(findings.count) finding(s): \(first.messages.first ?? "")", details: details)
                }
                return test
            }
            return JUnitDocument.Suite(name: "fuzz.\(result.vendor)", seconds: result.seconds, cases: cases)
        }
        return JUnitDocument(name: "harness fuzz", suites: suites).rendered()
    }
}
