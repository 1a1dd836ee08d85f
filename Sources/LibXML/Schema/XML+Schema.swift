internal import CLibXML2
public import Foundation

extension XML {
    /// A compiled XSD. Immutable after compiling, so one schema validates documents from many tasks at once
    /// (each validation uses its own libxml2 validation context).
    public final class Schema: @unchecked Sendable {
        // Invariant for @unchecked Sendable: `pointer` is written once by xmlSchemaParse, only read by
        // xmlSchemaNewValidCtxt afterwards, and freed once in deinit (after the pooled validation contexts).
        private let pointer: xmlSchemaPtr
        /// Validation contexts kept for the next validation (one validation uses one at a time).
        private let validContexts = ContextPool<xmlSchemaValidCtxtPtr> { xmlSchemaFreeValidCtxt($0) }
        /// The file the schema was compiled from.
        public let file: URL

        /// Compiles the schema at `url`, resolving `xs:include` and `xs:import` relative to it.
        ///
        /// - Throws: ``XML/Error/schemaNotCompiled(file:diagnostics:)`` naming the file with libxml2's messages,
        ///   when the file is missing, is not XML, or is not a valid schema.
        public init(contentsOf url: URL) throws(XML.Error) {
            XML.initialize()
            let path = url.standardizedFileURL.path
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw .schemaNotCompiled(
                    file: path,
                    diagnostics: [Diagnostic(file: path, line: 0, message: "no such file, or it cannot be read")]
                )
            }
            guard let context = xmlSchemaNewParserCtxt(path) else {
                throw .schemaNotCompiled(
                    file: path, diagnostics: [Diagnostic(file: path, line: 0, message: "out of memory")])
            }
            defer { xmlSchemaFreeParserCtxt(context) }
            let errors = ErrorCollector()
            errors.file = path
            let box = Unmanaged.passRetained(errors)
            defer { box.release() }
            xmlSchemaSetParserStructuredErrors(
                context,
                { userData, error in
                    guard let userData, let error else { return }
                    Unmanaged<ErrorCollector>.fromOpaque(userData).takeUnretainedValue().append(error.pointee)
                },
                box.toOpaque()
            )
            guard let schema = xmlSchemaParse(context), errors.diagnostics.isEmpty else {
                throw .schemaNotCompiled(
                    file: path,
                    diagnostics: errors.diagnostics.isEmpty
                        ? [Diagnostic(file: path, line: 0, message: "libxml2 could not compile the schema")]
                        : errors.diagnostics
                )
            }
            self.pointer = schema
            self.file = URL(fileURLWithPath: path)
        }

        deinit {
            validContexts.removeAll()
            xmlSchemaFree(pointer)
        }

        /// Validates a parsed document and returns every error libxml2 finds, each with its line and message;
        /// an empty array means the document is valid. The validation context is reused by the next validation
        /// (libxml2 clears it at the end of each run).
        public func validate(_ document: Document) -> [Diagnostic] {
            guard let context = validContexts.take() ?? xmlSchemaNewValidCtxt(pointer) else {
                return [Diagnostic(line: 0, message: "cannot create a validation context (out of memory)")]
            }
            defer {
                xmlSchemaSetValidStructuredErrors(context, nil, nil)
                validContexts.putBack(context)
            }
            let errors = ErrorCollector()
            let box = Unmanaged.passRetained(errors)
            defer { box.release() }
            xmlSchemaSetValidStructuredErrors(
                context,
                { userData, error in
                    guard let userData, let error else { return }
                    Unmanaged<ErrorCollector>.fromOpaque(userData).takeUnretainedValue().append(error.pointee)
                },
                box.toOpaque()
            )
            let result = xmlSchemaValidateDoc(context, document.pointer)
            if result != 0 && errors.diagnostics.isEmpty {
                return [Diagnostic(line: 0, message: "libxml2 reported the document invalid (code \(result))")]
            }
            return errors.diagnostics
        }

        /// Parses and validates in one step.
        ///
        /// - Throws: ``XML/Error/malformed(_:)`` when the bytes are not well-formed XML.
        public func validate(data: Data, sourceName: String? = nil) throws(XML.Error) -> [Diagnostic] {
            validate(try Document(data: data, sourceName: sourceName))
        }
    }
}
