import ContractKit
import Foundation

/// JUnit XML for CI: the contract check's suites (a testcase per cassette entry), then one suite per vendor
/// with a testcase per flow × check, and an `orphans` suite.
public enum FlowJUnitReport {
    public static func render(_ report: FlowReport) -> String {
        var suites: [String] = []
        var tests = 0
        var failures = 0
        var errors = 0
        if report.checks.contains(.contract) {
            let contract = JUnitReport.render(report.contract)
            if let open = contract.range(of: "\">\n"), let close = contract.range(of: "</testsuites>") {
                let inner = String(contract[open.upperBound..<close.lowerBound])
                if !inner.isEmpty { suites.append(String(inner.dropLast())) }
            }
            tests += report.contract.cassettes.reduce(0) { $0 + max($1.entries.count, $1.error == nil ? 0 : 1) }
            failures += report.contract.failingEntryCount
            errors += report.contract.errorCount
        }
        let vendors = report.flows.reduce(into: [String]()) { if !$0.contains($1.vendor) { $0.append($1.vendor) } }
        for vendor in vendors {
            let flows = report.flows.filter { $0.vendor == vendor }
            var cases: [String] = []
            var suiteFailures = 0
            for flow in flows {
                for result in flow.checks {
                    let name = "\(flow.id) \(result.check.rawValue)"
                    let seconds = Double(result.duration.components.seconds)
                        + Double(result.duration.components.attoseconds) / 1e18
                    var element =
                        "    <testcase classname=\"flows.\(escape(vendor))\" name=\"\(escape(name))\" time=\"\(String(format: "%.3f", seconds))\""
                    switch result.status {
                    case .passed:
                        element += "/>"
                    case .skipped:
                        element += "><skipped message=\"not selected (--only)\"/></testcase>"
                    case .failed:
                        suiteFailures += 1
                        let message = result.failures.first?.split(separator: "\n").first.map(String.init) ?? ""
                        element += ">\n      <failure type=\"\(result.check.rawValue)\" message=\"\(escape(message))\">"
                        element += escape(result.failures.joined(separator: "\n\n")) + "</failure>\n    </testcase>"
                    }
                    cases.append(element)
                }
            }
            tests += cases.count
            failures += suiteFailures
            suites.append(
                "  <testsuite name=\"flows \(escape(vendor))\" tests=\"\(cases.count)\" failures=\"\(suiteFailures)\" "
                    + "errors=\"0\">\n" + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        if !report.orphans.isEmpty {
            let cases = report.orphans.map { orphan in
                "    <testcase classname=\"orphans\" name=\"\(escape(orphan))\">\n"
                    + "      <failure type=\"orphan\" message=\"no flow claims \(escape(orphan))\"/>\n    </testcase>"
            }
            tests += cases.count
            failures += cases.count
            suites.append(
                "  <testsuite name=\"orphan cassettes\" tests=\"\(cases.count)\" failures=\"\(cases.count)\" "
                    + "errors=\"0\">\n" + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"harness verify\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
            + suites.map { $0 + "\n" }.joined() + "</testsuites>\n"
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\t", "\r": result.unicodeScalars.append(scalar)
            default:
                result.unicodeScalars.append(scalar.value >= 0x20 && scalar.value < 0xFFFE ? scalar : "\u{FFFD}")
            }
        }
        return result
    }
}
