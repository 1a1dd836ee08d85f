public import JSONCore

/// A compiled JSON Schema (draft 2020-12). Compile once, validate many: the schema's JSON is read only when
/// compiling; validation walks the compiled program.
///
/// ```swift
/// let schema = try JSONSchema(["type": "object", "required": ["events"]])
/// let violations = schema.validate(instance)   // [] when the instance is valid
/// ```
public struct JSONSchema: Sendable {
    /// How a schema is compiled and applied.
    public struct Options: Sendable {
        /// Whether `format` asserts (2020-12 makes it an annotation by default; contracts want it to assert).
        public var formatAssertion: Bool

        /// Options; by default `format` asserts.
        public init(formatAssertion: Bool = true) {
            self.formatAssertion = formatAssertion
        }
    }

    let program: SchemaProgram

    /// Compiles a schema given as a value. `baseURI` is its identifier for relative `$ref`s; `documents` holds
    /// (or loads) the other documents it references.
    ///
    /// - Throws: ``ContractError/unresolvableReference(reference:file:pointer:)``,
    ///   ``ContractError/invalidSchema(location:message:)`` or ``ContractError/invalidPattern(location:pattern:message:)``.
    public init(
        _ schema: JSONValue,
        baseURI: String = "urn:contractharness:schema",
        documents: SchemaDocuments = SchemaDocuments(),
        options: Options = Options()
    ) throws(ContractError) {
        var documents = documents
        documents.documents[baseURI] = schema
        try self.init(at: baseURI, documents: documents, options: options)
    }

    /// Compiles the schema at `uri` (a document URI, optionally with a `#/json/pointer` or `#anchor` fragment)
    /// found in or loaded through `documents`.
    public init(
        at uri: String,
        documents: SchemaDocuments,
        options: Options = Options()
    ) throws(ContractError) {
        let compiler = SchemaCompiler(documents: documents, formatAssertion: options.formatAssertion)
        program = try compiler.compileRoot(uri)
    }

    /// Every violation of the schema by `instance`; empty when it is valid.
    public func validate(_ instance: JSONValue) -> [SchemaViolation] {
        var evaluation = Evaluation(program: program, collecting: true)
        var annotations: Annotations? = nil
        _ = evaluation.evaluate(program.root, instance, &annotations)
        return evaluation.violations
    }

    /// Whether `instance` is valid: the same verdict as `validate(_:).isEmpty`, faster (stops at the first
    /// violation and builds no messages).
    public func isValid(_ instance: JSONValue) -> Bool {
        var evaluation = Evaluation(program: program, collecting: false)
        var annotations: Annotations? = nil
        return evaluation.evaluate(program.root, instance, &annotations)
    }
}

/// One way an instance breaks a schema.
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// Where in the instance (`/events/0/eventTimestamp`).
    public var instanceLocation: JSONPointer
    /// Which keyword failed: the schema document and the pointer to the keyword (`…openapi.yaml#/…/type`).
    public var schemaLocation: String
    /// What the schema expects, in words (`string`, `at most 10 items`).
    public var expected: String
    /// What the instance has (`number 12`, `11 items`).
    public var actual: String

    /// A violation from its parts.
    public init(instanceLocation: JSONPointer, schemaLocation: String, expected: String, actual: String) {
        self.instanceLocation = instanceLocation
        self.schemaLocation = schemaLocation
        self.expected = expected
        self.actual = actual
    }

    /// `expected …, found …`.
    public var message: String { "expected \(expected), found \(actual)" }

    /// One line: `/pointer: expected …, found … (schema location)`; the root is `/`.
    public var description: String {
        let location = instanceLocation.tokens.isEmpty ? "/" : instanceLocation.description
        return "\(location): \(message) (\(schemaLocation))"
    }
}
