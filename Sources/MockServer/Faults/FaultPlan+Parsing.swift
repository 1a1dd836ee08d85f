import Foundation
import JSONCore

extension FaultPlan {
    /// Reads the header grammar (see ``FaultPlan``); throws ``MockServerError/invalidFault(text:reason:)``
    /// naming the item that is wrong.
    public init(parsing text: String) throws(MockServerError) {
        self.init()
        var seen: Set<String> = []
        let items = text.split(whereSeparator: { $0 == "," || $0 == ";" })
            .map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }
        guard !items.isEmpty else { throw .invalidFault(text: text, reason: "no fault given") }
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = (parts.first ?? "").trimmingWhitespace().lowercased()
            let value = parts.count > 1 ? parts[1].trimmingWhitespace() : nil
            guard !name.isEmpty else { throw .invalidFault(text: text, reason: "'\(item)': a fault name is missing") }
            guard seen.insert(name).inserted else {
                throw .invalidFault(text: text, reason: "'\(name)' is given twice")
            }
            func required() throws(MockServerError) -> String {
                guard let value, !value.isEmpty else {
                    throw .invalidFault(text: text, reason: "'\(name)' needs a value")
                }
                return value
            }
            func invalid(_ expectation: String) -> MockServerError {
                .invalidFault(text: text, reason: "'\(item)': \(expectation)")
            }
            func setConnection(_ fault: ConnectionFault) throws(MockServerError) {
                guard connection == nil else {
                    throw .invalidFault(text: text, reason: "reset, empty and timeout exclude each other")
                }
                connection = fault
            }
            switch name {
            case "latency":
                guard let range = Self.parseDurationRange(try required()) else {
                    throw invalid("expected latency=200ms or latency=50..300ms")
                }
                latency = range
            case "status":
                guard let code = Int(try required()), (100...599).contains(code) else {
                    throw invalid("expected a status code 100...599")
                }
                status = code
            case "reset", "empty":
                guard value == nil else { throw invalid("takes no value") }
                try setConnection(name == "reset" ? .reset : .empty)
            case "timeout":
                if let value {
                    guard let limit = Self.parseDuration(value) else { throw invalid("expected timeout or timeout=5s") }
                    try setConnection(.timeout(limit))
                } else {
                    try setConnection(.timeout(nil))
                }
            case "truncate":
                guard let count = Self.parseSize(try required()) else { throw invalid("expected truncate=10 (bytes)") }
                truncate = count
            case "garbage":
                guard value == nil else { throw invalid("takes no value") }
                garbage = true
            case "dribble":
                let pieces = try required().split(separator: "/", maxSplits: 1).map(String.init)
                guard pieces.count == 2, let size = Self.parseSize(pieces[0]), size > 0,
                    let interval = Self.parseDuration(pieces[1])
                else { throw invalid("expected dribble=64b/100ms") }
                dribble = Dribble(chunkSize: size, interval: interval)
            case "chance":
                guard let probability = Self.number(try required()), (0...1).contains(probability) else {
                    throw invalid("expected a probability between 0 and 1")
                }
                chance = probability
            case "seed":
                guard let number = UInt64(try required()) else { throw invalid("expected a whole number") }
                seed = number
            default:
                throw .invalidFault(
                    text: text,
                    reason: "unknown fault '\(name)' (known: latency, status, reset, empty, timeout, truncate, "
                        + "garbage, dribble, chance, seed)")
            }
        }
        if connection != nil, truncate != nil || garbage || dribble != nil || status != nil {
            throw .invalidFault(text: text, reason: "reset, empty and timeout send no response to alter")
        }
    }

    /// `200ms`, `1.5s`, `300us`; a bare number is milliseconds. Below 10⁶ s in any unit (a bare number below
    /// 10⁹), to the nearest nanosecond.
    static func parseDuration(_ text: String) -> Duration? {
        let units: [(suffix: String, scale: Double)] = [("ms", 1e6), ("us", 1e3), ("s", 1e9)]
        let lowered = text.lowercased()
        let (digits, scale) =
            units.first { lowered.hasSuffix($0.suffix) }.map { (lowered.dropLast($0.suffix.count), $0.scale) }
            ?? (Substring(lowered), 1e6)
        guard let number = number(digits), number >= 0 else { return nil }
        let nanoseconds = (number * scale).rounded()
        guard nanoseconds < 1e15 else { return nil }
        return .nanoseconds(Int64(nanoseconds))
    }

    /// `200ms` or `50..300ms` (the unit of the upper bound also applies to a bare lower bound).
    static func parseDurationRange(_ text: String) -> ClosedRange<Duration>? {
        guard let separator = text.range(of: "..") else {
            return parseDuration(text).map { $0...$0 }
        }
        let upperText = String(text[separator.upperBound...])
        var lowerText = String(text[..<separator.lowerBound])
        if number(lowerText) != nil, let unit = upperText.firstIndex(where: { $0.isLetter }) {
            lowerText += upperText[unit...]
        }
        guard let lower = parseDuration(lowerText), let upper = parseDuration(upperText), lower <= upper else {
            return nil
        }
        return lower...upper
    }

    /// The number `text` spells, or nil. `Double(_:)` alone reads a C string and so stops at a NUL: `1\u{0}junk`
    /// would read as 1; such text is refused here.
    static func number(_ text: some StringProtocol) -> Double? {
        text.utf8.contains(0) ? nil : Double(text)
    }

    /// The largest size a fault accepts (1 GiB): more than any response the server sends, and far from overflow.
    static let maximumSize = 1 << 30

    /// `64`, `64b`, `2kb`; nil for anything else, a negative number, or more than ``maximumSize`` bytes.
    static func parseSize(_ text: String) -> Int? {
        let lowered = text.lowercased()
        let (digits, scale) =
            lowered.hasSuffix("kb")
            ? (lowered.dropLast(2), 1024) : lowered.hasSuffix("b") ? (lowered.dropLast(), 1) : (Substring(lowered), 1)
        guard let number = Int(digits), number >= 0 else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: scale)
        guard !overflow, bytes <= maximumSize else { return nil }
        return bytes
    }
}
