public import ContractKit

/// The human report: one line per cassette, the violations of failing entries under it, a summary line.
public struct TextReport: Sendable {
    public var colour: Bool

    public init(colour: Bool) {
        self.colour = colour
    }

    private var style: TerminalStyle { TerminalStyle(colour: colour) }

    public func render(_ report: ContractReport) -> String {
        var lines: [String] = []
        let vendors = report.vendors.isEmpty ? "no vendor contracts" : report.vendors.joined(separator: ", ")
        lines.append(
            "harness verify: contract check of \(report.cassettes.count) cassette\(report.cassettes.count == 1 ? "" : "s") "
                + "against \(report.schemas) (\(vendors))")
        for cassette in report.cassettes {
            if let error = cassette.error {
                lines.append(style.warning("! \(cassette.path)") + "  cannot be checked: \(error)")
                continue
            }
            let count = "\(cassette.entries.count) entr\(cassette.entries.count == 1 ? "y" : "ies")"
            guard cassette.violationCount > 0 else {
                lines.append(style.passed("✓") + " \(cassette.path)  \(count)")
                continue
            }
            lines.append(style.failed("✗") + " \(cassette.path)  \(count), \(cassette.violationCount) violation(s)")
            for entry in cassette.entries where !entry.violations.isEmpty {
                lines.append("    entry \(entry.index): \(entry.name)")
                for violation in entry.violations {
                    lines.append("      " + style.failed("[\(violation.kind.rawValue)]") + " \(violation.message)")
                    if let schema = violation.schemaLocation { lines.append(style.dim("        at \(schema)")) }
                }
            }
        }
        lines.append(summary(report))
        return lines.joined(separator: "\n") + "\n"
    }

    public func summary(_ report: ContractReport) -> String {
        let cassettes = "\(report.cassettes.count) cassette\(report.cassettes.count == 1 ? "" : "s")"
        if report.cassettes.isEmpty {
            return style.passed("0 cassettes")
                + ": nothing to check yet (cassettes are recorded with harness record <flow>)"
        }
        let entries = "\(report.entryCount) entr\(report.entryCount == 1 ? "y" : "ies")"
        if report.exitStatus == 0 { return style.passed("\(cassettes), \(entries): every contract holds") }
        var parts = [
            "\(report.violationCount) violation(s) in \(report.failingEntryCount) entr\(report.failingEntryCount == 1 ? "y" : "ies")"
        ]
        if report.errorCount > 0 { parts.append("\(report.errorCount) could not be checked") }
        return style.failed("\(cassettes), \(entries): " + parts.joined(separator: ", "))
    }
}
