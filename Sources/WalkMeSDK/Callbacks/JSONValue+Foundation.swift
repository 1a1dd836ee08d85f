import Foundation
import JSONCore

// The page types WMCampaignInfo.campaignData and WMUserData's attribute lists as NSDictionary: key/value access with
// Foundation values. These turn the SDK's JSON values into those.

extension JSONValue {
    /// The value as Foundation reads it: `String`, `Int` (a whole number that fits) or `Double`, `Bool`, `[Any]`,
    /// `[String: Any]`, or `NSNull` for null.
    var foundationValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let flag): flag
        case .number(let number): number.integer.flatMap { Int(exactly: $0) } ?? number.double
        case .string(let text): text
        case .array(let items): items.map(\.foundationValue)
        case .object(let members):
            Dictionary(members.map { ($0.key, $0.value.foundationValue) }, uniquingKeysWith: { _, last in last })
                as [String: Any]
        }
    }
}

extension Dictionary where Key == String, Value == JSONValue {
    /// The dictionary as an `NSDictionary` imports into Swift, its values as ``JSONValue/foundationValue``.
    var foundationDictionary: [AnyHashable: Any] {
        [AnyHashable: Any](uniqueKeysWithValues: map { (AnyHashable($0.key), $0.value.foundationValue) })
    }
}
