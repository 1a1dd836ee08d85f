/// One fact a contract or a flow rests on, with where it comes from: the `x-source` of an operation, a status, a
/// parameter or a schema member in `Schemas/`, or a fact a flow's SDK code path relies on (``Flow/facts``).
///
/// A flow's basis is derived from the facts it exercises, never typed by hand: it is the weakest ``Basis`` among
/// them, so a flow can only say ``Basis/document`` when every fact under it comes from a vendor document.
public struct Fact: Sendable, Hashable, CustomStringConvertible {
    /// How far a fact can be trusted, from the strongest to the weakest.
    public enum Basis: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
        /// A vendor document (`../shared/seeds/`) or the research notes that restate one.
        case document
        /// A vendor's public SDK source, for wire facts the documents leave out.
        case sdkSource
        /// Our own inference: no vendor document or public source states it.
        case assumed

        /// Classifies an `x-source` text: `assumed…` (or any clause saying `assumed` or `UNCONFIRMED`) is
        /// ``assumed``; `sdk-source: …` is ``sdkSource``; a citation of a document or of the notes is
        /// ``document``.
        public init(source: String) {
            let text = source.lowercased()
            if text.contains("assumed") || text.contains("unconfirmed") {
                self = .assumed
            } else if text.hasPrefix("sdk-source") {
                self = .sdkSource
            } else {
                self = .document
            }
        }

        /// `document`, `sdk-source` or `assumed`: the word reports print.
        public var description: String {
            switch self {
            case .document: "document"
            case .sdkSource: "sdk-source"
            case .assumed: "assumed"
            }
        }

        /// Weaker is greater: `document < sdkSource < assumed`.
        public static func < (lhs: Basis, rhs: Basis) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// How far the fact can be trusted, derived from ``source``.
    public var basis: Basis
    /// The `x-source` text as written (`assumed: WalkMe's error answers are not public`).
    public var source: String
    /// Where the fact is declared: `Schemas/walkme/walkme.openapi.yaml#/paths/~1token/post`, or the flow
    /// (`flow walkme/campaign-shown`) for a fact of an SDK code path.
    public var location: String

    /// A fact with `source` (its basis derived from the text) declared at `location`.
    public init(source: String, location: String) {
        self.basis = Basis(source: source)
        self.source = source
        self.location = location
    }

    /// A fact the flow's SDK code path relies on that no vendor document states, with the reason.
    public static func assumed(_ reason: String) -> Fact {
        Fact(source: "assumed: " + reason, location: "")
    }

    /// A fact the flow's SDK code path takes from a vendor's public SDK source (`file, symbol`).
    public static func sdkSource(_ citation: String) -> Fact {
        Fact(source: "sdk-source: " + citation, location: "")
    }

    /// `[assumed] assumed: … (at Schemas/…#/…)`.
    public var description: String {
        "[\(basis)] \(source)" + (location.isEmpty ? "" : " (\(location))")
    }
}

extension Sequence<Fact> {
    /// The weakest basis among the facts: ``Fact/Basis/document`` when there are none.
    public var basis: Fact.Basis { map(\.basis).max() ?? .document }
}
