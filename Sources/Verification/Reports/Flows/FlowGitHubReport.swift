import ContractKit
import Foundation

/// GitHub Actions workflow commands for `harness verify --format github`: one `::error file=…,line=…::`
/// annotation per failure, at the cassette file and, when the failure names an entry, the line where that
/// entry starts in the pretty-printed HAR. GitHub shows them on the pull request's changed files.
public enum FlowGitHubReport {
    /// The annotations of `report`, one line each.
    ///
    /// - Parameters:
    ///   - cassettesFolder: the cassettes root as the reader sees it (`Cassettes`), prefixed to each flow's
    ///     cassette.
    ///   - contents: the text of a cassette file by that path, for entry line numbers (nil: no line numbers).
    public static func render(
        _ report: FlowReport, cassettesFolder: String, contents: (String) -> String? = { _ in nil }
    ) -> String {
        var cache: [String: String?] = [:]
        func line(of entry: Int?, in file: String) -> Int? {
            guard let entry else { return nil }
            if cache[file] == nil { cache[file] = contents(file) }
            guard let text = cache[file] ?? nil else { return nil }
            return HARLines.line(ofEntry: entry, in: text)
        }
        var lines: [String] = []
        if report.checks.contains(.contract) {
            for cassette in report.contract.cassettes {
                if let error = cassette.error {
                    lines.append(annotation(file: cassette.path, line: nil, title: "contract", message: error))
                }
                for entry in cassette.entries where !entry.violations.isEmpty {
                    let message = entry.violations.map { violation in
                        "[\(violation.kind.rawValue)] \(violation.message)"
                            + (violation.schemaLocation.map { " (schema \($0))" } ?? "")
                    }.joined(separator: "\n")
                    lines.append(
                        annotation(
                            file: cassette.path, line: line(of: entry.index, in: cassette.path),
                            title: "contract: entry \(entry.index) (\(entry.name))", message: message))
                }
            }
        }
        for flow in report.flows {
            let file = cassettesFolder.isEmpty ? flow.cassette : "\(cassettesFolder)/\(flow.cassette)"
            for result in flow.checks where result.status == .failed && result.check != .contract {
                for failure in result.failures {
                    lines.append(
                        annotation(
                            file: file, line: line(of: entryIndex(in: failure), in: file),
                            title: "\(flow.id) \(result.check.rawValue)", message: failure))
                }
            }
            // A flow whose cassette is missing or unreadable fails its contract check without a contract entry.
            if let contract = flow.result(.contract), contract.status == .failed,
                !report.contract.cassettes.contains(where: { $0.path == file })
            {
                for failure in contract.failures {
                    lines.append(annotation(file: file, line: nil, title: "\(flow.id) contract", message: failure))
                }
            }
        }
        for orphan in report.orphans {
            lines.append(
                annotation(
                    file: orphan, line: nil, title: "orphan cassette",
                    message: "no flow claims \(orphan): delete it or register its flow"))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `::error file=F,line=L,title=T::message`, with the workflow-command escapes.
    static func annotation(file: String, line: Int?, title: String, message: String) -> String {
        var properties = ["file=\(escapeProperty(file))"]
        if let line { properties.append("line=\(line)") }
        properties.append("title=\(escapeProperty(title))")
        return "::error \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    /// The first `entry N` a failure message names.
    static func entryIndex(in failure: String) -> Int? {
        guard let range = failure.range(of: "entry ") else { return nil }
        let digits = failure[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count < 10 else { return nil }
        return Int(digits)
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// Line numbers in a pretty-printed HAR file.
enum HARLines {
    /// The 1-based line where entry `index` (0-based) of `log.entries` opens, in a file pretty-printed one
    /// member per line (as cassettes are written); nil when the file is laid out otherwise or has fewer entries.
    static func line(ofEntry index: Int, in text: String) -> Int? {
        guard index >= 0 else { return nil }
        var entriesIndent: Int?
        var entryIndent: Int?
        var seen = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent)
            guard let outer = entriesIndent else {
                if content.hasPrefix("\"entries\"") && content.hasSuffix("[") { entriesIndent = indent }
                continue
            }
            if indent <= outer, content.hasPrefix("]") { return nil }
            guard content == "{" else { continue }
            if entryIndent == nil, indent > outer { entryIndent = indent }
            guard indent == entryIndent else { continue }
            if seen == index { return number + 1 }
            seen += 1
        }
        return nil
    }
}
