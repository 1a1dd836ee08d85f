import ContractKit
import FlowCatalog
public import JSONCore

/// The machine-readable report of `harness verify --format json` and `harness flows --format json`.
public enum FlowJSONReport {
    public static func value(_ report: FlowReport) -> JSONValue {
        let flows: [JSONValue] = report.flows.map { flow in
            var checks = JSONObject()
            for result in flow.checks {
                checks[result.check.rawValue] = [
                    "status": .string(result.status.rawValue),
                    "failures": .array(result.failures.map(JSONValue.string)),
                ]
            }
            return [
                "id": .string(flow.id),
                "vendor": .string(flow.vendor),
                "kind": .string(flow.kind.rawValue),
                "documentation": .string(flow.documentation),
                "summary": .string(flow.summary),
                "basis": .string(flow.basis.description),
                "facts": .array(
                    flow.facts.map { fact in
                        [
                            "basis": .string(fact.basis.description), "source": .string(fact.source),
                            "location": .string(fact.location),
                        ]
                    }),
                "cassette": .string(flow.cassette),
                "hasCassette": .bool(flow.hasCassette),
                "passed": .bool(!flow.failed),
                "checks": .object(checks),
            ]
        }
        var value: JSONValue = [
            "checks": .array(report.checks.map { .string($0.rawValue) }),
            "flows": .array(flows),
            "orphans": .array(report.orphans.map(JSONValue.string)),
            "summary": [
                "flows": .number(JSONNumber(report.flows.count)),
                "failedFlows": .number(JSONNumber(report.failedFlows.count)),
                "assumedFlows": .number(JSONNumber(report.flows.filter { $0.basis == .assumed }.count)),
                "sdkSourceFlows": .number(JSONNumber(report.flows.filter { $0.basis == .sdkSource }.count)),
                "orphans": .number(JSONNumber(report.orphans.count)),
                "exitStatus": .number(JSONNumber(Int(report.exitStatus))),
                "elapsedSeconds": .string(report.elapsedText),
            ],
        ]
        if report.checks.contains(.contract) { value["contract"] = JSONReport.value(report.contract) }
        if !report.declaredXMLOperations.isEmpty {
            value["xmlOperations"] = .array(
                report.operationCoverage.map { covered in
                    [
                        "vendor": .string(covered.vendor), "endpoint": .string(covered.operation.endpoint),
                        "operation": .string(covered.operation.name),
                        "requestSchema": .string(covered.operation.requestSchema),
                        "resultSchema": covered.operation.resultSchema.map(JSONValue.string) ?? .null,
                        "basis": covered.basis.map { .string($0.description) } ?? .null,
                        "flows": .array(
                            covered.flows.map { ["id": .string($0.id), "basis": .string($0.basis.description)] }),
                    ]
                })
        }
        if let shard = report.shard { value["shard"] = .string(shard.description) }
        return value
    }
}

/// The table `harness flows` prints: one row per flow, a column per check.
public enum FlowTable {
    public static func render(_ report: FlowReport) -> String {
        let header = ["flow", "kind", "basis", "cassette", "contract", "consumer", "provider", "documentation"]
        var rows = [header]
        for flow in report.flows {
            func cell(_ kind: CheckKind) -> String {
                switch flow.result(kind)?.status {
                case .passed: "ok"
                case .failed: flow.hasCassette ? "FAIL" : "-"
                case .skipped, nil: "skipped"
                }
            }
            rows.append([
                flow.id, flow.kind.rawValue, flow.basis.description,
                flow.hasCassette ? "yes" : "MISSING", cell(.contract), cell(.consumer),
                cell(.provider), flow.documentation,
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            row.enumerated().map { column, text in
                column == row.count - 1 ? text : text + String(repeating: " ", count: widths[column] - text.count)
            }.joined(separator: "  ")
        }
        lines.insert(widths.dropLast().map { String(repeating: "-", count: $0) }.joined(separator: "  "), at: 1)
        for orphan in report.orphans { lines.append("orphan cassette (no flow claims it): \(orphan)") }
        lines += operationLines(report)
        let missing = report.flows.filter { !$0.hasCassette }.count
        let count = { (basis: Fact.Basis) in report.flows.filter { $0.basis == basis }.count }
        lines.append(
            "\(report.flows.count) flows (\(count(.document)) on the vendors' documents alone, \(count(.sdkSource)) "
                + "also on their public SDK sources, \(count(.assumed)) resting on assumed facts), "
                + "\(missing) without a cassette, \(report.failedFlows.count) failing"
                + (report.flows.isEmpty ? " (vendors register flows in FlowCatalog.all)" : ""))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Per vendor with declared XML operations: how many a flow sends, by the best basis of those flows, and the
    /// ones no flow sends.
    static func operationLines(_ report: FlowReport) -> [String] {
        let coverage = report.operationCoverage
        return Set(coverage.map(\.vendor)).sorted().flatMap { vendor -> [String] in
            let mine = coverage.filter { $0.vendor == vendor }
            let covered = mine.filter { $0.basis != nil }
            let endpoints = Set(mine.map(\.operation.endpoint)).sorted().joined(separator: ", ")
            let bases = Fact.Basis.allCases.compactMap { basis -> String? in
                let count = covered.filter { $0.basis == basis }.count
                return count == 0 ? nil : "\(count) \(basis.description)"
            }
            var lines = [
                "\(vendor) operations (\(endpoints)): \(covered.count) of \(mine.count) sent by a flow"
                    + (bases.isEmpty ? "" : " (best basis: \(bases.joined(separator: ", ")))")
            ]
            let missing = mine.filter { $0.basis == nil }.map(\.operation.name)
            if !missing.isEmpty { lines.append("  no flow sends: \(missing.joined(separator: ", "))") }
            return lines
        }
    }
}
