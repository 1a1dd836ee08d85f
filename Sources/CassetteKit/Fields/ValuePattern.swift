import Foundation

/// A regular expression over field values (ICU syntax, as `NSRegularExpression`), compared by its source.
///
/// Unanchored: it matches anywhere in a value unless written with `^…$`. For replacement, the first capture
/// group is replaced when the pattern has one (`token=([A-Za-z0-9]+)` keeps `token=`), the whole match otherwise.
public struct ValuePattern: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let source: String
    private let regex: NSRegularExpression

    /// Compiles `source`.
    /// - Throws: ``CassetteError/invalidField(text:reason:)`` when it is not a valid regular expression.
    public init(_ source: String) throws(CassetteError) {
        do {
            regex = try NSRegularExpression(pattern: source)
        } catch {
            throw .invalidField(text: source, reason: "not a valid regular expression (\(error.localizedDescription))")
        }
        self.source = source
    }

    /// The expression as written.
    public var description: String { source }

    /// Whether the pattern matches somewhere in `value`.
    public func matches(_ value: String) -> Bool {
        regex.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
    }

    /// `value` with every match (or its first capture group) replaced by what `replacement` returns for the
    /// matched text.
    public func replacingMatches(in value: String, with replacement: (String) -> String) -> String {
        let matches = regex.matches(in: value, range: NSRange(value.startIndex..., in: value))
        guard !matches.isEmpty else { return value }
        var result = ""
        var cursor = value.startIndex
        for match in matches {
            let range =
                match.numberOfRanges > 1 && match.range(at: 1).location != NSNotFound
                ? match.range(at: 1) : match.range
            guard let found = Range(range, in: value), found.lowerBound >= cursor else { continue }
            result += value[cursor..<found.lowerBound]
            result += replacement(String(value[found]))
            cursor = found.upperBound
        }
        result += value[cursor...]
        return result
    }

    /// Whether both were written the same (two spellings of one language are different patterns).
    public static func == (lhs: ValuePattern, rhs: ValuePattern) -> Bool { lhs.source == rhs.source }
    /// Hashes the source, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}
