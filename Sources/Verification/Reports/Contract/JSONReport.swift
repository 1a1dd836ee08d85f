public import ContractKit
public import JSONCore

/// The machine-readable report (`--format json`): the same content as the text report, as JSON.
public enum JSONReport {
    public static func value(_ report: ContractReport) -> JSONValue {
        let cassettes: [JSONValue] = report.cassettes.map { cassette in
            var object: JSONValue = [
                "path": .string(cassette.path),
                "vendor": .string(cassette.vendor),
                "entries": .array(
                    cassette.entries.map { entry in
                        var object: JSONValue = [
                            "index": .number(JSONNumber(entry.index)),
                            "name": .string(entry.name),
                            "violations": .array(entry.violations.map(violation)),
                        ]
                        if !entry.expected.isEmpty { object["expected"] = .array(entry.expected.map(violation)) }
                        return object
                    }),
            ]
            if let error = cassette.error { object["error"] = .string(error) }
            return object
        }
        return [
            "check": "contract",
            "schemas": .string(report.schemas),
            "vendors": .array(report.vendors.map(JSONValue.string)),
            "cassettes": .array(cassettes),
            "summary": [
                "cassettes": .number(JSONNumber(report.cassettes.count)),
                "entries": .number(JSONNumber(report.entryCount)),
                "violations": .number(JSONNumber(report.violationCount)),
                "errors": .number(JSONNumber(report.errorCount)),
                "exitStatus": .number(JSONNumber(Int(report.exitStatus))),
            ],
        ]
    }

    private static func violation(_ violation: ContractViolation) -> JSONValue {
        var object: JSONValue = [
            "kind": .string(violation.kind.rawValue),
            "location": .string(violation.location),
            "expected": .string(violation.expected),
            "actual": .string(violation.actual),
            "message": .string(violation.message),
        ]
        if let schema = violation.schemaLocation { object["schema"] = .string(schema) }
        return object
    }
}
