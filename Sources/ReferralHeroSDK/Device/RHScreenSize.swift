/// A screen size in points, parsed from any spelling the ReferralHero SDKs send and written in one canonical form.
///
/// Accepted: `393*852`, `393 x 852`, `393x852`, `393.0 x 852.0` (also `X`, and spaces around `*`): two positive
/// decimal numbers (digits with at most one `.`, below 100 000) around `x`, `X` or `*`.
/// Canonical: `393.0 x 852.0`, the form of the iOS SDK and of ReferralHero's documentation: each number with at least
/// one decimal, separated by ` x `. The order is kept as given (width first, by convention).
public struct RHScreenSize: Sendable, Hashable, LosslessStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// The largest side accepted, in points.
    public static let maximumSide = 100_000.0

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Parses `text`; `nil` when it is not one of the accepted spellings.
    public init?(_ text: String) {
        let sides = text.split(omittingEmptySubsequences: false, whereSeparator: { "xX*".contains($0) })
        guard sides.count == 2,
            let width = Self.side(sides[0]),
            let height = Self.side(sides[1])
        else { return nil }
        self.init(width: width, height: height)
    }

    /// The canonical spelling, e.g. `393.0 x 852.0`.
    public var description: String {
        "\(Self.format(width)) x \(Self.format(height))"
    }

    private static func side(_ text: Substring) -> Double? {
        let digits = text.trimmingSpaces
        guard let first = digits.first, first.isASCII, first.isNumber,
            digits.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." }),
            digits.filter({ $0 == "." }).count <= 1, digits.last != ".",
            let value = Double(digits), value > 0, value < maximumSide
        else { return nil }
        return value
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)).0" : plainDecimal(value)
    }

    /// `value`'s shortest digits without an exponent: Swift writes a number below 10⁻⁴ as `1e-05`, a spelling
    /// ``init(_:)`` refuses, where `0.00001` reads back as the same number.
    private static func plainDecimal(_ value: Double) -> String {
        let text = "\(value)"
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]), exponent < 0 else {
            return text
        }
        let digits = text[..<e].filter { $0 != "." }
        return "0." + String(repeating: "0", count: -exponent - 1) + digits
    }
}

extension Substring {
    /// Without leading and trailing spaces (only U+0020: a tab or newline is not a separator ReferralHero knows).
    fileprivate var trimmingSpaces: Substring {
        var trimmed = self
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        return trimmed
    }
}
