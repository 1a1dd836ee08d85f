public import Foundation

/// The redacted request and response of a journal entry, as the recording rules would write them to a cassette.
public struct JournalExchange: Sendable, Hashable, Codable {
    /// The request's URL as a cassette records it (`http://simulator.local/<vendor>/…`).
    public var url: String
    /// The request, redacted.
    public var request: JournalMessage
    /// The response, redacted; nil when none was sent (a fault closed the connection).
    public var response: JournalMessage?
    /// How long the server took to answer, in milliseconds.
    public var milliseconds: Double

    /// An exchange from its parts.
    public init(url: String, request: JournalMessage, response: JournalMessage?, milliseconds: Double) {
        self.url = url
        self.request = request
        self.response = response
        self.milliseconds = milliseconds
    }

    /// The bytes the exchange holds in memory, roughly: headers and bodies.
    var size: Int { url.utf8.count + request.size + (response?.size ?? 0) }
}

/// One side of an exchange: headers in order and the body as text (or base64 when it is not UTF-8).
public struct JournalMessage: Sendable, Hashable, Codable {
    /// One header line.
    public struct Header: Sendable, Hashable, Codable {
        /// The name as sent.
        public var name: String
        /// The value, redacted.
        public var value: String

        /// A header line.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The header lines in order, redacted.
    public var headers: [Header]
    /// The body as text, or base64 when ``base64`` is set; nil when there is none.
    public var body: String?
    /// Whether ``body`` is base64 (the bytes are not UTF-8 text).
    public var base64: Bool
    /// The `Content-Type`, when there is one.
    public var contentType: String?

    /// A message from its parts.
    public init(headers: [Header], body: String?, base64: Bool = false, contentType: String? = nil) {
        self.headers = headers
        self.body = body
        self.base64 = base64
        self.contentType = contentType
    }

    /// The body's bytes.
    public var bodyData: Data {
        guard let body else { return Data() }
        return base64 ? Data(base64Encoded: body) ?? Data() : Data(body.utf8)
    }

    var size: Int { headers.reduce(body?.utf8.count ?? 0) { $0 + $1.name.utf8.count + $1.value.utf8.count } }
}

/// The live contract check's verdict on one exchange.
public struct JournalVerdict: Sendable, Hashable, Codable {
    /// One way the exchange breaks the vendor's contract.
    public struct Violation: Sendable, Hashable, Codable {
        /// The kind (`json-schema`, `xml-schema`, `undeclared-operation`, …).
        public var kind: String
        /// Where: `request body /events/0/eventTypeCode`, `response status`.
        public var location: String
        /// What the contract wants there.
        public var expected: String
        /// What the exchange has there.
        public var actual: String
        /// The declaration broken, when there is one.
        public var schema: String?

        /// A violation from its parts.
        public init(kind: String, location: String, expected: String, actual: String, schema: String? = nil) {
            self.kind = kind
            self.location = location
            self.expected = expected
            self.actual = actual
            self.schema = schema
        }

        /// `location: expected …, found …`.
        public var message: String { "\(location): expected \(expected), found \(actual)" }
    }

    /// Every violation found, request side first; empty when the exchange keeps the contract.
    public var violations: [Violation]
    /// Whether only the request was checked (a replay miss, a refused request: no vendor response to check).
    public var requestOnly: Bool

    /// A verdict from its violations.
    public init(violations: [Violation], requestOnly: Bool = false) {
        self.violations = violations
        self.requestOnly = requestOnly
    }

    /// Whether the exchange keeps the contract.
    public var ok: Bool { violations.isEmpty }

    /// The request-side violations (what `--strict-contract` refuses).
    public var requestViolations: [Violation] { violations.filter { $0.location.hasPrefix("request") } }

    var size: Int {
        violations.reduce(0) { $0 + $1.location.utf8.count + $1.expected.utf8.count + $1.actual.utf8.count }
    }
}

/// For a replay miss: the nearest recorded request and the fields that differ.
public struct JournalNearestMiss: Sendable, Hashable, Codable {
    /// One field that differs.
    public struct Difference: Sendable, Hashable, Codable {
        /// The field (`method`, `query id`, `body json:/email`).
        public var field: String
        /// What the recorded request has.
        public var expected: String
        /// What the request had.
        public var actual: String

        /// A difference from its parts.
        public init(field: String, expected: String, actual: String) {
            self.field = field
            self.expected = expected
            self.actual = actual
        }
    }

    /// The cassette searched, or holding the nearest request (`<vendor>/<flow>`); nil when none was loaded.
    public var cassette: String?
    /// The nearest entry's index in the cassette.
    public var entry: Int?
    /// The nearest recorded request (`POST /lists/…`).
    public var request: String?
    /// The fields that differ.
    public var differences: [Difference]
    /// The replay error's whole message.
    public var message: String

    /// A nearest miss from its parts.
    public init(cassette: String?, entry: Int?, request: String?, differences: [Difference], message: String) {
        self.cassette = cassette
        self.entry = entry
        self.request = request
        self.differences = differences
        self.message = message
    }
}
