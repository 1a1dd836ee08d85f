import ArgumentParser
import Foundation
import MockServer

extension Harness {
    /// `harness journal`: what a running `harness serve` saw, with each exchange's contract verdict.
    struct Journal: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "journal",
            abstract: "Tail a running server's journal, or write it as a HAR cassette.",
            discussion: """
                Lists the requests `harness serve` journaled (each with its live contract verdict), follows new ones \
                with --follow, or writes the session as a redacted HAR cassette with --har FILE (harness verify FILE \
                checks it). Filters: --vendor, --status, --outcome, --violations, --since.
                """)

        @Option(help: "The server's origin.")
        var url = "http://127.0.0.1:8080"

        @Option(help: "The admin token, when the server requires one (or HARNESS_ADMIN_TOKEN).")
        var adminToken: String?

        @Option(help: "Only this vendor's requests.")
        var vendor: String?

        @Option(help: "Only requests answered with this status.")
        var status: Int?

        @Option(help: "Only this outcome: simulated, hit, miss, recorded, proxy-failed, rejected, fault.")
        var outcome: String?

        @Flag(help: "Only requests whose exchange breaks the vendor's contract.")
        var violations = false

        @Option(help: "Only entries numbered above this one.")
        var since: Int?

        @Flag(help: "Keep printing new requests as the server journals them (Ctrl-C stops).")
        var follow = false

        @Option(help: "Print text (one line per request, violations below it) or json (one entry per line).")
        var format: JournalFormat = .text

        @Option(help: "Write the journaled exchanges as a HAR cassette to this file instead of printing them.")
        var har: String?

        func validate() throws {
            guard URL(string: url)?.scheme != nil else { throw ValidationError("--url \(url) is not a URL") }
            if let since, since < 0 { throw ValidationError("--since must be 0 or more, not \(since)") }
            if har != nil, follow { throw ValidationError("--har writes the session once; it cannot --follow") }
        }

        func run() async throws {
            let token = adminToken ?? ProcessInfo.processInfo.environment["HARNESS_ADMIN_TOKEN"]
            let client = JournalClient(origin: URL(string: url)!, token: token)
            var items: [URLQueryItem] = []
            if let vendor { items.append(URLQueryItem(name: "vendor", value: vendor)) }
            if let status { items.append(URLQueryItem(name: "status", value: String(status))) }
            if let outcome { items.append(URLQueryItem(name: "outcome", value: outcome)) }
            if violations { items.append(URLQueryItem(name: "violations", value: "1")) }
            if let since { items.append(URLQueryItem(name: "since", value: String(since))) }
            var components = URLComponents()
            components.queryItems = items
            let query = components.percentEncodedQuery ?? ""
            do {
                if let har {
                    let data = try await client.cassette(query: query)
                    try data.write(to: URL(fileURLWithPath: har), options: .atomic)
                    print("wrote \(har); check it with: harness verify \(har)")
                    return
                }
                let entries = try await client.entries(query: query)
                var last = since ?? 0
                for entry in entries {
                    print(format.render(entry))
                    last = max(last, entry.sequence)
                }
                guard follow else { return }
                var following = components
                following.queryItems =
                    items.filter { $0.name != "since" } + [URLQueryItem(name: "since", value: String(last))]
                for try await entry in client.follow(query: following.percentEncodedQuery ?? "") {
                    // Unbuffered, so a pipe (tail, grep) sees each entry as it comes.
                    FileHandle.standardOutput.write(Data((format.render(entry) + "\n").utf8))
                }
            } catch let error as JournalClientError {
                throw ValidationError("harness journal: \(error.description) (\(url))")
            } catch let error as DecodingError {
                throw ValidationError("harness journal: \(url) did not answer with a journal (\(error))")
            } catch let error where !(error is CancellationError) {
                throw ValidationError(
                    "harness journal: no server answers at \(url) (\(error)); start one with: harness serve")
            }
        }
    }
}

/// How `harness journal` prints entries.
enum JournalFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json

    func render(_ entry: JournalEntry) -> String {
        switch self {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            return (try? encoder.encode(entry)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        case .text:
            let verdict: String
            if entry.outcome == .miss {
                verdict = "miss"
            } else if let contract = entry.contract {
                verdict = contract.ok ? "contract ✓" : "contract ✗ \(contract.violations.count) violation(s)"
            } else {
                verdict = "unchecked"
            }
            let target = entry.path + (entry.query.map { "?" + $0 } ?? "")
            var lines = [
                "#\(entry.sequence) \(entry.vendor ?? "-") \(entry.method) \(target) → \(entry.status.map(String.init) ?? "no response")"
                    + "  \(entry.outcome.rawValue)  \(verdict)"
            ]
            for violation in entry.contract?.violations ?? [] {
                lines.append("    [\(violation.kind)] \(violation.message)")
            }
            if let nearest = entry.nearest {
                lines.append("    nearest: \(nearest.cassette ?? "none")\(nearest.entry.map { " entry \($0)" } ?? "")")
                for difference in nearest.differences {
                    lines.append(
                        "      ~ \(difference.field): recorded \(difference.expected), sent \(difference.actual)")
                }
            }
            return lines.joined(separator: "\n")
        }
    }
}
