public import ContractKit

/// JUnit XML of the contract check, the format CI tools read: one `<testsuite>` per cassette, one `<testcase>` per
/// entry, a `<failure>` per violated entry (all its violations in the text) and an `<error>` when a cassette cannot
/// be read or its vendor has no contract.
public enum JUnitReport {
    /// The whole report as a JUnit document named `harness verify`.
    public static func render(_ report: ContractReport) -> String {
        JUnitDocument(name: "harness verify", suites: suites(report)).rendered()
    }

    /// One suite per cassette, for documents that hold more than the contract check (``FlowJUnitReport``).
    public static func suites(_ report: ContractReport) -> [JUnitDocument.Suite] {
        report.cassettes.map { cassette in
            let className = "contract." + cassette.path.replacing(".har", with: "").replacing("/", with: ".")
            var cases: [JUnitDocument.TestCase] = []
            if let error = cassette.error {
                cases.append(
                    JUnitDocument.TestCase(
                        className: className, name: "read cassette",
                        outcome: .error(type: "unreadable-cassette", message: error, details: "")))
            }
            for entry in cassette.entries {
                var test = JUnitDocument.TestCase(className: className, name: "entry \(entry.index): \(entry.name)")
                if let first = entry.violations.first {
                    let details = entry.violations.map { violation in
                        "[\(violation.kind.rawValue)] \(violation.message)"
                            + (violation.schemaLocation.map { " (\($0))" } ?? "")
                    }.joined(separator: "\n")
                    test.outcome =
                        first.kind == .unknownVendor
                        ? .error(type: first.kind.rawValue, message: first.message, details: details)
                        : .failure(type: first.kind.rawValue, message: first.message, details: details)
                }
                cases.append(test)
            }
            return JUnitDocument.Suite(name: cassette.path, cases: cases)
        }
    }
}
