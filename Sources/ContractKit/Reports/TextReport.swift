/// The human report: one line per cassette, the violations of failing entries under it, a summary line.
public struct TextReport: Sendable {
    public var colour: Bool

    public init(colour: Bool) {
        self.colour = colour
    }

    private func paint(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func render(_ report: VerificationReport) -> String {
        var lines: [String] = []
        let vendors = report.vendors.isEmpty ? "no vendor contracts" : report.vendors.joined(separator: ", ")
        lines.append(
            "harness verify: contract check of \(report.cassettes.count) cassette\(report.cassettes.count == 1 ? "" : "s") "
                + "against \(report.schemas) (\(vendors))")
        for cassette in report.cassettes {
            if let error = cassette.error {
                lines.append(paint("! \(cassette.path)", "33") + "  cannot be checked: \(error)")
                continue
            }
            let count = "\(cassette.entries.count) entr\(cassette.entries.count == 1 ? "y" : "ies")"
            guard cassette.violationCount > 0 else {
                lines.append(paint("✓", "32") + " \(cassette.path)  \(count)")
                continue
            }
            lines.append(paint("✗", "31") + " \(cassette.path)  \(count), \(cassette.violationCount) violation(s)")
            for entry in cassette.entries where !entry.violations.isEmpty {
                lines.append("    entry \(entry.index): \(entry.name)")
                for violation in entry.violations {
                    lines.append("      " + paint("[\(violation.kind.rawValue)]", "31") + " \(violation.message)")
                    if let schema = violation.schemaLocation { lines.append(paint("        at \(schema)", "2")) }
                }
            }
        }
        lines.append(summary(report))
        return lines.joined(separator: "\n") + "\n"
    }

    public func summary(_ report: VerificationReport) -> String {
        let cassettes = "\(report.cassettes.count) cassette\(report.cassettes.count == 1 ? "" : "s")"
        if report.cassettes.isEmpty {
            return paint("0 cassettes", "32")
                + ": nothing to check yet (cassettes are recorded with harness record <flow>)"
        }
        let entries = "\(report.entryCount) entr\(report.entryCount == 1 ? "y" : "ies")"
        if report.exitStatus == 0 { return paint("\(cassettes), \(entries): every contract holds", "32") }
        var parts = [
            "\(report.violationCount) violation(s) in \(report.failingEntryCount) entr\(report.failingEntryCount == 1 ? "y" : "ies")"
        ]
        if report.errorCount > 0 { parts.append("\(report.errorCount) could not be checked") }
        return paint("\(cassettes), \(entries): " + parts.joined(separator: ", "), "31")
    }
}
