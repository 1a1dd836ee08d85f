import Foundation
import JSONCore

/// A request body checked against the contract's request schemas: a JSON object whose keys the server knows, each
/// of the declared type. Android's camelCase keys and the iOS model's `extra_field2` are read under the server's
/// names; the iOS model's string-typed `points`, `double_optin` and `conversion_value` are read as the number or
/// boolean they spell. Anything else (not JSON, not an object, an unknown key, a wrong type, a malformed
/// `timestamp` or `screen_size`) is `invalid_request_body`.
struct ReferralHeroBody {
    enum Kind {
        case string, number, integer, boolean
        /// A JSON integer or a decimal string of one (the iOS subscriber model's `points (String)`).
        case integerOrText
        /// A JSON boolean or `"true"` / `"false"` (the iOS model's `double_optin (string value)`).
        case booleanOrText
        /// A JSON number or a decimal string (the iOS model's `conversion_value (String)`).
        case numberOrText
    }

    /// `SubscriberRequest`: the server's keys and their types.
    static let subscriberFields: [String: Kind] = [
        "email": .string, "domain": .string, "hosting_url": .string, "host_url": .string, "name": .string,
        "phone_number": .string, "crypto_wallet_address": .string, "crypto_wallet_provider": .string,
        "other_identifier_value": .string, "extra_field": .string, "extra_field_2": .string,
        "option_field_value": .string, "referrer": .string, "lifetime_spend": .number,
        "subscribe_page_url": .string, "landing_page_url": .string, "is_quick_add_referral": .boolean,
        "double_optin": .booleanOrText, "points": .integerOrText, "source": .string, "transaction_id": .string,
        "conversion_category": .string, "conversion_value": .numberOrText, "visitor_id": .string, "status": .string,
        "device": .string, "os_type": .string, "ip_address": .string, "screen_size": .string, "timestamp": .string,
        "uuid": .string, "subscriber_id": .string, "social": .string,
    ]

    /// Android's Gson property names (and the iOS model's `extra_field2`) and the server names they stand for.
    static let aliases: [String: String] = [
        "extra_field2": "extra_field_2",
        "phoneNumber": "phone_number", "cryptoWalletAddress": "crypto_wallet_address", "extraField": "extra_field",
        "extraField2": "extra_field_2", "doubleOptIn": "double_optin", "transactionId": "transaction_id",
        "conversionCategory": "conversion_category", "conversionValue": "conversion_value",
    ]

    /// `ShareRequest` and `TimestampRequest`.
    static let shareFields: [String: Kind] = ["social": .string, "timestamp": .string]
    static let timestampFields: [String: Kind] = ["timestamp": .string]

    private(set) var values: [String: JSONValue] = [:]

