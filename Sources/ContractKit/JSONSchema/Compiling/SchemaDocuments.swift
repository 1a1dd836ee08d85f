public import JSONCore

/// The schema documents a compilation may reference, by absolute URI (without fragment), and a loader for the
/// ones not given up front (files under `Schemas/`, the test suite's remotes).
public struct SchemaDocuments: Sendable {
    /// Loads the document at an absolute URI; returns nil when there is none, throws when it exists but cannot
    /// be read.
    public typealias Loader = @Sendable (_ uri: String) throws(ContractError) -> JSONValue?

    /// The documents given up front, by absolute URI without fragment.
    public var documents: [String: JSONValue]
    /// Loads the documents not in ``documents``; nil resolves nothing else.
    public var loader: Loader?

    /// Documents from `documents` and `loader`; with neither, only the schema's own document resolves.
    public init(_ documents: [String: JSONValue] = [:], loader: Loader? = nil) {
        self.documents = documents
        self.loader = loader
    }

    /// A loader that maps URIs starting with `prefix` to files under `folder` (JSON or YAML by extension).
    public static func files(under folder: String, servedAt prefix: String) -> Loader {
        { uri throws(ContractError) in
            guard uri.hasPrefix(prefix) else { return nil }
            let relative = uri.dropFirst(prefix.count)
            let path = folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
            return try SchemaFile.load(path: path, required: false)
        }
    }
}

/// A place in a schema document: the document's URI and a JSON pointer into it.
struct SchemaLocation: Hashable, Sendable {
    var document: String
    var pointer: [String]

    var key: String { document + "#" + JSONPointer(tokens: pointer).description }

    func appending(_ tokens: String...) -> SchemaLocation {
        SchemaLocation(document: document, pointer: pointer + tokens)
    }
}

/// The keywords whose values are subschemas, by shape: what both the scanner and the compiler walk.
enum SubschemaKeywords {
    static let single: Set<String> = [
        "additionalProperties", "propertyNames", "items", "contains", "not", "if", "then", "else",
        "unevaluatedItems", "unevaluatedProperties", "contentSchema",
    ]
    static let map: Set<String> = ["properties", "patternProperties", "$defs", "dependentSchemas", "definitions"]
    static let array: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]

    /// The pointer tokens of every direct subschema of `object`.
    static func children(of object: JSONObject) -> [[String]] {
        var result: [[String]] = []
        for (key, value) in object {
            if single.contains(key) {
                result.append([key])
            } else if map.contains(key), case .object(let members) = value {
                for member in members { result.append([key, member.key]) }
            } else if array.contains(key), case .array(let elements) = value {
                for index in elements.indices { result.append([key, String(index)]) }
            }
        }
        return result
    }
}
