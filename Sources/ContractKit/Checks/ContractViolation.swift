/// One way an interaction breaks its contract: where, what was expected, what was found.
public struct ContractViolation: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of violation, with the identifier reports use.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The cassette's folder names a vendor with no contract under `Schemas/`.
        case unknownVendor = "unknown-vendor"
        /// No operation is declared for the method and path.
        case undeclaredOperation = "undeclared-operation"
        /// The operation declares no response for the status (nor its class, nor `default`).
        case undeclaredStatus = "undeclared-status"
        /// A header the operation declares `required` is absent.
        case missingHeader = "missing-header"
        /// The body's media type is not among those declared for it.
        case undeclaredMediaType = "undeclared-media-type"
        /// A body the operation requires is absent.
        case missingBody = "missing-body"
        /// The body does not parse as its media type says (JSON, XML, form).
        case malformedBody = "malformed-body"
        /// The body is over ``ContractCheck/maximumBodyBytes``, so it was not parsed.
        case bodyTooLarge = "body-too-large"
        /// A JSON body breaks its JSON Schema.
        case jsonSchema = "json-schema"
        /// An XML body breaks its XSD.
        case xmlSchema = "xml-schema"
        /// A secret is recorded in clear instead of a redaction placeholder.
        case unredactedSecret = "unredacted-secret"
        /// A flow declares a violation (``ExpectedViolation``) that its cassette does not have.
        case expectedViolationAbsent = "expected-violation-absent"
    }

    /// The cassette, as reports name it (`engage/login.har`).
    public var cassette: String
    /// The entry's index in the cassette (0-based).
    public var entry: Int
    /// What kind of violation it is.
    public var kind: Kind
    /// Where in the interaction: `request header Authorization`, `request body /events/0/eventTypeCode`,
    /// `response body /Envelope/Body/RESULT/SUCCESS (line 1)`, `response status`.
    public var location: String
    /// What the contract wants there, in words.
    public var expected: String
    /// What the interaction has there.
    public var actual: String
    /// The declaration that was broken (`Schemas/engage/engage.openapi.yaml#/…/type`, an XSD), when there is one.
    public var schemaLocation: String?

    /// A violation from its parts.
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

    /// One line: `cassette entry N [kind] location: expected …, found … (schema location)`.
    public var description: String {
        "\(cassette) entry \(entry) [\(kind.rawValue)] \(message)" + (schemaLocation.map { " (\($0))" } ?? "")
    }
}