    /// Reads `data` against `fields`. An empty body is an empty object when `optional`.
    init(
        _ data: Data, fields: [String: Kind], aliases: [String: String] = [:], optional: Bool = false
    ) throws(ReferralHeroFailure) {
        if optional, data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return }
        guard let parsed = try? JSONValue(parsing: data) else {
            throw Self.invalid("the body is not JSON")
        }
        guard let object = parsed.objectValue else { throw Self.invalid("the body is not a JSON object") }
        for (key, value) in object {
            let name = aliases[key] ?? key
            guard let kind = fields[name] else { throw Self.invalid("unknown field `\(key)`") }
            guard let read = Self.read(value, as: kind) else {
                throw Self.invalid("`\(key)` is not \(Self.describe(kind))")
            }
            values[name] = read
        }
        if let timestamp = values["timestamp"]?.stringValue,
            timestamp.isEmpty || !timestamp.allSatisfy({ $0.isASCII && $0.isNumber })
        {
            throw Self.invalid("`timestamp` is not unix seconds as a decimal string")
        }
        if let screen = values["screen_size"]?.stringValue, !screen.isEmpty,
            ReferralHeroScreenSize.canonical(screen) == nil
        {
            throw Self.invalid("`screen_size` '\(screen)' is not WIDTH x HEIGHT")
        }
    }

    /// A string field, trimmed; `nil` when absent or blank.
    func text(_ key: String) -> String? {
        guard let value = values[key]?.stringValue?.trimmingWhitespace(newlines: true), !value.isEmpty
        else { return nil }
        return value
    }

    func has(_ key: String) -> Bool { values[key] != nil }

    /// The URL the referral link is built on: `domain`, `hosting_url` or Flutter's `host_url`.
    var host: String? { text("domain") ?? text("hosting_url") ?? text("host_url") }

    /// The four automatic-matching parameters, when all are present.
    var fingerprint: ReferralHeroFingerprint? {
        ReferralHeroFingerprint(
            osType: text("os_type"), device: text("device"), ipAddress: text("ip_address"),
            screenSize: text("screen_size"))
    }

    /// `value` as the server stores it when it is of `kind`: strings that spell a number or a boolean are read as
    /// one; `nil` when it is not of `kind`.
    static func read(_ value: JSONValue, as kind: Kind) -> JSONValue? {
        switch (kind, value) {
        case (.string, .string), (.boolean, .bool), (.number, .number), (.booleanOrText, .bool),
            (.numberOrText, .number):
            return value
        case (.integer, .number(let number)), (.integerOrText, .number(let number)):
            return number.isInteger ? value : nil
        case (.integerOrText, .string(let text)):
            return Self.isDecimal(text, fraction: false)
                ? Int64(text).map { .number(JSONNumber(text: String($0))) } : nil
        case (.booleanOrText, .string("true")): return .bool(true)
        case (.booleanOrText, .string("false")): return .bool(false)
        case (.numberOrText, .string(let text)):
            guard Self.isDecimal(text, fraction: true), let double = Double(text), double.isFinite else { return nil }
            return .number(JSONNumber(double))
        default:
            return nil
        }
    }

    /// An optional sign, 1 to 18 digits (15 when a fraction may follow), and when `fraction` is allowed an optional
    /// `.` and 1 to 15 digits: the contract's patterns for the string-typed numbers.
    private static func isDecimal(_ text: String, fraction: Bool) -> Bool {
        var rest = Substring(text)
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits: (Substring) -> Bool = { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard let whole = parts.first, digits(whole) else { return false }
        guard parts.count == 2 else { return whole.count <= (fraction ? 15 : 18) }
        return fraction && whole.count <= 15 && digits(parts[1]) && parts[1].count <= 15
    }

    private static func describe(_ kind: Kind) -> String {
        switch kind {
        case .string: "a string"
        case .number: "a number"
        case .integer: "an integer"
        case .boolean: "a boolean"
        case .integerOrText: "an integer (or a string of digits)"
        case .booleanOrText: "a boolean (or \"true\" / \"false\")"
        case .numberOrText: "a number (or a decimal string)"
        }
    }

    private static func invalid(_ detail: String) -> ReferralHeroFailure {
        ReferralHeroFailure(
            .invalidRequestBody, message: "\(ReferralHeroErrorCode.invalidRequestBody.message): \(detail)")
    }
}

/// The device parameters a link click and a pending referral are matched on (§1.4, §1.6); `screen_size` is compared
/// in its canonical spelling, the others case-insensitively.
struct ReferralHeroFingerprint: Equatable {
    var osType: String
    var device: String
    var ipAddress: String
    var screenSize: String

    init?(osType: String?, device: String?, ipAddress: String?, screenSize: String?) {
        guard let osType, let device, let ipAddress, let screenSize,
            let size = ReferralHeroScreenSize.canonical(screenSize)
        else {
            return nil
        }
        self.osType = osType.lowercased()
        self.device = device.lowercased()
        self.ipAddress = ipAddress
        self.screenSize = size
    }
}

/// Email addresses the server accepts: one `@`, a local part, and a domain with a dot; no spaces.
enum ReferralHeroEmail {
    static func isValid(_ email: String) -> Bool {
        // An ASCII address (nearly every one) is read as bytes: a walk by characters, asking each whether it is white
        // space, cost more than the rest of a sign-up's checks. In ASCII, white space is tab to carriage return and
        // space, as `Character.isWhitespace` has it.
        UTF8Bytes.withASCII(email, isValidASCII) ?? isValidUnicode(email)
    }

    private static func isValidASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > bytes.startIndex,
            !bytes[(at + 1)...].contains(UInt8(ascii: "@")),
            !bytes.contains(where: { $0 == UInt8(ascii: " ") || (0x09...0x0D).contains($0) })
        else { return false }
        let domain = bytes[(at + 1)...]
        return domain.contains(UInt8(ascii: ".")) && domain.first != UInt8(ascii: ".")
            && domain.last != UInt8(ascii: ".")
    }

    private static func isValidUnicode(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !email.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }
}
