/// JUnit XML, the format CI tools read: one `<testsuite>` per cassette, one `<testcase>` per entry, a
/// `<failure>` per violated entry (all its violations in the text) and an `<error>` when a cassette cannot be read
/// or has no contract.
public enum JUnitReport {
    public static func render(_ report: VerificationReport) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = report.cassettes.reduce(0) { count, cassette in
            count + cassette.entries.filter { entry in entry.violations.contains { $0.kind != .unknownVendor } }.count
        }
        let tests = report.cassettes.reduce(0) { $0 + max($1.entries.count, $1.error == nil ? 0 : 1) }
        xml +=
            "<testsuites name=\"harness verify\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(report.errorCount)\">\n"
        for cassette in report.cassettes {
            let className =
                "contract." + cassette.path.replacingOccurrences(".har", with: "").replacingOccurrences("/", with: ".")
            let suiteFailures = cassette.entries.filter { entry in
                entry.violations.contains { $0.kind != .unknownVendor }
            }.count
            let suiteErrors =
                (cassette.error == nil ? 0 : 1)
                + cassette.entries.filter { entry in
                    entry.violations.contains { $0.kind == .unknownVendor }
                }.count
            xml +=
                "  <testsuite name=\"\(escape(cassette.path))\" tests=\"\(max(cassette.entries.count, cassette.error == nil ? 0 : 1))\""
            xml += " failures=\"\(suiteFailures)\" errors=\"\(suiteErrors)\">\n"
            if let error = cassette.error {
                xml += "    <testcase classname=\"\(escape(className))\" name=\"read cassette\">\n"
                xml += "      <error type=\"unreadable-cassette\" message=\"\(escape(error))\"/>\n    </testcase>\n"
            }
            for entry in cassette.entries {
                xml +=
                    "    <testcase classname=\"\(escape(className))\" name=\"\(escape("entry \(entry.index): \(entry.name)"))\""
                guard let first = entry.violations.first else {
                    xml += "/>\n"
                    continue
                }
                let element = first.kind == .unknownVendor ? "error" : "failure"
                let text = entry.violations.map { violation in
                    "[\(violation.kind.rawValue)] \(violation.message)"
                        + (violation.schemaLocation.map { " (\($0))" } ?? "")
                }.joined(separator: "\n")
                xml += ">\n      <\(element) type=\"\(first.kind.rawValue)\" message=\"\(escape(first.message))\">"
                xml += escape(text) + "</\(element)>\n    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// Text safe in XML content and attribute values; characters XML 1.0 forbids become U+FFFD.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\t", "\r": result.unicodeScalars.append(scalar)
            default:
                let allowed = scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF
                result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return result
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
