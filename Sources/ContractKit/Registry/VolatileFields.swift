public import CassetteKit
public import Foundation
public import JSONCore

/// The values a real vendor server generates (its clock, its counters), declared per vendor in
/// `Schemas/<vendor>/<vendor>.openapi.yaml` under the root member `x-volatile`, each with its `x-source`:
///
/// ```yaml
/// x-volatile:
///   - field: created_at            # a member name: that member at any depth of a JSON body
///     x-source: "vendors.md §1: the server's unix time of creation"
///   - field: header:X-Request-Id   # or any field selector (json:/pointer, xpath:…, header:, query:, form:)
///     x-source: "assumed: …"
/// ```
///
/// The provider check, `harness diff` and `harness record --check` ignore these fields, so a cassette recorded
/// against a live server (a real clock) still verifies.
public enum VolatileFields {
    /// How deep a bare member name is looked for (`/name`, `/*/name`, … `/*/*/*/*/*/*/name`).
    package static let nameDepth = 6

    /// The declared volatile fields of every vendor document under `folder`, by vendor. A folder that does not
    /// exist declares none.
    ///
    /// - Throws: ``ContractError/invalidOpenAPI(file:pointer:message:)`` naming the entry that is not a field,
    ///   or the document's syntax error.
    public static func load(folder: URL) throws(ContractError) -> [String: [FieldRule]] {
        let vendors = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        var found: [String: [FieldRule]] = [:]
        for vendor in vendors {
            for name in ["\(vendor).openapi.yaml", "\(vendor).openapi.yml", "\(vendor).openapi.json"] {
                let file = folder.appendingPathComponent(vendor).appendingPathComponent(name)
                guard let document = try SchemaFile.load(path: file.path, required: false) else { continue }
                let rules = try rules(in: document, file: SchemaFile.displayName(file.absoluteString))
                if !rules.isEmpty { found[vendor] = rules }
                break
            }
        }
        return found
    }

    /// The fields `document`'s `x-volatile` declares.
    public static func rules(in document: JSONValue, file: String) throws(ContractError) -> [FieldRule] {
        guard let declared = document["x-volatile"] else { return [] }
        guard let entries = declared.arrayValue else {
            throw .invalidOpenAPI(
                file: file, pointer: "/x-volatile", message: "expected a list of {field, x-source} entries")
        }
        var rules: [FieldRule] = []
        for (index, entry) in entries.enumerated() {
            guard let field = entry["field"]?.stringValue, !field.isEmpty else {
                throw .invalidOpenAPI(
                    file: file, pointer: "/x-volatile/\(index)",
                    message: "expected {field: <member name or field selector>, x-source: …}")
            }
            guard entry["x-source"]?.stringValue?.isEmpty == false else {
                throw .invalidOpenAPI(
                    file: file, pointer: "/x-volatile/\(index)/x-source",
                    message: "say where '\(field)' is documented as server-generated, or 'assumed: <why>'")
            }
            do {
                rules += try Self.rules(for: field)
            } catch {
                throw .invalidOpenAPI(file: file, pointer: "/x-volatile/\(index)/field", message: error.description)
            }
        }
        return rules
    }

    /// A selector as given (`json:/timestamp`), or for a bare member name, that member at every depth.
    static func rules(for field: String) throws(CassetteError) -> [FieldRule] {
        if FieldSelector.prefixes.contains(where: { field.hasPrefix($0) }) {
            return [try FieldRule(parsing: field)]
        }
        let token = field.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        return try (0...nameDepth).map { depth throws(CassetteError) in
            try FieldRule(parsing: "json:" + String(repeating: "/*", count: depth) + "/" + token)
        }
    }
}
