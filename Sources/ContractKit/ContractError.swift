public import Foundation

/// Why ContractKit could not run: a schema that does not compile or resolve, a file that cannot be read.
///
/// A contract check that runs returns ``ContractViolation`` values instead; these errors mean "cannot check".
public enum ContractError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// A `$ref` (or `$dynamicRef`) names a document or a location that does not exist.
    case unresolvableReference(reference: String, file: String, pointer: String)
    /// A schema keyword has a value of the wrong shape (`"minLength": "x"`).
    case invalidSchema(location: String, message: String)
    /// A `pattern` or `patternProperties` key is not a regular expression we can translate.
    case invalidPattern(location: String, pattern: String, message: String)
    /// A YAML document is not well-formed at this position (1-based line and column).
    case yamlSyntax(file: String, line: Int, column: Int, problem: String)
    /// A JSON schema document is not well-formed.
    case jsonSyntax(file: String, message: String)
    /// A file or folder is missing or cannot be read.
    case unreadableFile(path: String, reason: String)
    /// An OpenAPI document does not have the shape the registry reads.
    case invalidOpenAPI(file: String, pointer: String, message: String)
    /// An XSD named by `x-xsd` did not compile.
    case xsdNotCompiled(file: String, details: String)
    /// Schema references loop without consuming the instance (`{"$ref": "#"}`).
    case referenceCycle(location: String)

    /// The message the CLI prints: the file and place that is wrong, and what to change.
    public var description: String {
        switch self {
        case .unresolvableReference(let reference, let file, let pointer):
            "unresolvable $ref '\(reference)' in \(file) at \(pointer.isEmpty ? "/" : pointer): "
                + "no such document, anchor or JSON pointer (check the path under Schemas/ and the pointer)"
        case .invalidSchema(let location, let message):
            "invalid schema at \(location): \(message)"
        case .invalidPattern(let location, let pattern, let message):
            "invalid pattern '\(pattern)' at \(location): \(message)"
        case .yamlSyntax(let file, let line, let column, let problem):
            "YAML syntax error in \(file) at line \(line), column \(column): \(problem)"
        case .jsonSyntax(let file, let message):
            "JSON syntax error in \(file): \(message)"
        case .unreadableFile(let path, let reason):
            "cannot read \(path): \(reason)"
        case .invalidOpenAPI(let file, let pointer, let message):
            "invalid OpenAPI document \(file) at \(pointer.isEmpty ? "/" : pointer): \(message)"
        case .xsdNotCompiled(let file, let details):
            "XSD \(file) did not compile: \(details)"
        case .referenceCycle(let location):
            "schema references loop at \(location) without reaching a keyword that reads the instance"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
