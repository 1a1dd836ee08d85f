public import Foundation

/// Adapty's wire dates: sent as UTC `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'`, read as `yyyy-MM-dd'T'HH:mm:ss.SSSZ`
/// (any offset; whole seconds accepted too).
public enum AdaptyDateCoding {
    /// `date` as the backend writes dates.
    public static func string(from date: Date) -> String {
        formatter("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").string(from: date)
    }

    /// A date the backend wrote, or nil when `text` is not one.
    public static func date(from text: String) -> Date? {
        for format in ["yyyy-MM-dd'T'HH:mm:ss.SSSZ", "yyyy-MM-dd'T'HH:mm:ssZ"] {
            if let date = formatter(format).date(from: text) { return date }
        }
        return nil
    }

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }
}
