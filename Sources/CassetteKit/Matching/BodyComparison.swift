public import Foundation
import JSONCore
import LibXML

/// Compares two HTTP bodies the way replay matches request bodies: JSON by value, XML in canonical form, form
/// fields as a set, anything else by its text or bytes; volatile fields and secrets do not count.
///
/// The provider check compares a recorded response with the one a server gave, and `harness diff` compares the
/// responses of two cassettes, with it.
public struct BodyComparison: Sendable {
    let context: MatchContext

    /// A comparison that ignores `volatile` fields and compares secrets (by `redaction`) in redacted form.
    ///
    /// - Throws: ``CassetteError/invalidField(text:reason:)`` when a volatile XPath does not compile.
    public init(
        volatile: [FieldRule] = [], redaction: RedactionRules = .default, namespaces: [String: String] = [:]
    ) throws(CassetteError) {
        let context = MatchContext(volatile: volatile, secrets: redaction, namespaces: namespaces)
        try context.validate()
        self.context = context
    }

    init(context: MatchContext) {
        self.context = context
    }

    /// What differs between `expected` and `actual`, each read by its `Content-Type` (or by sniffing when there is
    /// none): empty when they are equal. Fields are named `body json:<pointer>`, `body xpath:<path>`,
    /// `body form:<name>` or `body`; at most 100 differences per body.
    public func differences(
        expected: Data, expectedType: String?, actual: Data, actualType: String?
    ) -> [FieldDifference] {
        let normalizer = Normalizer(matcher: .body, context: context)
        func key(_ body: Data, _ type: String?) -> BodyKey {
            var replacer = SecretReplacer(rules: context.secrets, table: PlaceholderTable(numbered: false))
            return normalizer.bodyKey(body: body, contentType: type, matcher: .automatic, replacer: &replacer)
        }
        let mine = key(expected, expectedType)
        let theirs = key(actual, actualType)
        guard mine != theirs else { return [] }
        switch (mine, theirs) {
        case (.json(let left), .json(let right)):
            return left.differences(from: right, limit: 100).map {
                FieldDifference(field: "body json:\($0.pointer)", expected: $0.expected, actual: $0.actual)
            }
        case (.xml(let left), .xml(let right)):
            return left.differences(from: right, limit: 100).map {
                FieldDifference(field: "body xpath:\($0.path)", expected: $0.expected, actual: $0.actual)
            }
        case (.empty, _), (_, .empty):
            return [
                FieldDifference(
                    field: "body", expected: mine == .empty ? "missing" : mine.kindName,
                    actual: theirs == .empty ? "missing" : theirs.kindName)
            ]
        default:
            let found = NormalizedRequest.bodyDifferences(mine, theirs)
            return found.isEmpty
                ? [FieldDifference(field: "body", expected: "\(expected.count) bytes", actual: "\(actual.count) bytes")]
                : found
        }
    }
}
