/// How the text reports mark what passed and what failed: ANSI colours on a terminal, plain text elsewhere.
/// One painter for every text report, so `verify`, `fuzz` and the contract check colour alike.
public struct TerminalStyle: Sendable {
    /// Whether to colour at all (off when the output is not a terminal, or with `NO_COLOR`).
    public var colour: Bool

    /// A style that colours when `colour` is true.
    public init(colour: Bool) {
        self.colour = colour
    }

    /// `text` in green: something held.
    public func passed(_ text: String) -> String { paint(text, "32") }
    /// `text` in red: something failed.
    public func failed(_ text: String) -> String { paint(text, "31") }
    /// `text` in yellow: something could not be checked.
    public func warning(_ text: String) -> String { paint(text, "33") }
    /// `text` dimmed: a detail or a skip.
    public func dim(_ text: String) -> String { paint(text, "2") }

    private func paint(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
