import JSONCore

/// One secret replaced by a placeholder, as the entry's `_harness.redactions` records it.
public struct AppliedRedaction: Sendable, Hashable, CustomStringConvertible {
    /// The half of the interaction a secret was found in.
    public enum Message: String, Sendable, Hashable {
        /// The request or the response.
        case request, response
    }

    /// Which half of the interaction held the secret.
    public var message: Message
    /// Where it was, as selector text: `header:Authorization`, `json:/access_token`, `xpath:/Envelope/…`.
    public var field: String
    /// What replaced it, such as `<redacted:authorization:1>`.
    public var placeholder: String

    /// A record of `placeholder` replacing the secret at `field` of `message`.
    public init(message: Message, field: String, placeholder: String) {
        self.message = message
        self.field = field
        self.placeholder = placeholder
    }

    /// One line: `request header:Authorization → <redacted:authorization:1>`.
    public var description: String { "\(message.rawValue) \(field) → \(placeholder)" }
}

extension AppliedRedaction: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        let side = try reader.string("in")
        guard let message = Message(rawValue: side) else {
            throw reader.wrongType("in", expected: "\"request\" or \"response\"", found: .string(side))
        }
        self.message = message
        field = try reader.string("field")
        placeholder = try reader.string("placeholder")
    }

    var json: JSONValue {
        ["in": .string(message.rawValue), "field": .string(field), "placeholder": .string(placeholder)]
    }
}
