/// The outcome of `harness verify` over a set of cassettes: per cassette, per entry, every violation.
public struct ContractReport: Sendable {
    /// One cassette's outcome.
    public struct Cassette: Sendable {
        /// The cassette's path as given (`Cassettes/engage/login.har`).
        public var path: String
        /// The vendor its folder names.
        public var vendor: String
        /// Each entry's outcome, in file order.
        public var entries: [Entry]
        /// Why the cassette could not be checked at all (unreadable, not HAR), when it could not.
        public var error: String?

        /// A cassette's outcome; `error` when it could not be checked at all.
        public init(path: String, vendor: String, entries: [Entry], error: String? = nil) {
            self.path = path
            self.vendor = vendor
            self.entries = entries
            self.error = error
        }

        /// The violations of all its entries, expected ones not counted.
        public var violationCount: Int { entries.reduce(0) { $0 + $1.violations.count } }
    }

    /// One entry (interaction) of a cassette.
    public struct Entry: Sendable {
        /// The entry's position in the cassette, from 0.
        public var index: Int
        /// `POST /XMLAPI → 200`.
        public var name: String
        /// What the entry breaks of the contract.
        public var violations: [ContractViolation]
        /// Violations the entry's flow commits on purpose (``ExpectedViolation``): reported, not counted.
        public var expected: [ContractViolation]

        /// An entry's outcome.
        public init(index: Int, name: String, violations: [ContractViolation], expected: [ContractViolation] = []) {
            self.index = index
            self.name = name
            self.violations = violations
            self.expected = expected
        }
    }

    /// Every cassette checked, in the order given.
    public var cassettes: [Cassette]
    /// The schemas folder the cassettes were held to, as given.
    public var schemas: String
    /// The vendors the schemas folder holds contracts for.
    public var vendors: [String]

    /// A report of `cassettes` held to the contracts of `vendors` in `schemas`.
    public init(cassettes: [Cassette], schemas: String, vendors: [String]) {
        self.cassettes = cassettes
        self.schemas = schemas
        self.vendors = vendors
    }

    /// The entries of all cassettes.
    public var entryCount: Int { cassettes.reduce(0) { $0 + $1.entries.count } }
    /// The violations of all cassettes, expected ones not counted.
    public var violationCount: Int { cassettes.reduce(0) { $0 + $1.violationCount } }
    /// The entries with at least one violation.
    public var failingEntryCount: Int {
        cassettes.reduce(0) { $0 + $1.entries.filter { !$0.violations.isEmpty }.count }
    }

    /// Problems that mean the check could not run: unreadable cassettes, cassettes of a vendor without a schema.
    public var errorCount: Int {
        cassettes.reduce(0) { count, cassette in
            count + (cassette.error == nil ? 0 : 1)
                + cassette.entries.filter { $0.violations.contains { $0.kind == .unknownVendor } }.count
        }
    }

    /// `harness verify`'s exit status: 0 all hold, 1 violations, 2 could not run.
    public var exitStatus: Int32 {
        if errorCount > 0 { return 2 }
        return violationCount > 0 ? 1 : 0
    }

    /// Checks every interaction of `cassette` and adds the outcome.
    public mutating func add(_ cassette: InteractionCassette, checkedBy check: ContractCheck) {
        let entries = cassette.interactions.map { interaction in
            Entry(
                index: interaction.entry,
                name:
                    "\(interaction.request.method.uppercased()) \(interaction.request.path) → \(interaction.response.status)",
                violations: check.check(interaction, vendor: cassette.vendor))
        }
        cassettes.append(Cassette(path: cassette.path, vendor: cassette.vendor, entries: entries))
    }
}
