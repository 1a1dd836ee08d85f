/// What one run found.
public struct FuzzResult: Sendable {
    public let vendor: String
    public let target: String
    public let seed: UInt64
    /// Requests sent.
    public let sent: Int
    public let findings: [Finding]
    /// Wall-clock duration of the run, in seconds.
    public let seconds: Double
    /// Requests by intent: `valid` and each mutation's name.
    public let intents: [String: Int]
    /// Requests by operation, an XML operation after the operation carrying it (`POST /XMLAPI GetLists`).
    public let operations: [String: Int]

    public init(
        vendor: String, target: String, seed: UInt64, sent: Int, findings: [Finding], seconds: Double,
        intents: [String: Int], operations: [String: Int] = [:]
    ) {
        self.vendor = vendor
        self.target = target
        self.seed = seed
        self.sent = sent
        self.findings = findings
        self.seconds = seconds
        self.intents = intents
        self.operations = operations
    }

    /// The findings grouped by ``Finding/signature``, each group's smallest request first: the minimal
    /// reproductions.
    public var groups: [[Finding]] {
        var order: [String] = []
        var groups: [String: [Finding]] = [:]
        for finding in findings {
            if groups[finding.signature] == nil { order.append(finding.signature) }
            groups[finding.signature, default: []].append(finding)
        }
        return order.compactMap { signature in
            groups[signature]?.sorted {
                ($0.request.body.count, $0.request.target.count, $0.index)
                    < ($1.request.body.count, $1.request.target.count, $1.index)
            }
        }
    }
}
