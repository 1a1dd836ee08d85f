import ArgumentParser

/// Range checks for numbers read from the command line, so that no option value can overflow a conversion
/// later (`--flow-timeout inf`, `--seconds 1e300`, `--rounds -1`). Each throws a `ValidationError` naming the
/// option, the accepted range and the value given.
enum OptionRange {
    /// A duration in seconds: finite and within `range`.
    static func seconds(_ value: Double, _ option: String, in range: ClosedRange<Double>) throws {
        guard value.isFinite, range.contains(value) else {
            throw ValidationError(
                "\(option) takes seconds between \(format(range.lowerBound)) and \(format(range.upperBound)); "
                    + "got \(value)")
        }
    }

    /// A count within `range`.
    static func count(_ value: Int, _ option: String, in range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            throw ValidationError(
                "\(option) takes a number from \(range.lowerBound) to \(range.upperBound); got \(value)")
        }
    }

    /// Seconds as a `Duration`, for a value ``seconds(_:_:in:)`` accepted.
    static func duration(seconds: Double) -> Duration {
        .nanoseconds(Int64((seconds * 1e9).rounded()))
    }

    private static func format(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}
