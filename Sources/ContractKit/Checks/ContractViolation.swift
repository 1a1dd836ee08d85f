/// One way an interaction breaks its contract: where, what was expected, what was found.
public struct ContractViolation: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of violation, with the identifier reports use.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case unknownVendor = "unknown-vendor"
        case undeclaredOperation = "undeclared-operation"
        case undeclaredStatus = "undeclared-status"
        case missingHeader = "missing-header"
        case undeclaredMediaType = "undeclared-media-type"
        case missingBody = "missing-body"
        case malformedBody = "malformed-body"
        case bodyTooLarge = "body-too-large"
        case jsonSchema = "json-schema"
        case xmlSchema = "xml-schema"
        case unredactedSecret = "unredacted-secret"
        /// A flow declares a violation (``ExpectedViolation``) that its cassette does not have.
        case expectedViolationAbsent = "expected-violation-absent"
    }

    public var cassette: String
    public var entry: Int
    public var kind: Kind
    /// Where in the interaction: `request header Authorization`, `request body /events/0/eventTypeCode`,
    /// `response body /Envelope/Body/RESULT/SUCCESS (line 1)`, `response status`.
    public var location: String
    public var expected: String
    public var actual: String
    /// The declaration that was broken (`Schemas/engage/engage.openapi.yaml#/…/type`, an XSD), when there is one.
    public var schemaLocation: String?

    public init(
        cassette: String, entry: Int, kind: Kind, location: String, expected: String, actual: String,
        schemaLocation: String? = nil
    ) {
        self.cassette = cassette
        self.entry = entry
        self.kind = kind
        self.location = location
        self.expected = expected
        self.actual = actual
        self.schemaLocation = schemaLocation
    }

    /// `location: expected …, found …`.
    public var message: String { "\(location): expected \(expected), found \(actual)" }

    public var description: String {
        "\(cassette) entry \(entry) [\(kind.rawValue)] \(message)" + (schemaLocation.map { " (\($0))" } ?? "")
    }
}
