import Foundation
import JSONCore

/// A request body checked against the contract's request schemas: a JSON object whose keys the server knows, each
/// of the declared type. Android's camelCase keys (§1.3) are read under the server's names. Anything else (not JSON,
/// not an object, an unknown key, a wrong type, a malformed `timestamp` or `screen_size`) is `invalid_request_body`.
struct ReferralHeroBody {
    enum Kind { case string, number, integer, boolean }

    /// `SubscriberRequest`: the server's keys and their types.
    static let subscriberFields: [String: Kind] = [
        "email": .string, "domain": .string, "hosting_url": .string, "host_url": .string, "name": .string,
        "phone_number": .string, "crypto_wallet_address": .string, "crypto_wallet_provider": .string,
        "other_identifier_value": .string, "extra_field": .string, "extra_field_2": .string,
        "option_field_value": .string, "referrer": .string, "lifetime_spend": .number,
        "subscribe_page_url": .string, "landing_page_url": .string, "is_quick_add_referral": .boolean,
        "double_optin": .boolean, "points": .integer, "source": .string, "transaction_id": .string,
        "conversion_category": .string, "conversion_value": .number, "visitor_id": .string, "status": .string,
        "device": .string, "os_type": .string, "ip_address": .string, "screen_size": .string, "timestamp": .string,
        "uuid": .string, "subscriber_id": .string, "social": .string,
    ]

    /// Android's Gson property names and the server names they stand for.
    static let androidAliases: [String: String] = [
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
            guard Self.matches(value, kind) else { throw Self.invalid("`\(key)` is not a \(kind)") }
            values[name] = value
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
        guard let value = values[key]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty
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

    private static func matches(_ value: JSONValue, _ kind: Kind) -> Bool {
        switch (kind, value) {
        case (.string, .string), (.boolean, .bool), (.number, .number): true
        case (.integer, .number(let number)): number.isInteger
        default: false
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
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !email.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }
}
