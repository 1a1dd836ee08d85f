import Foundation
import JSONCore
import LibXML

/// A request reduced to what its matcher compares, with secrets and volatile values masked: two requests
/// match exactly when their normalized forms are equal, so the index can look them up by hash.
struct NormalizedRequest: Sendable, Hashable {
    enum Part: Sendable, Hashable {
        case method(String)
        case scheme(String)
        case host(String)
        case port(Int?)
        case path(String)
        case query([Pair])
        case headers([Pair])
        case body(BodyKey)
    }

    var parts: [Part]
}

/// A name and a value of a query, header or form multiset; sorted so order does not matter.
struct Pair: Sendable, Hashable, Comparable {
    var name: String
    var value: PairValue

    static func < (lhs: Pair, rhs: Pair) -> Bool {
        lhs.name != rhs.name ? lhs.name < rhs.name : lhs.value.sortKey < rhs.value.sortKey
    }
}

enum PairValue: Sendable, Hashable, CustomStringConvertible {
    case text(String)
    /// A form field holding XML, compared canonically.
    case xml(XML.Canonical)

    var sortKey: String {
        switch self {
        case .text(let text): text
        case .xml(let canonical): canonical.description
        }
    }

    var description: String {
        switch self {
        case .text(let text): "\"\(text)\""
        case .xml(let canonical): canonical.description
        }
    }
}

/// A body in the form it is compared in.
enum BodyKey: Sendable, Hashable {
    case empty
    case bytes(Data)
    case text(String)
    case json(JSONValue)
    case xml(XML.Canonical)
    case form([Pair])
    /// Declared as `kind` but not parseable as such: compared as text.
    case malformed(kind: String, text: String)

    var kindName: String {
        switch self {
        case .empty: "no body"
        case .bytes(let data): "\(data.count) bytes"
        case .text: "text"
        case .json: "JSON"
        case .xml: "XML"
        case .form: "a form"
        case .malformed(let kind, _): "malformed \(kind)"
        }
    }
}
