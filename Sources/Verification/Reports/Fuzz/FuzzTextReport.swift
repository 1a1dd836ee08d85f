internal import Foundation
public import Fuzzing

/// The text report of fuzzing runs: per vendor the requests sent, the findings and the duration, then each
/// group of alike findings with its smallest reproduction.
public enum FuzzTextReport {
    /// `cassettes` names the file each group's reproduction was written to, by signature.
    public static func render(_ results: [FuzzResult], cassettes: [String: String] = [:]) -> String {
        var text = ""
        for result in results {
            let groups = result.groups
            text += "\(result.vendor): \(result.sent) requests to \(result.target) (seed \(result.seed)) in "
            text += String(format: "%.1f s", result.seconds)
            text += ": \(result.findings.count) finding\(result.findings.count == 1 ? "" : "s")"
            text += groups.isEmpty ? "\n" : " in \(groups.count) group\(groups.count == 1 ? "" : "s")\n"
            let intents = result.intents.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            text += "  sent: " + intents.joined(separator: ", ") + "\n"
            for (number, group) in groups.enumerated() {
                guard let first = group.first else { continue }
                let alike = group.count > 1 ? " (\(group.count) alike)" : ""
                text += "  \(number + 1). [\(first.kind.rawValue)] \(first.operation)\(alike): request \(first.index), "
                text += first.request.intent.label + "\n"
                for message in first.messages { text += "     \(message)\n" }
                text += "     \(first.curl)\n"
                if let file = cassettes[first.signature] { text += "     cassette: \(file)\n" }
            }
        }
        let total = results.reduce(0) { $0 + $1.findings.count }
        let sent = results.reduce(0) { $0 + $1.sent }
        text += "\(sent) requests, \(total) finding\(total == 1 ? "" : "s")\n"
        return text
    }
}
