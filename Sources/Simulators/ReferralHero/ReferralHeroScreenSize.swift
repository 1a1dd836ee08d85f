/// How the ReferralHero simulator reads `screen_size`: the spellings the vendor's SDKs send (`393.0 x 852.0`
/// from iOS, `393x852`, `393 X 852`, `393*852` from the others), written back in the iOS spelling so that link
/// clicks and sign-ups from different SDKs match. Its own reader, written from the Public Methods page and the
/// contract, not the SDK's.
enum ReferralHeroScreenSize {
    /// The largest side the simulator accepts, in points.
    static let largestSide = 100_000.0

    /// `"<w>.0 x <h>.0"` (or the decimals given), or nil when `text` is not two positive numbers around one
    /// `x`, `X` or `*`, with optional spaces (U+0020) around them.
    static func canonical(_ text: String) -> String? {
        var separators = 0
        var sides: [String] = [""]
        for character in text {
            if character == "x" || character == "X" || character == "*" {
                separators += 1
                sides.append("")
            } else {
                sides[sides.count - 1].append(character)
            }
        }
        guard separators == 1 else { return nil }
        var numbers: [Double] = []
        for side in sides {
            guard let number = number(side.trimmingSpaces()) else { return nil }
            numbers.append(number)
        }
        return numbers.map(spelled).joined(separator: " x ")
    }

    private static func number(_ text: String) -> Double? {
        var dots = 0
        for character in text {
            if character == "." {
                dots += 1
            } else if !("0"..."9").contains(character) {
                return nil
            }
        }
        guard dots <= 1, text.first != ".", text.last != ".", let value = Double(text), value > 0,
            value < largestSide
        else { return nil }
        return value
    }

    private static func spelled(_ value: Double) -> String {
        if value.rounded() == value { return "\(Int(value)).0" }
        // Swift spells a number below 10⁻⁴ with an exponent (`1e-05`), which `number` refuses: write its digits out.
        let text = "\(value)"
        let parts = text.split(separator: "e")
        guard parts.count == 2, let exponent = Int(parts[1]), exponent < 0 else { return text }
        return "0." + String(repeating: "0", count: -exponent - 1) + parts[0].filter { $0 != "." }
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var trimmed = Substring(self)
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        return String(trimmed)
    }
}
