public import ContractKit
public import FlowCatalog
import Foundation

/// The three checks `harness verify` runs over the one artefact, the cassette.
public enum CheckKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Every recorded request and response fits the vendor's OpenAPI / XSD contract.
    case contract
    /// The flow, re-run against its cassette, sends the recorded requests in order and ends with the recorded outcome.
    case consumer
    /// The simulator (or a live upstream) answers the cassette's requests with the recorded responses.
    case provider
}

/// How one check of one flow ended.
public struct CheckResult: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, Codable {
        case passed
        case failed
        /// Not run (`--only` left it out).
        case skipped
    }

    public var check: CheckKind
    public var status: Status
    /// Readable failure messages, each naming cassette, entry, field and expected vs actual.
    public var failures: [String]
    public var duration: Duration

    public init(check: CheckKind, status: Status, failures: [String] = [], duration: Duration = .zero) {
        self.check = check
        self.status = status
        self.failures = failures
        self.duration = duration
    }

    static func outcome(_ check: CheckKind, _ failures: [String], _ duration: Duration) -> CheckResult {
        CheckResult(check: check, status: failures.isEmpty ? .passed : .failed, failures: failures, duration: duration)
    }
}

/// The checks of one flow.
public struct FlowResult: Sendable, Hashable {
    /// `vendor/name`.
    public var id: String
    public var vendor: String
    public var documentation: String
    public var kind: Flow.Kind
    public var summary: String
    /// The weakest basis of the facts the flow rests on: `document` only when every one comes from a vendor
    /// document.
    public var basis: Fact.Basis
    /// The facts the flow rests on that no vendor document states (sdk-source and assumed), weakest first, each
    /// once: from ``Flow/facts`` and from the `x-source` of what its cassette exercises in `Schemas/`.
    public var facts: [Fact]
    /// The cassette, relative to the cassettes root (`engage/setup-recipient.har`).
    public var cassette: String
    public var hasCassette: Bool
    /// One result per check, in ``CheckKind`` order.
    public var checks: [CheckResult]
    /// The XML operations its cassette sends (Engage's `GetLists`, …), each once, in order of first use.
    public var xmlOperations: [String]

    public init(
        flow: Flow, hasCassette: Bool, facts: [Fact], checks: [CheckResult], xmlOperations: [String] = []
    ) {
        id = flow.id
        vendor = flow.vendor
        documentation = flow.documentation
        kind = flow.kind
        summary = flow.summary
        basis = facts.basis
        var seen: Set<String> = []
        self.facts = facts.filter { $0.basis > .document && seen.insert($0.source + "\u{0}" + $0.location).inserted }
            .sorted { $0.basis > $1.basis }
        cassette = "\(flow.vendor)/\(flow.name).har"
        self.hasCassette = hasCassette
        self.checks = checks
        var sent: Set<String> = []
        self.xmlOperations = xmlOperations.filter { sent.insert($0).inserted }
    }

    /// The result of `check`, if it ran or was skipped.
    public func result(_ check: CheckKind) -> CheckResult? { checks.first { $0.check == check } }

    public var failed: Bool { checks.contains { $0.status == .failed } }

    /// The facts of basis ``Fact/Basis/assumed``.
    public var assumedFacts: [Fact] { facts.filter { $0.basis == .assumed } }
}

/// Everything `harness verify` (or `harness flows`) found.
public struct FlowReport: Sendable {
    public var flows: [FlowResult]
    /// Cassettes under a flow vendor's folder that no flow claims (relative paths).
    public var orphans: [String]
    /// The contract check over every cassette file, entry by entry.
    public var contract: ContractReport
    /// The checks that ran.
    public var checks: [CheckKind]
    public var shard: Shard?
    /// Wall-clock time of the run.
    public var elapsed: Duration
    /// The XML operations the contracts of the checked flows' vendors declare (Engage's 58 XMLAPI operations), by
    /// vendor; see ``operationCoverage``.
    public var declaredXMLOperations: [String: [SchemaRegistry.XMLOperation]] = [:]

    public init(
        flows: [FlowResult], orphans: [String], contract: ContractReport, checks: [CheckKind], shard: Shard?,
        elapsed: Duration
    ) {
        self.flows = flows
        self.orphans = orphans
        self.contract = contract
        self.checks = checks
        self.shard = shard
        self.elapsed = elapsed
    }

    public var failedFlows: [FlowResult] { flows.filter(\.failed) }

    /// One declared XML operation and the flows whose cassettes send it.
    public struct OperationCoverage: Sendable, Hashable {
        public var vendor: String
        public var operation: SchemaRegistry.XMLOperation
        /// The flows sending it, in catalog order.
        public var flows: [FlowResult]

        /// The strongest basis among its flows (an operation one document-based flow shows is shown on the
        /// document), nil when no flow sends it.
        public var basis: Fact.Basis? { flows.map(\.basis).min() }
    }

    /// Every declared XML operation with the flows sending it, by vendor and then operation.
    public var operationCoverage: [OperationCoverage] {
        declaredXMLOperations.keys.sorted().flatMap { vendor in
            (declaredXMLOperations[vendor] ?? []).map { operation in
                OperationCoverage(
                    vendor: vendor, operation: operation,
                    flows: flows.filter { $0.vendor == vendor && $0.xmlOperations.contains(operation.name) })
            }
        }
    }

    /// 0 every check holds, 1 a check failed (or an orphan), 2 the contract check could not run.
    public var exitStatus: Int32 {
        let contractStatus = checks.contains(.contract) ? contract.exitStatus : 0
        if contractStatus == 2 { return 2 }
        if contractStatus == 1 || !failedFlows.isEmpty || !orphans.isEmpty { return 1 }
        return 0
    }

    /// `1.23 s`.
    public var elapsedText: String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return String(format: "%.2f s", seconds)
    }
}

/// A slice of the catalog for a CI matrix: flows whose catalog index modulo `count` is `index - 1`.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    /// Parses `i/n` with 1 ≤ i ≤ n.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 1,
            index <= count
        else { return nil }
        self.index = index
        self.count = count
    }

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Whether the flow at `position` of the catalog belongs to this shard.
    public func contains(_ position: Int) -> Bool { position % count == index - 1 }

    public var description: String { "\(index)/\(count)" }
}
