public import CassetteKit
public import ContractKit
public import Foundation
public import JSONCore

/// One documented API journey or error case of a vendor, runnable against any `ClientTransport`.
///
/// A flow drives an SDK core through ``FlowContext/transport`` and returns its **outcome**: what the app would
/// observe (delegate callbacks, results, errors, stored event statuses) as a JSON value. The same flow is
/// recorded into `Cassettes/<vendor>/<name>.har`, re-run against that cassette (the consumer check), and its
/// cassette is replayed against the vendor's simulator (the provider check).
public struct Flow: Sendable, Identifiable {
    /// Whether the flow is a documented journey or a documented error case.
    public enum Kind: String, Sendable, Hashable, Codable {
        case flow
        case errorCase = "error-case"
    }

    /// The vendor, which is also the simulator's name and the cassette folder (`engage`).
    public var vendor: String
    /// The flow's name within its vendor, lowercase words joined by `-` (`setup-recipient`).
    public var name: String
    /// Where the journey is documented, e.g. "ReferralHero public methods, 3. Track Referral" or "engage.md §6.2".
    public var documentation: String
    public var kind: Kind
    /// One line on what the flow shows.
    public var summary: String
    /// Values that legitimately change between recordings (timestamps, generated ids): matching and the provider
    /// comparison ignore them. Prefer a fixed clock and seeded ids in ``FlowContext`` so there are few.
    public var volatile: [FieldRule]
    /// Admin requests sent to the vendor's simulator after its reset and before the flow runs (paths relative to
    /// `/__harness/vendors/<vendor>`), e.g. setting a campaign's goal. Used when recording and by the provider check.
    public var simulatorSetup: [CassetteRequest]
    /// Contract violations the flow commits on purpose to show the server's answer (an error case that sends a
    /// request without its token): the contract check requires each and does not count them.
    public var expectedViolations: [ExpectedViolation]
    /// What the flow's SDK code path relies on beyond its cassette's contract: a behaviour no vendor document
    /// states (``Fact/assumed(_:)``) or one taken from a vendor's public SDK source (``Fact/sdkSource(_:)``).
    /// The flow's basis is derived from these and from the `x-source` of every operation, status and member its
    /// cassette exercises (`SchemaRegistry.facts(of:vendor:)`); it is never typed by hand.
    public var facts: [Fact]
    /// Runs the journey and returns its outcome.
    public var run: @Sendable (FlowContext) async throws -> JSONValue

    public init(
        vendor: String,
        name: String,
        documentation: String,
        kind: Kind = .flow,
        summary: String,
        volatile: [FieldRule] = [],
        simulatorSetup: [CassetteRequest] = [],
        expectedViolations: [ExpectedViolation] = [],
        facts: [Fact] = [],
        run: @escaping @Sendable (FlowContext) async throws -> JSONValue
    ) {
        self.vendor = vendor
        self.name = name
        self.documentation = documentation
        self.kind = kind
        self.summary = summary
        self.volatile = volatile
        self.simulatorSetup = simulatorSetup
        self.expectedViolations = expectedViolations
        self.facts = facts.map { fact in
            var fact = fact
            if fact.location.isEmpty { fact.location = "flow \(vendor)/\(name)" }
            return fact
        }
        self.run = run
    }

    /// `vendor/name`, e.g. `engage/setup-recipient`: the flow's id on the command line and in reports.
    public var id: String { "\(vendor)/\(name)" }

    /// The flow's cassette under a cassettes root: `<root>/<vendor>/<name>.har`.
    public func cassetteURL(in root: URL) -> URL {
        root.appendingPathComponent(vendor, isDirectory: true).appendingPathComponent("\(name).har")
    }
}
