import JSONCore
import LibXML

extension NormalizedRequest {
    /// How `actual` differs from this (recorded) request, part by part, as redacted text.
    func differences(from actual: NormalizedRequest, limit: Int = 8) -> [FieldDifference] {
        var found: [FieldDifference] = []
        for (mine, theirs) in zip(parts, actual.parts) where mine != theirs && found.count < limit {
            found += Self.differences(mine, theirs)
        }
        return Array(found.prefix(limit))
    }

    /// A weight of how far apart two requests are: a different method or path counts most.
    func distance(to other: NormalizedRequest) -> Int {
        zip(parts, other.parts).reduce(0) { total, pair in
            guard pair.0 != pair.1 else { return total }
            switch pair.0 {
            case .method, .path: return total + 8
            case .host, .scheme, .port: return total + 4
            case .body: return total + 2
            case .query, .headers: return total + 1
            }
        }
    }

    private static func differences(_ expected: Part, _ actual: Part) -> [FieldDifference] {
        switch (expected, actual) {
        case (.method(let left), .method(let right)): [FieldDifference(field: "method", expected: left, actual: right)]
        case (.scheme(let left), .scheme(let right)): [FieldDifference(field: "scheme", expected: left, actual: right)]
        case (.host(let left), .host(let right)): [FieldDifference(field: "host", expected: left, actual: right)]
        case (.port(let left), .port(let right)):
            [
                FieldDifference(
                    field: "port", expected: left.map(String.init) ?? "none", actual: right.map(String.init) ?? "none")
            ]
        case (.path(let left), .path(let right)): [FieldDifference(field: "path", expected: left, actual: right)]
        case (.query(let left), .query(let right)): pairDifferences("query", left, right)
        case (.headers(let left), .headers(let right)): pairDifferences("header", left, right)
        case (.body(let left), .body(let right)): bodyDifferences(left, right)
        default: []
        }
    }

    /// Per name, the values that differ (as multisets: order does not matter).
    static func pairDifferences(_ kind: String, _ expected: [Pair], _ actual: [Pair]) -> [FieldDifference] {
        let names = Set(expected.map(\.name)).union(actual.map(\.name)).sorted()
        var found: [FieldDifference] = []
        for name in names {
            let mine = expected.filter { $0.name == name }.map(\.value)
            let theirs = actual.filter { $0.name == name }.map(\.value)
            guard mine != theirs else { continue }
            if mine.count == 1, theirs.count == 1, case .xml(let left) = mine[0], case .xml(let right) = theirs[0],
                let difference = left.difference(from: right)
            {
                found.append(
                    FieldDifference(
                        field: "\(kind):\(name) xpath:\(difference.path)", expected: difference.expected,
                        actual: difference.actual))
                continue
            }
            found.append(FieldDifference(field: "\(kind):\(name)", expected: describe(mine), actual: describe(theirs)))
        }
        return found
    }

    private static func describe(_ values: [PairValue]) -> String {
        switch values.count {
        case 0: "missing"
        case 1: values[0].description
        default: "[" + values.map(\.description).joined(separator: ", ") + "]"
        }
    }

    static func bodyDifferences(_ expected: BodyKey, _ actual: BodyKey) -> [FieldDifference] {
        switch (expected, actual) {
        case (.json(let left), .json(let right)):
            return left.differences(from: right, limit: 5).map {
                FieldDifference(field: "body json:\($0.pointer)", expected: $0.expected, actual: $0.actual)
            }
        case (.xml(let left), .xml(let right)):
            guard let difference = left.difference(from: right) else { return [] }
            return [
                FieldDifference(
                    field: "body xpath:\(difference.path)", expected: difference.expected, actual: difference.actual)
            ]
        case (.form(let left), .form(let right)):
            return pairDifferences("form", left, right)
        case (.text(let left), .text(let right)):
            return [FieldDifference(field: "body", expected: "\"\(left)\"", actual: "\"\(right)\"")]
        case (.malformed(_, let left), .malformed(_, let right)):
            return [FieldDifference(field: "body", expected: "\"\(left)\"", actual: "\"\(right)\"")]
        default:
            return [FieldDifference(field: "body", expected: expected.kindName, actual: actual.kindName)]
        }
    }
}
