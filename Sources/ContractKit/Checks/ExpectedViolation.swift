/// A violation an error-case flow commits on purpose, to show how the server answers it (a request without its API
/// token, say). The contract check requires it — a cassette that no longer has it fails — and does not count it.
public struct ExpectedViolation: Sendable, Hashable, CustomStringConvertible {
    /// The kind of violation the flow commits.
    public var kind: ContractViolation.Kind
    /// The violation's location, exactly as the contract check writes it (`request header Authorization`).
    public var location: String
    /// Why the flow breaks the contract, for reports.
    public var reason: String

    /// A violation of `kind` at `location` (as the contract check writes it), committed because of `reason`.
    public init(_ kind: ContractViolation.Kind, at location: String, because reason: String) {
        self.kind = kind
        self.location = location
        self.reason = reason
    }

    /// Whether `violation` is this one.
    public func matches(_ violation: ContractViolation) -> Bool {
        violation.kind == kind && violation.location == location
    }

    /// One line: `[kind] location (reason)`.
    public var description: String { "[\(kind.rawValue)] \(location) (\(reason))" }
}

extension ContractReport {
    /// Applies a flow's declared violations to the cassette at `path`: each violation an expectation matches moves to
    /// its entry's ``ContractReport/Entry/expected`` and no longer counts; an expectation no entry meets becomes
    /// an `expected-violation-absent` violation on the first entry, so a declaration cannot silence nothing.
    public mutating func expect(_ expectations: [ExpectedViolation], inCassette path: String) {
        guard !expectations.isEmpty, let position = cassettes.firstIndex(where: { $0.path == path }) else { return }
        var cassette = cassettes[position]
        guard cassette.error == nil else { return }
        var met = Set<ExpectedViolation>()
        for index in cassette.entries.indices {
            var entry = cassette.entries[index]
            let (expected, unexpected) = entry.violations.reduce(into: ([ContractViolation](), [ContractViolation]())) {
                split, violation in
                if let expectation = expectations.first(where: { $0.matches(violation) }) {
                    met.insert(expectation)
                    split.0.append(violation)
                } else {
                    split.1.append(violation)
                }
            }
            entry.expected += expected
            entry.violations = unexpected
            cassette.entries[index] = entry
        }
        let absent = expectations.filter { !met.contains($0) }.map { expectation in
            ContractViolation(
                cassette: path, entry: cassette.entries.first?.index ?? 0, kind: .expectedViolationAbsent,
                location: expectation.location,
                expected: "the [\(expectation.kind.rawValue)] violation the flow declares (\(expectation.reason))",
                actual: "no entry of the cassette has it")
        }
        if !absent.isEmpty {
            if cassette.entries.isEmpty {
                cassette.entries.append(Entry(index: 0, name: "(no entries)", violations: []))
            }
            cassette.entries[0].violations += absent
        }
        cassettes[position] = cassette
    }
}
